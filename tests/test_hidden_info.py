"""Hidden information, every registered game: ``determinize(state, params, s, rng)`` keeps
everything seat ``s`` can see and draws again everything it cannot.

Each game states below, from its layout, what a seat cannot see in a state (``HIDDEN``):
zones of the state row, each either a *pool* (cards dealt again: the multiset is public,
the order or the owner is not) or *values* (choices drawn again).  At states reached by
random play, from every seat, many determinizations must (a) leave the seat's observation
bit-identical (the row with its hidden zones masked, plus each pool's multiset), and
(b) change every hidden zone that can change: a pool of two or more distinct cards in most
states, a value zone at least once.  A game with no entry here fails the registry check.
"""
import numpy as np
import pytest

from simcore.rng import new_rng
from simcore.spec import get_game
from tests.conftest import CASE_IDS, CASES

POOL, VALUES = 0, 1
N_STATES = 30      # sampled states per case
N_DRAWS = 12       # determinizations per state and seat


def _court(state, params, s):
    from simcore.court import layout as L
    if state[L.END] != L.END_PLAYING:
        return []
    P = int(params[L.P_NUM_PLAYERS])
    out = []
    deck = []
    for f in range(L.NUM_FACTIONS):
        p = int(state[L.DECK_PTR + f])
        deck += [L.DECK + f * L.DECK_LEN + i for i in range(p, L.DECK_LEN)]
    out.append(("court deck order and United cards", POOL, deck))
    n, hp = int(params[L.P_HARVESTS]), int(state[L.HPTR])
    if hp <= n:
        out.append(("unseen Harvest cards", VALUES, [L.HDECK + i for i in range(hp, n + 1)]))
    for q in range(P):
        if q == s or not state[L.ALIVE + q]:
            continue
        forced = state[L.INFL + q] == 0 and params[L.P_MIN_WIN_BID] >= 1
        if not state[L.BIDS_REVEALED] and (state[L.BID_DONE] >> q) & 1 and not forced:
            out.append(("committed bids", VALUES, [L.BID_F + q, L.BID_A + q]))
        if (not state[L.OFFERS_REVEALED] and (state[L.OFFER_DONE] >> q) & 1
                and not (state[L.EXPOSED_MASK] >> q) & 1):
            out.append(("secret Offerings", VALUES, [L.OFFER + q]))
    return out


def _humanity(state, params, s):
    from simcore.humanity import layout as L
    if state[L.END] != L.END_PLAYING:
        return []
    P = int(params[L.P_NUM_PLAYERS])
    out = []
    for q in range(P):
        o = L.SEAT0 + q * L.SEAT_SZ
        deck = [o + L.S_DECK + i for i in range(state[o + L.S_DECK_N])]
        if q == s:
            out.append(("own Draw deck order", POOL, deck))
            continue
        hand = [o + L.S_HAND + i for i in range(state[o + L.S_HAND_N])]
        bid = [] if state[L.BIDS_REVEALED] else \
            [o + L.S_BIDC + i for i in range(state[o + L.S_BID_N])]
        out.append(("other seats' hands, Trade bids and decks", POOL, hand + bid + deck))
        if (not state[L.EBID_REVEALED] and (state[L.EBID_DONE] >> q) & 1
                and state[L.EV_CUR] >= 0):
            out.append(("commodity bids", VALUES, [o + L.S_EBID]))
    out.append(("Main deck order", POOL, [L.MAIN + i for i in range(state[L.MAIN_N])]))
    out.append(("Survivor deck order", POOL, [L.SDECK + i for i in range(state[L.SDECK_N])]))
    ptr, ne = int(state[L.EV_PTR]), int(state[L.EV_N])
    extra = int(params[L.P_LONGER_EXTRA])
    events = [L.EVENTS + i for i in range(ptr, ne)]
    if params[L.P_SCENARIO] == 3 and ptr < ne - extra:
        # a custom story: the deck and the 3 set aside are drawn again from the unseen of
        # the 12 plot and location Events (cards of the 12 may be in neither)
        out.append(("unrevealed Events", VALUES if extra == 0 else POOL, events))
        out.append(("the 3 Events set aside", VALUES, [L.EV_REMOVED + i for i in range(3)]))
    else:
        out.append(("unrevealed Event order", POOL, events))
    return out


def _darkness(state, params, s):
    from simcore.darkness import layout as L
    if state[L.END] != L.END_PLAYING:
        return []
    # hands are open (ED-BASE-96): only the deck's order is unseen
    return [("deck order", POOL, [L.DECK + i for i in range(state[L.DECK_N])])]


def _nothing(state, params, s):
    """Perfect information (darkleaf: only future rolls, drawn by step; frontier: decks are
    counts, drawn at random when drawn): determinize must change nothing."""
    return []


