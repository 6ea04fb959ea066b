"""Edge of Humanity players (issue 16): time MCTS candidates on mid-game states (one core,
median of 9 decisions) and play each against the scripted builder at 2 players, seats rotated.

    python experiments/humanity_agents_measure.py "iters=200,rollout=scripted,eps=0.1;..." GAMES
"""
import sys, time
import numpy as np, numba
from experiments.api import simulate
from experiments.stats import wilson
from agents.play import decide
from simcore.humanity import API
import simcore.humanity as mod
from simcore.rng import new_rng
numba.set_num_threads(1)
cands = sys.argv[1].split(';')
games = int(sys.argv[2])
# mid-game states from scripted play
def states():
    p = API.params(2, "1")
    out = []
    for seed in range(3):
        s = API.new_state(p, seed=seed)
        rng = new_rng(seed, 0, 0, 5)
        for i in range(60 + 20 * seed):
            if API.is_terminal(s, p): break
            a = decide(mod, s, p, "scripted", seed=i)
            API.step(s, p, a, rng)
        if not API.is_terminal(s, p):
            out.append(s.copy())
    return p, out
t0 = time.time()
p, sts = states()
for c in cands:
    spec = "mcts:" + c
    it = int(dict(kv.split('=') for kv in c.split(','))['iters'])
    decide(mod, sts[0], p, spec, seed=1)
    ts = []
    for s in sts:
        for r in range(3):
            t = time.perf_counter(); decide(mod, s, p, spec, seed=r + 7); ts.append(time.perf_counter() - t)
    med = float(np.median(ts))
    print(f"{spec} median decision {med*1000:.1f} ms, sims/s {it/med:.0f}  (t={time.time()-t0:.0f}s)", flush=True)
    df = simulate('humanity', [spec, 'scripted'], games=games, seed=21, players=2)
    m0 = df['agent_0'].astype(str).str.startswith('mcts')
    w = df.loc[m0, 'return_0'].sum() + df.loc[df['agent_1'].astype(str).str.startswith('mcts'), 'return_1'].sum()
    g = len(df)
    lo, hi = wilson(w, g)
    print(f"RESULT {spec} vs scripted: games {g} rate {w/g:.3f} [{lo:.2f}, {hi:.2f}] sims/s {it/med:.0f} (t={time.time()-t0:.0f}s)", flush=True)
