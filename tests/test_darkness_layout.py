"""The drawn state and params rows in simcore/darkness/layout.py match the offsets."""
import inspect
import re

from simcore.darkness import layout as L


def _boxes(doc):
    """(offset text, field label) pairs of the drawing: an offsets line above each box row."""
    lines = doc.split("\n")
    out = []
    for i, line in enumerate(lines[:-2]):
        if lines[i + 1].strip().startswith("+-") and lines[i + 2].strip().startswith("|"):
            offs = line.split()
            labels = [x.strip() for x in lines[i + 2].strip().strip("|").split("|")]
            assert len(offs) == len(labels), (line, lines[i + 2])
            out.extend(zip(offs, labels))
    return out


def test_drawing_matches_offsets():
    drawn = {}
    for off, label in _boxes(L.__doc__):
        name = re.match(r"(\w+)", label).group(1)
        start = int(off.split("..")[0])
        assert getattr(L, name) == start, (name, start)
        drawn[name] = start
    # every field laid out with _a() is drawn, state and params alike
    fields = re.findall(r"^(\w+) = _a\(", inspect.getsource(L), re.MULTILINE)
    assert fields and set(fields) == set(drawn)
    assert L.LOC_OF + L.NKIND == L.STATE_SIZE
    assert L.P_SMUGGLER_PRO == L.P_TIEBREAK + L.NTIEBREAK == L.PARAMS_SIZE - 1