HIDDEN = {"connect4": _nothing, "tictactoe": _nothing, "darkleaf": _nothing,
          "frontier": _nothing, "court": _court, "humanity": _humanity,
          "darkness": _darkness}


def test_every_game_states_its_hidden_zones():
    from simcore.spec import game_names
    assert sorted(HIDDEN) == sorted(game_names())


def _observation(state, zones):
    masked = state.copy()
    pools = []
    for _, kind, idx in zones:
        if idx:
            masked[idx] = -(1 << 30)
            if kind == POOL:
                pools.append(np.sort(state[idx]))
    return masked, pools


def _states(mod, params, seed):
    """States along random games (every decision point is a candidate)."""
    api = mod.API
    rng = np.random.default_rng(seed)
    out = []
    g = 0
    while len(out) < 4 * N_STATES and g < 40:
        state = api.new_state(params, seed=seed, index=g)
        moves = 0
        while not api.is_terminal(state, params) and moves < mod.SPEC.max_game_length:
            out.append(state.copy())
            legal = api.legal_actions(state, params)
            api.step(state, params, int(legal[rng.integers(len(legal))]),
                     new_rng(seed, g, moves, 7))
            moves += 1
        g += 1
    pick = rng.choice(len(out), size=min(N_STATES, len(out)), replace=False)
    return [out[i] for i in sorted(pick)]


def hidden_info_report(name, players, setup, seed=3, determinize=None):
    """(observation breaks, {zone: (states where it could change, states where it did)})."""
    mod = get_game(name)
    params = mod.API.params(players, setup)
    det = determinize or mod.engine.determinize
    breaks = []
    moved = {}
    for k, state in enumerate(_states(mod, params, seed)):
        for s in range(players):
            zones = HIDDEN[name](state, params, s)
            want, want_pools = _observation(state, zones)
            changed = [False] * len(zones)
            for d in range(N_DRAWS):
                x = state.copy()
                det(x, params, np.int64(s), new_rng(seed, k, s, d))
                got, got_pools = _observation(x, zones)
                if not np.array_equal(want, got) or not all(
                        np.array_equal(a, b) for a, b in zip(want_pools, got_pools)):
                    diff = np.flatnonzero(want != got)[:5].tolist()
                    breaks.append(f"state {k}, seat {s}: visible slots {diff} changed")
                    break
                for z, (_, _, idx) in enumerate(zones):
                    if idx and not np.array_equal(state[idx], x[idx]):
                        changed[z] = True
            for z, (zname, kind, idx) in enumerate(zones):
                could = len(set(state[idx].tolist())) >= 2 if kind == POOL else len(idx) > 0
                if could:
                    c, m = moved.get(zname, (0, 0))
                    moved[zname] = (c + 1, m + changed[z])
    return breaks, moved


@pytest.mark.parametrize("name,players,setup", CASES, ids=CASE_IDS)
def test_determinize_keeps_the_seen_and_redraws_the_unseen(name, players, setup):
    breaks, moved = hidden_info_report(name, players, setup)
    assert not breaks, f"{name}: determinize changed what the seat sees: {breaks[:3]}"
    for zone, (could, did) in moved.items():
        need = 1 if zone in ("committed bids", "secret Offerings", "commodity bids",
                             "unseen Harvest cards", "the 3 Events set aside",
                             "unrevealed Events") else could / 2
        assert did >= need, (f"{name}: determinize leaves '{zone}' as it is "
                             f"({did} of {could} states redrawn)")


def test_humanity_custom_story_redraw_is_a_possible_deal():
    """The redrawn custom-story deck and the 3 set aside are distinct cards of the 12 plot
    and location Events, none already revealed, the 3 not all from one deck (EH-STORY-06)."""
    from simcore import humanity
    from simcore.humanity import layout as L
    params = humanity.API.params(3, "custom")
    for g in range(6):
        state = humanity.API.new_state(params, seed=8, index=g)
        twelve = [int(params[L.P_DECK_EVENTS + d * L.DECK_EVENTS + i])
                  for d in (state[L.PLOT], state[L.LOCATION]) for i in range(L.DECK_EVENTS)]
        plot = set(twelve[:L.DECK_EVENTS])
        ptr, ne = int(state[L.EV_PTR]), int(state[L.EV_N])
        for d in range(20):
            x = state.copy()
            humanity.engine.determinize(x, params, np.int64(0), new_rng(8, g, d, 1))
            deck = x[L.EVENTS:L.EVENTS + ne].tolist()
            aside = x[L.EV_REMOVED:L.EV_REMOVED + 3].tolist()
            assert deck[:ptr] == state[L.EVENTS:L.EVENTS + ptr].tolist()
            assert len(set(deck + aside)) == ne + 3 and set(deck + aside) <= set(twelve)
            assert 0 < len(plot & set(aside)) < 3
