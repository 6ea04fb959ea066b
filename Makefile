# darkbalance: `make test` (set-up + tests), `make report` (set-up + the main job)
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-$(shell cat pyproject.toml | sha1sum | cut -c1-12)

.PHONY: install test report bench lint clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

# pip byte-compiles every installed file on one core (about 45 s of a 77 s install);
# compileall does it on every core and skips the packages' own test suites (about 15 s).
# Runs need the .pyc files on disk: with PYTHONDONTWRITEBYTECODE=1 (set on this machine,
# and CI runs on one like it) Python never writes them, and each process would compile
# pandas, numba, ... afresh (--no-compile alone: install -37 s, tests +25-35 s)
$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet --no-compile -e ".[dev]"
	$(PY) -m compileall -q -j 0 -x '/tests?/' $(VENV)/lib > /dev/null
	rm -f $(VENV)/.installed-*
	touch $(STAMP)

install: $(STAMP)

test: install
	$(PY) -m pytest -q

report: install
	$(VENV)/bin/darkbalance report --profile quick

bench: install
	-$(PY) -m pip install --quiet -e ".[bench]" || echo "open_spiel unavailable: peer ratios skipped"
	$(VENV)/bin/darkbalance bench --json results/bench.json

lint: install
	$(VENV)/bin/ruff check .

clean:
	rm -rf $(VENV) .pytest_cache results/report
