"""Darkleaf Gambit actions in the rulebook's words (Python side, for replays and logs).

``describe(state, params, action)`` reads the state *before* the action is applied and names
the acting clan (the seat's clan) and what it concretely does: which unit journeys from where
to where on which roll, which rival unit a deed targets and what it needs, which slot takes the
bone and whether that completes a skill.  Squares are chess names with a1 at seat 0's left
corner (seat 0's Seat is rank 1); directions are the acting seat's own (forward, back-left...).
It never raises: an unexpected state falls back to the plain action name.
"""
from __future__ import annotations

from simcore.darkleaf import layout as L

FILES = "abcdefgh"
DIRS = ("forward", "forward-right", "right", "back-right", "back", "back-left", "left",
        "forward-left")
TYPES = ("pawn", "knight", "sage", "rook", "queen", "king")
CLAN = ("Hexen", "Wildero Wibo", "The Murg", "Ferrymen", "Erde", "Huldra")  # as a subject
CLAN_ADJ = ("Hexen", "Wibo", "Murg", "Ferrymen", "Erde", "Huldra")  # before a unit name
SKILLS = (
    ("Poison Garden", "Witch's Ladder", "Haggedorn Hoc Vult", "Waxing Moon",
     "Celestial Compass"),
    ("Hallucinogenic Spores", "Rival Regrowth", "Starter Seed", "Scatter", "The Endless"),
    ("Iron Plating", "Predictive Model", "Electromagnetic Loop", "Assassin",
     "Technological Singularity"),
    ("Unrelenting Tide", "Master the Current", "Eddy", "Big Wave", "Calm Waters"),
    ("Banish", "That Which Cannot Be Destroyed", "Metamorphic", "Sink", "One With the Land"),
    ("Long Bow", "Pivot", "Renewal", "Tweak", "Adapt"),
)
SKILL_KINDS = ("Miracle", "Relic", "Aura", "Law")
AURAS = ((L.AU_IRON, "Iron Plating"), (L.AU_LONGBOW, "Long Bow"), (L.AU_PIVOT, "Pivot"),
         (L.AU_ASSASSIN, "Assassin"), (L.AU_BARBARIC, "Barbaric"),
         (L.AU_RIPPLE, "Ripple Effect"))
DEEDS = {L.MURG: "Destroy", L.ERDE: "Reclaim", L.WIBO: "Morph", L.HULDRA: "Hunt",
         L.FERRY: "Flow", L.HEXEN: "Hex"}
_DR = (1, 1, 0, -1, -1, -1, 0, 1)
_DF = (0, 1, 1, 1, 0, -1, -1, -1)
_CENTER = (27, 28, 35, 36)


