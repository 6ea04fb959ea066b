"""The agent row: one float64 array per agent, passed to kernels as data.

    0      1       2     3         4          5         6     7       8     9         10   11 ..
    +------+-------+-----+---------+----------+---------+-----+-------+-----+---------+----+--------+
    | KIND | ITERS | C   | ROLLOUT | DEPTH    | PERSONA | EPS | PRIOR | OPP | SAMPLES | NW | W[0..] |
    +------+-------+-----+---------+----------+---------+-----+-------+-----+---------+----+--------+

    KIND     0 random, 1 scripted, 2 mcts, 3 value (one ply over the learned value)
    ITERS    mcts simulations per decision; value agent (A_REPLY): the other seats'
             decisions its scripted PERSONA plays after the agent's turn before the
             position is valued (0: none, the position at the end of its own turn)
    C        mcts UCB exploration constant
    ROLLOUT  mcts default policy: 0 random, 1 scripted
    DEPTH    mcts rollout depth cap in actions (0: play to the end); a capped rollout
             is scored by the game's ``evaluate`` (each seat's value in [0, 1]).  value
             agent: the most own decisions its scripted PERSONA plays after the action
             before the position is valued (the rest of its turn)
    PERSONA  scripted persona index (SPEC.personas), also used by scripted rollouts
    EPS      share of scripted-rollout moves taken uniformly at random instead (so
             search sees more than the script's one line of play); a scripted agent:
             the share of its own decisions played at random (training positions)
    PRIOR    progressive-bias weight toward the scripted player's move at each tree node
             (0: plain UCT): that move is expanded first and its UCB value gets
             PRIOR / (visits + 1), so a small budget plays like the script and a larger
             one departs from it only where the search finds better.  value agent:
             the margin another action's learned value needs over the scripted
             PERSONA's choice to replace it (0: none, the best-valued action plays)
    OPP      opponent model of the scripted rollouts and prior: 0, every seat plays
             PERSONA; K > 0, at each simulation every other seat draws its persona
             uniformly from the first K (the current personas, legacy excluded), so the
             search does not assume its rivals share its own style
    SAMPLES  value agent: chance outcomes (and hidden-card draws) sampled per action in an
             open-loop game; the after-state values are averaged
    NW       number of learned weights that follow (agents/value.py, agents/weights/)
    W        the learned position value's weights: a logistic model over the features of
             agents/value.py (generic block, then the engine's own FEATURES)

    The row's last four slots (past MAX_WEIGHTS) hold a search's root prior from the
    learned value (``vprior=W``, ``best:v2``): VPRIOR the bias weight W (0: none), then
    the ``value`` agent's SAMPLES, turn (DEPTH) and REPLY that value the root's actions::

        ... | W[0..52] | VPRIOR | VSAMPLES | VTURN | VREPLY |
              11..63     64       65         66      67
"""
A_KIND = 0
A_ITERS = 1
A_REPLY = A_ITERS  # the value agent has no simulations: the slot holds its replies
A_C = 2
A_ROLLOUT = 3
A_DEPTH = 4
A_PERSONA = 5
A_EPS = 6
A_PRIOR = 7
A_OPP = 8
A_SAMPLES = 9
A_NW = 10
A_W0 = 11
MAX_WEIGHTS = 53
A_VPRIOR = A_W0 + MAX_WEIGHTS  # a search's root bias toward the learned value
A_VSAMPLES = A_VPRIOR + 1
A_VTURN = A_VPRIOR + 2
A_VREPLY = A_VPRIOR + 3
AGENT_SIZE = A_VPRIOR + 4

RANDOM = 0
SCRIPTED = 1
MCTS = 2
VALUE = 3
KIND_NAMES = ("random", "scripted", "mcts", "value")