# ---- geometry and names --------------------------------------------------------------------
def sqn(sq: int) -> str:
    """Chess name of a territory (0 -> a1, 63 -> h8)."""
    sq = int(sq)
    if not 0 <= sq < 64:
        return "off Haggedorn"
    return FILES[sq % 8] + str(sq // 8 + 1)


def _nxt(sq: int, seat: int, d: int) -> int:
    s = 1 if seat == 0 else -1
    r = sq // 8 + s * _DR[d]
    f = sq % 8 + s * _DF[d]
    if r < 0 or r > 7 or f < 0 or f > 7:
        return -1
    return r * 8 + f


def _rel_rank(sq: int, seat: int) -> int:
    return sq // 8 if seat == 0 else 7 - sq // 8


def _dir_dist(seat: int, a: int, b: int):
    """(direction relative to seat, distance) of the straight line a -> b, or (-1, 0)."""
    s = 1 if seat == 0 else -1
    dr = (b // 8 - a // 8) * s
    df = (b % 8 - a % 8) * s
    if (dr == 0 and df == 0) or (dr != 0 and df != 0 and abs(dr) != abs(df)):
        return -1, 0
    n = abs(dr) if dr != 0 else abs(df)
    ur = (dr > 0) - (dr < 0)
    uf = (df > 0) - (df < 0)
    for d in range(8):
        if _DR[d] == ur and _DF[d] == uf:
            return d, n
    return -1, 0


class _Ctx:
    """The state, params and acting seat, with the lookups every phrase needs."""

    def __init__(self, state, params):
        self.s = state
        self.p = params
        self.seat = int(state[L.CUR])
        self.rv = 1 - self.seat
        self.cl = self.clan(self.seat)
        self.me = CLAN[self.cl]

    def v(self, off: int) -> int:
        return int(self.s[off])

    def clan(self, seat: int) -> int:
        return int(self.p[L.P_CLAN + seat])

    def cell(self, sq: int) -> int:
        return int(self.s[L.BOARD + sq]) if 0 <= sq < 64 else 0

    def unit(self, sq: int, where: bool = True) -> str:
        """'the Huldra pawn on b3' (or 'empty b3')."""
        c = self.cell(sq)
        if c == 0:
            return f"the empty territory {sqn(sq)}"
        seat, t = (c - 1) // 6, (c - 1) % 6
        name = f"{CLAN_ADJ[self.clan(seat)]} {TYPES[t]}"
        return f"the {name} on {sqn(sq)}" if where else f"the {name}"

    def own(self, sq: int) -> str:
        """'Huldra pawn on b3' as the subject of a sentence."""
        c = self.cell(sq)
        if c == 0:
            return f"{self.me} (no unit on {sqn(sq)})"
        t = (c - 1) % 6
        return f"{CLAN[self.cl]} {TYPES[t]} on {sqn(sq)}"

    def type_at(self, sq: int) -> int:
        c = self.cell(sq)
        return (c - 1) % 6 if c else -1

    def seat_at(self, sq: int) -> int:
        c = self.cell(sq)
        return (c - 1) // 6 if c else -1

    def skill(self, r: int, seat: int | None = None) -> str:
        cl = self.cl if seat is None else self.clan(seat)
        return SKILLS[cl][r] if 0 <= r < 5 else f"skill {r}"

    def skill_kind(self, r: int) -> str:
        return SKILL_KINDS[L.SKILL_KIND[self.cl][r]]

    def roll(self) -> int:
        return self.v(L.ROLLV)

    def bone(self) -> str:
        v = self.v(L.HAND_V)
        if v <= 0:
            return f"bone {self.roll()}"
        return f"bone {v}" + (" (the rival's bone, Adapt)" if self.v(L.HAND_F) else "")

    def needs(self, base: int) -> str:
        return f"needs {base + self.v(L.DEEDMOD)}+"


# ---- phrases shared by several decisions ---------------------------------------------------
def _slot(c: _Ctx, a: int, setup: bool) -> str:
    i = a - L.A_SLOT
    r, q = i // 4, i % 4
    n = int(c.p[L.P_NSLOT + c.seat * 5 + r])
    filled = sum(1 for k in range(n) if c.s[L.SLOTS + c.seat * 20 + r * 4 + k] != 0)
    what = "handicap " if setup else ""
    text = f"{c.me} slot {what}{c.bone()} in {c.skill(r)} slot {q + 1}"
    if filled + 1 >= n:
        kind = c.skill_kind(r)
        if kind == "Relic":
            gain = "earn a relic token"
        elif kind == "Law":
            gain = "the Law takes effect"
        elif kind == "Aura":
            gain = "attach the aura"
        else:
            gain = "execute the miracle"
        text += f", completing {c.skill(r)} ({kind}: {gain}; its bones return to the pool)"
    else:
        text += f" ({filled + 1} of {n} slots filled)"
    return text


def _return_row(c: _Ctx, a: int) -> str:
    r = a - L.A_RETURN
    return (f"{c.me} return the bones slotted in {c.skill(r)} to the pool (the skill is no "
            "longer applicable)")


def _flow_path(c: _Ctx, victim: int, d: int, k: int) -> str:
    """Where a Flow of k territories in direction d takes the unit on victim."""
    vt = c.type_at(victim)
    if vt == L.QUEEN and c.clan(c.seat_at(victim)) == L.WIBO:
        k = 1  # Deep Roots
    cur = victim
    for _ in range(k):
        n = _nxt(cur, c.seat, d)
        if n < 0:
            return "off Haggedorn's edge"
        cur = n
    return f"to {sqn(cur)}"


def _journey(c: _Ctx, a: int) -> str:
    origin = c.v(L.SEL)
    pts = c.v(L.JPTS)
    t = c.type_at(origin)
    who = c.own(origin).rsplit(" on ", 1)[0]
    if a == origin:  # Calm Waters: a zero journey
        return f"{who} on {sqn(origin)} journeys 0 territories (roll {c.roll()}, Calm Waters)"
    wrapped = False
    if c.cl == L.FERRY and t in (L.PAWN, L.SAGE) and a % 8 == origin % 8 and \
            _rel_rank(a, c.seat) < _rel_rank(origin, c.seat):
        wrapped = True
        d, dist = 0, 7 - _rel_rank(origin, c.seat) + 1 + _rel_rank(a, c.seat)
    else:
        d, dist = _dir_dist(c.seat, origin, a)
    way = DIRS[d] if d >= 0 else "across"
    text = f"{who} journeys {sqn(origin)} -> {sqn(a)} ({dist} {way}"
    if c.cl == L.HEXEN:
        rd = (pts - 1) % 8
        how = ""
        if d >= 0 and d != rd:
            how = ", Two-Headed Snake" if t == L.KNIGHT and d == (rd + 4) % 8 else \
                ", Celestial Compass"
        text += f", direction roll {pts}: {DIRS[rd]}{how})"
    elif c.cl == L.ERDE:
        text += f", roll {c.roll()}, {pts} left to split)"
    elif c.cl == L.FERRY and c.v(L.LAW + c.seat) and pts != c.roll():
        text += f", roll {c.roll()}, Calm Waters {pts})"
    elif c.cl == L.WIBO and t == L.QUEEN:
        text += ", Deep Roots)"
    else:
        text += f", roll {c.roll()})"
    occ = c.cell(a)
    if occ:
        if c.cl == L.FERRY:
            text += f", landing upon {c.unit(a, False)} (Flow)"
        elif c.cl == L.MURG:
            text += f"; Ambush: Destroy {c.unit(a, False)}"
        elif c.cl == L.WIBO:
            text = f"Wildero Wibo queen on {sqn(origin)} swaps places with the Wibo pawn on " \
                   f"{sqn(a)} (Deep Roots)"
    if wrapped:
        text += ", crossing from The Range to The Seat"
    if c.cl == L.ERDE and t == L.KING and a in _CENTER and c.v(L.RECL) == 15:
        text += ": the king enters the Reclaimed center (Path to Victory)"
    if c.cl == L.WIBO and c.v(L.INTENT) == L.I_DEED:
        text += f" (Morph declared on {c.unit(c.v(L.TGT))})"
    return text


# ---- one function per pending decision ------------------------------------------------------
def _upkeep(c: _Ctx, a: int) -> str:
    if a == L.A_DONE:
        return f"{c.me} end Upkeep"
    if a == L.A_WILL:
        mode = "Curses" if int(c.p[L.P_WILL_MODE]) else "Blessings"
        return f"{c.me} activate Haggedorn's Will: spend the Will token and roll the d12 " \
               f"({mode})"
    if a >= L.A_RETURN:
        return _return_row(c, a)
    k = a - L.A_SPEND
    what = {
        (L.MURG, 1): "roll first, then declare intent to journey or Destroy",
        (L.MURG, 2): "take 2 turns in a row",
        (L.FERRY, 0): "slide the rival royal in 1 direction",
        (L.ERDE, 0): "relocate all rival units from the center 4 territories to The Woods",
    }.get((c.cl, k), "activate the skill")
    return f"{c.me} spend {_a(c.skill(k))} relic token ({what})"


def _intent(c: _Ctx, a: int) -> str:
    rolled = f" (roll {c.roll()})" if c.v(L.ROLLS) > 0 else ""
    if a == L.A_JOURNEY:
        return f"{c.me} declare intent: journey{rolled}"
    if a == L.A_DEED:
        return f"{c.me} declare intent: {DEEDS.get(c.cl, 'deed')}{rolled}"
    return f"{c.me} take neither journey nor deed{rolled}; the bone goes to Slot Bones"


def _deed_unit(c: _Ctx, a: int) -> str:
    if c.cl == L.ERDE:
        thr = int(c.p[L.P_ERDE_RECLAIM_LAW if c.v(L.LAW + c.seat) else L.P_ERDE_RECLAIM])
        return f"{c.own(a)} rolls to Reclaim {sqn(a)} ({c.needs(thr)})"
    if c.cl == L.WIBO:
        return f"{c.own(a)} will journey and then Morph"
    return f"{c.own(a)} will attempt to {DEEDS.get(c.cl, 'deed')}"


def _murg_need(c: _Ctx, tg: int, lock: bool) -> str:
    vt = c.type_at(tg)
    if lock:
        base = int(c.p[L.P_MURG_LOCK])
    elif vt in (L.QUEEN, L.KING):
        base = int(c.p[L.P_MURG_ROYAL_LAW if c.v(L.LAW + c.seat) else L.P_MURG_ROYAL])
    else:
        base = int(c.p[L.P_MURG_DESTROY])
    return c.needs(base)


def _deed_tgt(c: _Ctx, a: int) -> str:
    sel = c.v(L.SEL)
    if c.cl == L.WIBO:
        return f"{c.own(sel)} declares Morph on {c.unit(a)} (journey first, then a Morph roll)"
    rolled = f", roll {c.roll()}" if c.v(L.ROLLS) > 0 else ""
    return f"{c.own(sel)} attempts to Destroy {c.unit(a)} ({_murg_need(c, a, False)}{rolled})"


def _deed_tgt2(c: _Ctx, a: int) -> str:
    sel, tg = c.v(L.SEL), c.v(L.TGT)
    if a == L.A_DONE:
        return f"{c.own(sel)} attempts to Destroy {c.unit(tg)} alone " \
               f"({_murg_need(c, tg, False)})"
    return f"Target Lock: {c.own(sel)} attempts to Destroy {c.unit(tg)} and {c.unit(a)} " \
           f"({_murg_need(c, a, True)})"


def _unit(c: _Ctx, a: int) -> str:
    if a == L.A_DONE:
        return f"{c.me} cancel the journey (roll {c.roll()})"
    if a == L.A_SPEND + 2:
        return f"{c.me} spend a Metamorphic relic token (split the journey between 3 units)"
    pts = c.v(L.JPTS)
    if c.cl == L.HEXEN:
        return f"{c.own(a)} will journey (direction roll {pts}: {DIRS[(pts - 1) % 8]})"
    if c.cl == L.ERDE and c.v(L.JN) > 0:
        return f"{c.own(a)} takes the rest of the split journey ({pts} left)"
    return f"{c.own(a)} will journey (roll {pts})"


def _flow(c: _Ctx, a: int) -> str:
    if a == L.A_DONE:
        return f"{c.me} do not Flow"
    k, d = (2, a - L.A_DIR2) if a >= L.A_DIR2 else (1, a - L.A_DIR)
    src = c.v(L.SEL)
    victim = _nxt(src, c.seat, d) if c.v(L.AUX) == 2 else c.v(L.TGT)
    barb = " (Barbaric)" if k == 2 else ""
    terr = "territory" if k == 1 else "territories"
    return f"{c.me} Flow {c.unit(victim)} {k} {terr} {DIRS[d]}{barb}, " \
           f"{_flow_path(c, victim, d, k)}"


def _aura_choice(c: _Ctx, a: int) -> str:
    if a == L.A_YES:
        return f"{c.own(c.v(L.SEL))} crosses from The Range to The Seat and takes the Barbaric " \
               "aura (Flow may push 2 territories)"
    return f"{c.own(c.v(L.SEL))} crosses from The Range to The Seat and takes the Ripple " \
           "Effect aura (Flow may push 2 units in a line)"


def _morph(c: _Ctx, a: int) -> str:
    j, tg = c.v(L.JUNIT), c.v(L.TGT)
    if a == L.A_DONE:
        return f"{c.me} do not attempt the Morph on {c.unit(tg)}"
    if a == L.A_SPEND + 2:
        return f"{c.me} spend a Starter Seed relic token: {c.own(j)} Morphs {c.unit(tg)} " \
               "without a roll"
    return f"{c.own(j)} rolls to Morph {c.unit(tg)} ({c.needs(int(c.p[L.P_WIBO_MORPH]))})"


def _retreat(c: _Ctx, a: int) -> str:
    hasty = (c.v(L.TFLAGS) & L.TF_HASTY) != 0
    np0 = c.v(L.NP0)
    if a == L.A_DONE:
        return f"{c.me} do not retreat the new Wibo pawn" + (f" on {sqn(np0)}" if np0 >= 0
                                                              else "")
    if hasty and a != L.A_JOURNEY:
        return f"Hasty Retreat: {c.own(c.v(L.JUNIT))} and the new pawn roll to retreat together"
    return "the new Wibo pawn" + (f" on {sqn(np0)}" if np0 >= 0 else "") + " rolls to retreat"


def _retreat_dest(c: _Ctx, a: int) -> str:
    hasty = (c.v(L.TFLAGS) & L.TF_HASTY) != 0
    src = c.v(L.JUNIT) if hasty else c.v(L.NP0)
    if a == L.A_DONE:
        return f"{c.me} stay put: no retreat (roll {c.v(L.JPTS)})"
    d, dist = _dir_dist(c.seat, src, a)
    way = f"{dist} {DIRS[d]}, " if d >= 0 else ""
    if hasty:
        return f"Hasty Retreat: {c.own(src)} retreats to {sqn(a)} ({way}roll " \
               f"{c.v(L.JPTS)}); the new pawn resumes play neighboring it"
    return f"the new Wibo pawn retreats {sqn(src)} -> {sqn(a)} ({way}roll {c.v(L.JPTS)})"


def _hex(c: _Ctx, a: int) -> str:
    if a == L.A_DONE:
        return f"{c.me} cast no more Hexes"
    k = a - L.A_SPEND
    return f"{c.me} spend {_a(c.skill(k))} relic token to cast it"


def _hex_order(c: _Ctx, a: int) -> str:
    """Hexes due together: which kind comes off (and resolves) first."""
    ladders = [sqn(sq) for sq in range(64) if c.v(L.LADDER + sq) == 1]
    gardens = [sqn(sq) for sq in range(64) if c.v(L.PG + sq) == 1]
    lw = f"Witch's Ladder{'s' if len(ladders) > 1 else ''} on {', '.join(ladders)}"
    gw = f"Poison Garden{'s' if len(gardens) > 1 else ''} on {', '.join(gardens)}"
    first, then = (gw, lw) if a == L.A_SPEND + L.PG_ else (lw, gw)
    return f"{c.me} remove the last Hex counters in their order: {first} resolve first, " \
           f"then {then}"


def _hex_caster(c: _Ctx, a: int) -> str:
    if c.v(L.PEND) == L.PG_:
        fast = c.type_at(a) == L.QUEEN
        rounds = int(c.p[L.P_PG_FAST if fast else L.P_PG_ROUNDS])
        extra = ", Master Gardener" if fast else ""
        return f"{c.own(a)} casts Poison Garden on {sqn(a)} (rival units on or adjacent to " \
               f"it are vanquished in {rounds} rounds{extra})"
    return f"{c.own(a)} casts Witch's Ladder"


def _wl_tgt(c: _Ctx, a: int) -> str:
    rounds = int(c.p[L.P_WL_ROUNDS])
    free = (c.v(L.TFLAGS) & L.TF_WLPOP) != 0
    if a == L.A_DONE:
        return f"{c.me} cast no second Witch's Ladder (Place of Power)"
    pre = "Place of Power: a second " if free else ""
    return f"{pre}Witch's Ladder from {c.unit(c.v(L.SEL2))} marks {c.unit(a)} " \
           f"(vanquished in {rounds} rounds)"


def _slot_dec(c: _Ctx, a: int) -> str:
    if a == L.A_DONE:
        return f"{c.me} return {c.bone()} to the pool without slotting it"
    if a >= L.A_RETURN:
        return _return_row(c, a)
    return _slot(c, a, False)


def _pick(c: _Ctx, a: int) -> str:
    r, st = c.v(L.PEND), c.v(L.PSTEP)
    sk = c.skill(r)
    if a == L.A_DONE:
        if c.cl == L.FERRY and r == 1 and st == 1:
            return f"{sk}: Flow only {c.unit(c.v(L.SEL))}"
        return f"{sk}: no unit to choose"
    if c.cl == L.MURG:
        if r == 3 and st == 1:
            return f"The Murg sacrifice {c.unit(a)} and rekindle a sage with the Assassin " \
                   "aura in its place (clan trait)"
        return f"{sk} aura on {c.unit(a)}"
    if c.cl == L.HULDRA:
        return f"{sk} aura on {c.unit(a)}"
    if c.cl == L.HEXEN:
        return f"{sk}: relocate {c.unit(a)}"
    if c.cl == L.WIBO:
        if r == 0:
            return f"{sk}: relocate {c.unit(a)}"
        au = int(c.s[L.AURA + a]) & L.AURA_MASK
        first = au & -au
        name = next((n for bit, n in AURAS if bit == first), "an")
        return f"{sk}: remove the {name} aura from {c.unit(a)}"
    if c.cl == L.FERRY:
        if r == 1:
            return f"{sk}: " + ("first" if st == 0 else "second") + f" pawn {c.unit(a)}"
        if st == 0:
            return f"{sk}: swap {c.unit(a)}"
        return f"{sk}: swap {c.unit(c.v(L.SEL))} with {c.unit(a)}"
    if c.cl == L.ERDE:
        return f"{sk}: vanquish {c.unit(a)}"
    return f"{sk}: choose {c.unit(a)}"


def _place(c: _Ctx, a: int) -> str:
    r = c.v(L.PEND)
    sk = c.skill(r)
    if a == L.A_DONE:
        return f"{sk}: no territory to place on"
    if c.cl == L.WIBO and r == 1:
        return f"{sk}: rekindle a {CLAN_ADJ[c.clan(c.rv)]} pawn on {sqn(a)} (adjacent to the " \
               "Wibo rook; it cannot be used or moved next turn)"
    if c.cl == L.ERDE and r == 1:
        return f"{sk}: rekindle an Erde pawn on {sqn(a)} (adjacent to the Erde rook)"
    sel = c.v(L.SEL)
    return f"{sk}: relocate {c.unit(sel)} to {sqn(a)}"


def _dir(c: _Ctx, a: int) -> str:
    tide = c.cl == L.FERRY and c.v(L.PEND) == 0
    if tide:
        if a == L.A_DONE:
            return "Unrelenting Tide: the rival royal cannot slide"
        d = a - L.A_DIR
        q = -1
        rt = L.QUEEN if c.clan(c.rv) in (L.HULDRA, L.WIBO, L.HEXEN) else L.KING
        for sq in range(64):
            if c.seat_at(sq) == c.rv and c.type_at(sq) == rt:
                q = sq
        cur, k = q, 0
        cap = 1 if c.clan(c.rv) == L.WIBO else 64
        while q >= 0 and k < cap:
            n = _nxt(cur, c.seat, d)
            if n < 0 or c.cell(n) != 0 or (
                    c.clan(c.rv) != L.ERDE and n in _CENTER
                    and c.v(L.RECL) & (1 << _CENTER.index(n))):
                break
            cur, k = n, k + 1
        return f"Unrelenting Tide: slide {c.unit(q)} {DIRS[d]} to {sqn(cur)} (it cannot " \
               "journey or relocate next turn)"
    if a == L.A_DONE:
        return "Master the Current: no direction to Flow"
    d = a - L.A_DIR
    pawns = " and ".join(c.unit(s) for s in (c.v(L.SEL), c.v(L.SEL2)) if s >= 0)
    return f"Master the Current: Flow {pawns} 1 territory {DIRS[d]}"


def _huldra(c: _Ctx, a: int) -> str:
    v = c.roll()
    if a == L.A_JOURNEY:
        return f"Huldra apply roll {v} to journey"
    if a == L.A_DEED:
        return f"Huldra apply roll {v} to Hunt"
    if a == L.A_LEAP:
        return f"Huldra queen Leaps (roll {v}): relocate her next to the Huldra rook"
    if a == L.A_SPEND + 3:
        return f"Huldra spend a Tweak relic token: reroll the bone of roll {v}"
    return f"Huldra neither journey, Hunt nor Leap (roll {v})"


def _hunt_unit(c: _Ctx, a: int) -> str:
    return f"{c.own(a)} will Hunt (roll {c.v(L.JPTS)})"


def _hunt_tgt(c: _Ctx, a: int, pivot: bool) -> str:
    sel = c.v(L.SEL)
    if a == L.A_DONE:
        return f"Pivot: {c.own(sel)} does not Hunt with the remaining {c.v(L.TGT2)}"
    _, dist = _dir_dist(c.seat, sel, a)
    vt = c.type_at(a)
    pre = f"Pivot: {c.own(sel)} ends its journey early and Hunts" if pivot else \
        f"{c.own(sel)} Hunts"
    left = f"{c.v(L.TGT2)} of the roll left" if pivot else f"roll {c.v(L.TGT2)}"
    text = f"{pre} {c.unit(a)} (distance {dist}, {left})"
    if vt in (L.QUEEN, L.KING):
        marks = c.v(L.MARKS + c.rv) + 1
        text += f": mark the rival royal ({marks} of {int(c.p[L.P_HUNT_MARKS])})"
    elif int(c.s[L.AURA + a]) & L.AU_IRON:
        text += ": its Iron Plating is removed instead"
    else:
        text += ": vanquish it"
    return text


def _reloc(c: _Ctx, a: int) -> str:
    cell = c.v(L.LIMBO)
    mode = c.v(L.LIMBO + 4)
    anchor = c.v(L.LIMBO + 5)
    if cell:
        seat, t = (cell - 1) // 6, (cell - 1) % 6
        who = f"the {CLAN_ADJ[c.clan(seat)]} {TYPES[t]}"
    else:
        who = "a unit"
    m = mode & 15
    if m == L.PM_SEAT:
        why = f"in the {CLAN_ADJ[c.clan(anchor)]} Seat" if anchor in (0, 1) else "in The Seat"
    elif m == L.PM_ADJ:
        why = f"adjacent to {sqn(anchor)}"
    elif m == L.PM_NEIGH:
        why = f"neighboring {sqn(anchor)}"
    elif m == L.PM_EDGE:
        why = f"an edge territory near {sqn(anchor)}"
    else:
        why = "next best territory"
    if a == L.A_DONE:
        return f"{c.me} place {who} on the nearest free territory ({why})"
    return f"{c.me} place {who} on {sqn(a)} ({why}, next best territory placement)"


def _renewal(c: _Ctx, a: int) -> str:
    if a == L.A_DONE:
        return "Renewal: the rival has no slotted bone to remove"
    i = a - L.A_SLOT
    r, q = i // 4, i % 4
    b = int(c.s[L.SLOTS + c.rv * 20 + r * 4 + q]) % 64
    return f"Renewal: remove bone {b} from the {CLAN_ADJ[c.clan(c.rv)]} clan board " \
           f"({c.skill(r, c.rv)} slot {q + 1}; it returns to their pool)"


def _describe(state, params, action: int) -> str:
    """The action's words; may raise on a malformed state (``describe`` does not)."""
    c = _Ctx(state, params)
    a = int(action)
    dec = c.v(L.DEC)
    if dec == L.D_QUARRY:
        return f"Hexen choose {c.unit(a)} as Divine Quarry ({c.v(L.AUX) + 1} of 2)"
    if dec == L.D_HCAP:
        if a == L.A_DONE:
            return f"{c.me} return handicap {c.bone()} to the pool (no slot takes it)"
        return _slot(c, a, True)
    if dec == L.D_UPKEEP:
        return _upkeep(c, a)
    if dec == L.D_BANISH:
        if a == L.A_DONE:
            return f"Banish: {c.unit(c.v(L.SEL))} stays (no free territory in The Woods)"
        return f"Banish: relocate {c.unit(c.v(L.SEL))} to {sqn(a)}"
    if dec == L.D_DIR:
        return _dir(c, a)
    if dec == L.D_INTENT:
        return _intent(c, a)
    if dec == L.D_DEED_UNIT:
        return _deed_unit(c, a)
    if dec == L.D_DEED_TGT:
        return _deed_tgt(c, a)
    if dec == L.D_DEED_TGT2:
        return _deed_tgt2(c, a)
    if dec == L.D_KNIGHT_MOVE:
        sel = c.v(L.SEL)
        if a == L.A_DONE:
            return f"{c.own(sel)} stays after Target Lock"
        return f"{c.own(sel)} moves into {sqn(a)} after Target Lock"
    if dec == L.D_UNIT:
        return _unit(c, a)
    if dec == L.D_DEST:
        return _journey(c, a)
    if dec == L.D_AURA_CHOICE:
        return _aura_choice(c, a)
    if dec == L.D_FLOW:
        return _flow(c, a)
    if dec == L.D_BELAY_UNIT:
        if a == L.A_DONE:
            return "Ferrymen king does not Belay"
        return f"Belay: {c.own(c.v(L.JUNIT))} relocates {c.unit(a)}"
    if dec == L.D_BELAY_DEST:
        return f"Belay: {c.unit(c.v(L.SEL2))} relocates to {sqn(a)}, adjacent to the king"
    if dec == L.D_MORPH:
        return _morph(c, a)
    if dec == L.D_MORPH_TGT:
        if a == L.A_DONE:
            return f"{c.own(c.v(L.JUNIT))} ends its journey without a Morph"
        return f"{c.own(c.v(L.JUNIT))} will attempt to Morph {c.unit(a)}"
    if dec == L.D_MORPH_TGT2:
        if a == L.A_DONE:
            return f"Mass Morph: {c.own(c.v(L.JUNIT))} takes no second target"
        return f"Mass Morph: {c.own(c.v(L.JUNIT))} also Morphs {c.unit(a)} with its roll"
    if dec == L.D_RETREAT:
        return _retreat(c, a)
    if dec == L.D_RETREAT_DEST:
        return _retreat_dest(c, a)
    if dec == L.D_HEX:
        return _hex(c, a)
    if dec == L.D_HEX_CASTER:
        return _hex_caster(c, a)
    if dec == L.D_HEX_ORDER:
        return _hex_order(c, a)
    if dec == L.D_WL_TGT:
        return _wl_tgt(c, a)
    if dec == L.D_SLOT:
        return _slot_dec(c, a)
    if dec == L.D_PICK:
        return _pick(c, a)
    if dec == L.D_PLACE:
        return _place(c, a)
    if dec == L.D_HULDRA:
        return _huldra(c, a)
    if dec == L.D_HUNT_UNIT:
        return _hunt_unit(c, a)
    if dec == L.D_HUNT_TGT:
        return _hunt_tgt(c, a, False)
    if dec == L.D_PIVOT:
        return _hunt_tgt(c, a, True)
    if dec == L.D_LEAP:
        q = -1
        for sq in range(64):
            if c.seat_at(sq) == c.seat and c.type_at(sq) == L.QUEEN:
                q = sq
        return f"Huldra queen Leaps {sqn(q)} -> {sqn(a)} (next to the Huldra rook)"
    if dec == L.D_RELOC:
        return _reloc(c, a)
    if dec == L.D_RENEWAL:
        return _renewal(c, a)
    return f"{c.me}: {_plain(a)}"


def _a(word: str) -> str:
    """'a Tweak', 'an Eddy'."""
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def _plain(a: int) -> str:
    from simcore.darkleaf import describe_action

    return describe_action(a)


def describe(state, params, action: int) -> str:
    """The action in the rulebook's words, read from the state before it is applied.

    Parameters
    ----------
    state, params : numpy.ndarray
        A Darkleaf state row and its params (``API.new_state``, ``API.params``).
    action : int
        One of the legal actions of the pending decision.

    Returns
    -------
    str
        E.g. ``"Huldra pawn journeys b2 -> b4 (2 forward, roll 2)"``; never empty, never
        raises (a state it cannot read gives the plain action name).
    """
    try:
        text = _describe(state, params, action)
    except Exception:  # noqa: BLE001  (words for a log must never stop a replay)
        text = ""
    return text if text.strip() else f"seat {int(state[L.CUR])}: {_plain(int(action))}"
