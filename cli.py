"""darkbalance command line: thin commands that parse, call the library and print."""
from __future__ import annotations

import functools
import sys
from pathlib import Path

import click

from simcore.spec import BadInput


class Group(click.Group):
    """A click group whose errors are one line and exit 2, never a traceback."""

    def resolve_command(self, ctx, args):
        name = args[0] if args else None
        if name and not name.startswith("-") and self.get_command(ctx, name) is None:
            raise click.UsageError(
                f"unknown command {name!r}; valid: {', '.join(self.list_commands(ctx))}")
        return super().resolve_command(ctx, args)

    def main(self, args=None, prog_name=None, **kw):
        try:
            rv = super().main(args=args, prog_name=prog_name, standalone_mode=False, **kw)
        except BadInput as exc:
            click.echo(f"error: {exc}", err=True)
            sys.exit(2)
        except click.exceptions.Abort:
            click.echo("aborted", err=True)
            sys.exit(130)
        except click.exceptions.NoArgsIsHelpError as exc:  # bare group: show help
            click.echo(exc.ctx.get_help() if exc.ctx else str(exc))
            sys.exit(0)
        except click.UsageError as exc:
            click.echo(f"error: {exc.format_message()}", err=True)
            sys.exit(2)
        except click.ClickException as exc:
            click.echo(f"error: {exc.format_message()}", err=True)
            sys.exit(exc.exit_code if exc.exit_code else 1)
        if isinstance(rv, int) and rv:
            sys.exit(rv)
        return rv


@click.group(cls=Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option("0.1.0", prog_name="darkbalance")
def main():
    """darkbalance: simulate tabletop games and measure their balance."""
    from experiments.env import check_environment

    check_environment()  # a bad DARKBALANCE_* setting is one line before any work


def rules_options(f):
    """--rules FILE and --set path=value, shared by every command that plays."""
    f = click.option("--set", "sets", multiple=True, metavar="PATH=VALUE",
                     help="Override one rules value (repeatable), e.g. board.rows=7.")(f)
    f = click.option("--rules", "rules_file", type=str, default=None, metavar="FILE.toml",
                     help="Override rules values from a TOML file (same paths as rules.toml).")(f)
    return f


@main.command()
def games():
    """List the registered games with player counts, versions and setups.

    Example: darkbalance games
    """
    from simcore.spec import game_names, get_spec

    click.echo(f"{'game':<10} {'players':<8} {'version':<8} {'setups'}")
    for name in game_names():
        s = get_spec(name)
        # a setup with its own player count (a variant outside the box's range) says so
        setups = ", ".join(
            f"{k} ({lo if lo == hi else f'{lo}-{hi}'} players: a variant outside the box's "
            f"{s.players[0]}-{s.players[1]})"
            if (lo, hi) != tuple(s.players) else k
            for k in s.setups for lo, hi in [s.player_range(k)])
        click.echo(f"{name:<10} {s.players[0]}-{s.players[1]:<6} {s.version:<8} {setups}")


def play_options(f=None, *, variant_alias: bool = True):
    """The options that say which games to play: shared by simulate, replay, decisions and
    compare (where ``--variant`` names a rules change, so the setup is ``--setup`` only)."""
    if f is None:
        return lambda g: play_options(g, variant_alias=variant_alias)
    names = ("--setup", "--variant", "--scenario") if variant_alias else ("--setup",
                                                                          "--scenario")
    opts = [
        click.option("--players", "-p", type=int, default=None,
                     help="Player count (default: minimum)."),
        click.option("--agents", "-a", default="random", show_default=True,
                     help="One agent spec for all seats, or one per seat, comma separated."),
        click.option("--seed", "-s", type=int, default=0, show_default=True,
                     help="Seed: the same seed and options give the same games, bit for bit."),
        click.option("--threads", "-t", type=int, default=None,
                     help="numba threads (default: all)."),
        click.option(*names, "setup", default=None,
                     help="Named setup, variant or scenario (see `darkbalance games`)."),
        click.option("--no-rotate", is_flag=True,
                     help="Keep agents in the seats given (no rotation)."),
    ]
    from simcore.registry import cli_options, option_dest

    # each game's own options (its profile's CLI_OPTIONS) reach the command as one dict
    game_opts = [(option_dest(flags), click.option(*flags, **kw))
                 for _, flags, kw in cli_options()]
    dests = [d for d, _ in game_opts]

    @functools.wraps(f)
    def command(*args, **kw):
        return f(*args, game_opts={d: kw.pop(d) for d in dests}, **kw)
    for o in reversed(opts + [o for _, o in game_opts]):
        command = o(command)
    return rules_options(command)


def _plan(game, players, agents, setup, no_rotate, game_opts, rules_file, sets):
    from experiments.api import plan
    from experiments.options import game_options, option_notes

    setup, sets = game_options(game, setup, sets, **game_opts)
    p = plan(game, agents, players, setup, rules_file, sets, rotate=not no_rotate)
    # output says who played, not only the shorthand given
    for line in p.resolved + option_notes(game, **game_opts):
        click.echo(line)
    return p


@main.command()
@click.argument("game")
@click.option("--games", "-n", "n_games", type=int, default=1000, show_default=True,
              help="Games to play.")
@click.option("--out", "-o", default=None, metavar="FILE.parquet|.csv",
              help="Write one row per game.")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar or compile notices.")
@play_options
def simulate(game, players, agents, n_games, seed, threads, setup, out, no_rotate, quiet,
             game_opts, rules_file, sets):
    """Play GAME many times and print win rates by seat with Wilson intervals.

    Example: darkbalance simulate court --players 4 --agents scripted --games 10000
    """
    from experiments.api import check_games, check_int, check_threads, run_plan, to_frame
    from experiments.batch import Interrupted
    from experiments.io import check_output
    from experiments.progress import progress_bar, sigterm_as_interrupt
    from experiments.seating import metadata, seating, with_seats
    from experiments.summary import summary_text

    n_games = check_games(n_games, "--games")
    seed = check_int("--seed", seed, 0)
    check_threads(threads)
    if out:
        check_output(out)
    p = _plan(game, players, agents, setup, no_rotate, game_opts, rules_file, sets)
    if quiet:
        from simcore import dispatch

        dispatch.notice = None
    st = seating(p)
    bar = None if quiet else progress_bar(n_games)
    try:
        with sigterm_as_interrupt():  # a killed run ends as Ctrl-C does
            raw = run_plan(p, n_games, seed, threads=threads,
                           progress=None if bar is None else bar.update)
    except Interrupted as stop:
        if bar is not None:
            bar.close()
        click.echo(f"interrupted after {stop.done:,} of {n_games:,} games", err=True)
        if out:
            _write_games(with_seats(to_frame(p, stop.raw, seed), p, st), out,
                         metadata(p, st, games=stop.done, games_planned=n_games,
                                  partial="true"), partial=True)
        return 130
    finally:
        if bar is not None:
            bar.close()
    df = to_frame(p, raw, seed)
    click.echo(summary_text(df, st))
    assumed = p.rules.assumed()
    if assumed:
        click.echo(f"Rests on {len(assumed)} assumed rules values "
                   f"(`darkbalance rules {p.spec.name} --assumed`).")
    if out:
        meta = metadata(p, st, games=len(df), games_planned=n_games, partial="false")
        return _write_games(with_seats(df, p, st), out, meta)


def _write_games(df, out, meta, partial: bool = False) -> int:
    """Write simulate's games atomically and say so; a partial run says it holds only the
    finished games, and an interrupted write says nothing was written."""
    from experiments.io import write_table
    from experiments.progress import sigterm_as_interrupt

    if partial and not len(df):
        click.echo(f"nothing written to {out}: no game had finished", err=True)
        return 130
    try:
        with sigterm_as_interrupt():
            write_table(df, out, meta)
    except KeyboardInterrupt:
        click.echo(f"interrupted while writing: nothing written to {out} (an old file there "
                   "is unchanged)", err=True)
        return 130
    if partial:
        click.echo(f"wrote {len(df)} rows to {out}: a partial run, the {len(df):,} games "
                   f"finished of {int(meta['games_planned']):,} (game_index 0..{len(df) - 1})",
                   err=True)
        return 130
    click.echo(f"wrote {len(df)} rows to {out}")
    return 0


@main.command()
@click.argument("game")
@click.option("--game-index", "-i", type=int, default=0, show_default=True,
              help="Which game of the run to replay (as `simulate` numbers them).")
@click.option("--json", "json_out", default=None, metavar="FILE.json",
              help="Also write one record per step.")
@play_options
def replay(game, players, agents, seed, threads, setup, no_rotate, game_opts, rules_file, sets,
           game_index, json_out):
    """Replay one game exactly as `simulate` with the same options played it, as a log.

    \b
    Examples:
      darkbalance replay tictactoe --agents scripted,random
      darkbalance replay connect4 --agents scripted,random --game-index 3
      darkbalance replay court --players 4 --agents scripted --seed 1 --game-index 12
      darkbalance replay darkleaf --clans hexen,wibo --agents scripted
      darkbalance replay darkness --players 1 --random-setup --agents scripted -i 5
      darkbalance replay humanity --players 3 --scenario 3 --agents scripted
      darkbalance replay frontier --variant eased --agents scripted --json game.json
    """
    import json

    from experiments.api import check_int, check_threads
    from experiments.io import check_output, write_atomic
    from experiments.replay import format_replay
    from experiments.replay import replay as run_replay

    game_index = check_int("--game-index", game_index, 0)
    seed = check_int("--seed", seed, 0)
    check_threads(threads)  # one game plays on one thread; a bad count is still bad input
    if json_out:
        check_output(json_out, (".json",))
    p = _plan(game, players, agents, setup, no_rotate, game_opts, rules_file, sets)
    r = run_replay(p, game_index, seed)
    click.echo(format_replay(r))
    if json_out:
        text = json.dumps(r, indent=1)
        write_atomic(json_out, lambda t: Path(t).write_text(text))
        click.echo(f"wrote {len(r['steps'])} steps to {json_out}")


@main.command()
@click.argument("game")
@click.option("--games", "-n", "n_games", type=int, default=2000, show_default=True,
              help="Games to play and count.")
@click.option("--out", "-o", default=None, metavar="FILE.csv|.parquet",
              help="Write the table.")
@play_options
def decisions(game, players, agents, n_games, seed, threads, setup, no_rotate, game_opts,
              rules_file, sets, out):
    """Count each action kind per agent and seat, and the seat's mean return in games
    with that kind vs without (Wilson 95% intervals).

    Example: darkbalance decisions darkness --players 1 --random-setup --agents scripted
    """
    from experiments.api import check_games, check_int, check_threads
    from experiments.io import check_output, write_table
    from experiments.progress import progress_bar
    from experiments.replay import decisions as count
    from experiments.seating import first_line, seating

    n_games = check_games(n_games, "--games", 1)  # a table of no games says nothing
    seed = check_int("--seed", seed, 0)
    check_threads(threads)
    if out:
        check_output(out)
    p = _plan(game, players, agents, setup, no_rotate, game_opts, rules_file, sets)
    with progress_bar(n_games) as bar:
        df = count(p, n_games, seed, threads, progress=bar.update)
    st = seating(p)
    click.echo(first_line(st))
    show = df[df["decisions"] > 0]
    for r in show.itertuples(index=False):
        seat = f"seat {r.seat}" + (f" {r.clan:<8}" if st.clans else "")
        click.echo(f"{r.agent:<28} {seat} {r.kind:<24} {r.decisions:>9,} "
                   f"({100 * r.share:5.1f}%)  in {r.games_with:>6,}/{r.games:,} games; "
                   f"return with {r.return_with:.3f} [{r.return_with_lo:.3f}, "
                   f"{r.return_with_hi:.3f}] vs without {r.return_without:.3f}"
                   + (f"; moved first in {r.moved_first:,}" if st.first is None else ""))
    if out:
        write_table(df, out)
        click.echo(f"wrote {len(df)} rows to {out}")


@main.command()
@click.argument("game")
@click.option("--change", "--variant", "variants", multiple=True, required=True,
              metavar="'NAME: path=value; ...'",
              help="A rules change to compare with the baseline (repeatable): --set "
                   "overrides separated by ';', or '@file.toml'.  --variant is the same "
                   "option (in simulate, --variant names a setup instead).")
@click.option("--games", "-n", "n_games", type=int, default=2000, show_default=True,
              help="Games per run (the cap with --precision).")
@click.option("--precision", type=float, default=0.0,
              help="Stop once every rate difference's 95% half-width is at most this "
                   "(win rates and end-reason shares).")
@click.option("--out", "-o", default=None, metavar="FILE.csv|.parquet",
              help="Write the differences table.")
@click.option("--html", "html_out", default=None, metavar="FILE.html",
              help="Write a small report with a figure.")
@play_options(variant_alias=False)
def compare(game, variants, players, agents, seed, threads, setup, no_rotate, game_opts,
            rules_file, sets, n_games, precision, out, html_out):
    """Compare rule variants with the baseline on common random numbers (paired
    differences of win rates, scores, length, end reasons and decisions, 95% intervals).

    \b
    Examples:
      darkbalance compare frontier --agents scripted --variant "easy: mission.cp_target=8"
      darkbalance compare court --players 4 --agents scripted --variant "v: @my.toml"
    """
    from experiments.api import check_games, check_int, check_threads
    from experiments.compare import compare as run_compare
    from experiments.compare import compare_html, format_compare
    from experiments.io import check_output, write_table
    from experiments.options import game_options
    from experiments.progress import progress_bar

    n_games = check_games(n_games, "--games", 2)  # a paired interval needs two games
    seed = check_int("--seed", seed, 0)
    check_threads(threads)
    if not precision >= 0:
        raise BadInput(f"--precision must be >= 0, got {precision!r}")
    if out:
        check_output(out)
    if html_out:  # the page and the figure beside it, both before any game
        check_output(html_out, (".html",))
        check_output(Path(html_out).with_suffix(".png"), (".png",))
    setup, sets = game_options(game, setup, sets, **game_opts)
    from experiments.api import plan
    from experiments.options import option_notes

    for line in plan(game, agents, players, setup, rules_file, sets).resolved \
            + option_notes(game, **game_opts):
        click.echo(line)
    with progress_bar(n_games * (1 + len(variants))) as bar:  # baseline and each change
        df = run_compare(game, list(variants), agents, players, setup, rules_file, sets,
                         n_games, seed, precision, threads=threads, progress=bar.update)
    click.echo(format_compare(df))
    from experiments.compare import provenance

    df = provenance(df, game, list(variants), agents, seed)  # the files say what was compared
    if out:
        write_table(df, out)
        click.echo(f"wrote {len(df)} rows to {out}")
    if html_out:
        compare_html(df, html_out, f"{game}: rule variants vs baseline")
        click.echo(f"wrote {html_out}")


@main.command()
@click.argument("games_", nargs=-1, metavar="[GAME]...")
@click.option("--jobs", "-j", type=int, default=1, show_default=True,
              help="Games compiled at once, each in its own process.")
@click.option("--frozen", is_flag=True,
              help="Also compile each game's arena with its frozen reference player "
                   "(scripted:legacy; the ladder study plays it).")
@click.option("--value", "value_", is_flag=True,
              help="Also compile each game's arena with the value agent (the games with "
                   "fitted weights: the ladder's value rung and the strong tables play it).")
def warmup(games_, jobs, frozen, value_):
    """Compile the kernels of GAME(s) ahead of time (default: every game).

    numba caches compiled code on disk, so only the first run pays; after an edit to one
    engine only that game compiles again.  Example: darkbalance warmup court darkleaf -j 2
    """
    from experiments.api import warmup as warm
    from simcore.spec import game_names

    from agents.value import load_weights
    from simcore.spec import get_game

    warm(games_ or None, echo=click.echo, jobs=jobs,
         frozen=(games_ or game_names()) if frozen else (),
         value=[g for g in (games_ or game_names())
                if load_weights(get_game(g).SPEC.name) is not None] if value_ else ())


@main.command()
@click.argument("game")
@click.option("--games", "-n", "n_games", type=int, default=4000, show_default=True,
              help="Scripted self-play games per player count.")
@click.option("--best-games", type=int, default=0, show_default=True,
              help="Games per player count with `best` in one seat, added to the positions.")
@click.option("--players", "-p", type=int, multiple=True,
              help="Player counts to fit on (repeatable; default: all allowed, at most 4).")
@click.option("--explore", type=float, default=0.0, show_default=True,
              help="Share (0..1) of each scripted seat's decisions played at random, so the "
                   "value sees moves the script would not make.")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Seed of the self-play games: the same seed and options refit the same "
                   "weights.")
@click.option("--own", type=int, multiple=True,
              help="A player count (repeatable) that also gets weights of its own, fitted "
                   "on its positions alone; value plays them at that count.")
@click.option("--dry-run", is_flag=True, help="Fit and report; leave the weights file alone.")
@click.option("--rounds", type=int, default=0, show_default=True,
              help="Expert iteration: refit up to this many times on games of best:v2 (on the "
                   "weights it refits, --best-games a player count) while best:v2 against "
                   "best:v1 rises; the file keeps the best round and the table.")
@click.option("--iters", type=int, default=150, show_default=True,
              help="With --rounds: simulations a decision of best:v2 and best:v1.")
@click.option("--duel-games", type=int, default=200, show_default=True,
              help="With --rounds: games of each round's best:v2 against best:v1.")
@click.option("--duel-players", type=int, default=None,
              help="With --rounds: the duel's player count, one best:v2 against the rest "
                   "(default: the game's smallest count above one).")
def train(game, n_games, best_games, explore, players, seed, dry_run, own, rounds, iters,
          duel_games, duel_players):
    """Fit GAME's learned position value (the `value` agent's) and report held-out log loss
    and Brier score against the constant model; writes agents/weights/GAME.json.

    Example: darkbalance train connect4 --games 4000
    """
    from experiments.batch import check_int
    from experiments.train import format_record
    from experiments.train import train as fit

    if rounds:
        from experiments.iterate import iterate

        if dry_run:
            raise BadInput("train: --rounds rewrites the weights file each round; valid: "
                           "--rounds without --dry-run")
        iterate(game, check_int("--rounds", rounds, 1, 20), n_games,
                check_int("--best-games", best_games, 1, 10**6),
                check_int("--iters", iters, 1, 10**6),
                check_int("--duel-games", duel_games, 2, 10**7), seed, players or None,
                duel_players=duel_players, explore=explore, own=own, echo=click.echo)
        return
    rec = fit(game, n_games, seed, players or None, best_games, write=not dry_run,
              explore=explore, own=own)
    click.echo(format_record(rec))
    if not dry_run:
        from agents.value import weights_path

        click.echo(f"wrote {weights_path(rec['game'])}")


@main.command()
@click.argument("game")
@click.option("--assumed", is_flag=True, help="Only values that rest on assumptions.")
@click.option("--format", "fmt", type=click.Choice(["text", "csv"]), default="text",
              show_default=True, help="csv: one row per value (path, value, range, "
              "alternatives, reason, the sweep's effect on the headline): fill in your own "
              "values and pass the file back with --rules FILE.csv.")
@click.option("--out", "-o", default=None, metavar="FILE.csv",
              help="Write the CSV there (default: standard output).")
@click.option("--results", default="results", show_default=True,
              help="Results folder whose sensitivity study gives each value's effect.")
@click.option("--inert", "inert", is_flag=True,
              help="Walk every assumed value: play games at each alternative against the "
                   "same games at the rules' value and list those that change nothing "
                   "(marked inert, refused, or unmarked), with the counts.")
@click.option("--games", "-n", "n_games", type=int, default=6, show_default=True,
              help="With --inert: games per setup and agents where a value's params differ "
                   "(64 more where those changed nothing).")
@rules_options
def rules(game, assumed, fmt, out, results, rules_file, sets, inert, n_games):
    """List every rules value of GAME with its source (rulebook, public or assumed).

    Example: darkbalance rules darkness --assumed;
    darkbalance rules court --assumed --format csv -o mine.csv, then
    darkbalance simulate court --rules mine.csv;
    darkbalance rules frontier --inert (which values change no game, and why)
    """
    from simcore.rules import unread_words
    from simcore.spec import get_game

    mod = get_game(game)
    if inert:
        from experiments.api import check_int
        from experiments.inert import report

        if rules_file or sets or fmt != "text" or out or assumed:
            raise BadInput("--inert walks the rules.toml values: it takes no --rules, --set, "
                           "--assumed, --format or --out")
        n_games = check_int("--games", n_games, 1, 10_000)
        vs = report(mod.SPEC.name, games=n_games, more=max(64, n_games), echo=click.echo)
        return 1 if any(v.verdict in ("inert", "no-probe") for v in vs) else 0
    rs = mod.API.rules(rules_file, sets)
    mod.API.params(None, None, rs)  # the overrides must compile, as `simulate` requires
    entries = rs.assumed() if assumed else list(rs.entries.values())
    if fmt == "csv":
        from experiments.values import write_values_csv

        n = write_values_csv(rs, entries, out, results)
        if out:
            click.echo(f"{n} values written to {out}", err=True)
        return
    if out:
        raise BadInput("--out writes the CSV: add --format csv")
    for e in entries:
        why = e.reason if e.source in ("assumed", "override") else e.cite
        rng = f"  range {list(e.range)}" if e.range else ""
        mark = (f"  inert: {e.inert}" if e.inert else "") + \
            (f"  {unread_words(e)}" if e.unread else "") + \
            (f"  held fixed by the sweep: {e.fixed}" if e.fixed else "")
        click.echo(f"{e.path} = {e.value!r}  [{e.source}] {why}{rng}{mark}")
    click.echo(f"{len(entries)} values; {len(rs.assumed())} assumed of {len(rs.entries)}.")


@main.command()
@click.option("--json", "json_out", default=None, metavar="FILE",
              help="Write records {game, metric, value, unit}.")
@click.option("--game", "games_", multiple=True, help="Only these games (repeatable).")
@click.option("--quick", is_flag=True, help="Smaller workloads (for smoke tests).")
@click.option("-j", "--jobs", default=None, type=int,
              help="Games compiled at once before measuring (default: one per core).")
def bench(json_out, games_, quick, jobs):
    """Measure playout speed, MCTS simulations/s, compile/warm times and the peer ratio.

    Every game is compiled first (JOBS at once, with the cold-start figures); then each is
    measured alone.  Example: darkbalance bench --quick --game court --json bench.json
    """
    from experiments.api import check_int
    from experiments.bench import check_json_target, run_bench

    if jobs is not None:
        check_int("--jobs", jobs, 1)
    if json_out:
        check_json_target(json_out)
    run_bench(games_ or None, json_out, quick, echo=click.echo, jobs=jobs)


def study_options(f):
    """Options shared by `study` and `report`."""
    f = click.option("--address", default=None, metavar="tcp://HOST:PORT",
                     help="Dask scheduler (with --backend dask).")(f)
    f = click.option("--jobs", "-j", type=int, default=1, show_default=True,
                     help="Worker processes (with --backend loky).")(f)
    f = click.option("--backend", type=click.Choice(["local", "loky", "dask"]),
                     default="local", show_default=True,
                     help="local (numba threads), loky (processes) or dask.")(f)
    f = click.option("--fresh", is_flag=True,
                     help="Move aside results of another plan (seed, engine version, rules, "
                          "code) in the results folder instead of refusing; cells the new plan "
                          "shares unchanged keep their games.")(f)
    f = click.option("--results", "root", default="results", show_default=True,
                     help="Results directory.")(f)
    f = click.option("--seed", type=int, default=0, show_default=True,
                     help="Study seed: results are reproducible to the bit from it.")(f)
    f = click.option("--profile", type=click.Choice(["quick", "full"]), default="quick",
                     show_default=True,
                     help="quick (the report: about 14 minutes of games on 2 cores once "
                          "compiled, 23 minutes from an empty cache) or full (millions of "
                          "games, hours).")(f)
    return f


@main.command()
@click.argument("name")
@study_options
def study(name, profile, seed, root, backend, jobs, address, fresh):
    """Run study NAME (winrates, ladder, personas, matchups, locations, setups,
    sensitivity) into results/NAME/; resumable.

    Example: darkbalance study matchups --profile quick
    """
    from experiments.api import check_int
    from experiments.studies import run_named

    check_int("--seed", seed, 0)
    path = run_named(name, profile, seed, root, backend, jobs, address, echo=click.echo,
                     fresh=fresh)
    if path is not None:
        click.echo(f"report: {path}")


@main.command()
@study_options
def report(profile, seed, root, backend, jobs, address, fresh):
    """Run every study and write results/report/index.html (findings first, key figures).

    Example: darkbalance report --profile quick --backend loky --jobs 2
    """
    from experiments.api import check_int
    from experiments.report import run_report

    check_int("--seed", seed, 0)
    path = run_report(profile, seed, root, None, backend, jobs, address, echo=click.echo,
                      fresh=fresh)
    click.echo(f"report: {path}")


@main.command()
@click.argument("baselines", nargs=-1, metavar="[BASELINE.json]...")
@click.option("--update", is_flag=True,
              help="Measure and (re)write the baseline(s) instead of checking them.")
@click.option("--alpha", type=float, default=0.01, show_default=True,
              help="Family-wise error rate per baseline (Holm).")
@click.option("--seed", type=int, default=None, help="Re-run seed (default: the baseline's).")
@click.option("--threads", "-t", type=int, default=None, help="numba threads (default: all).")
def regress(baselines, update, alpha, seed, threads):
    """Balance gate: re-run committed baselines; exit 1 when a metric moved beyond chance.

    Without arguments, checks results/baselines/default.json; with --update and no file
    there, writes it from the default cells (one per engine).

    Example: darkbalance regress results/baselines/default.json
    """
    from experiments import regress as R
    from experiments.api import check_int, check_threads

    if seed is not None:
        check_int("--seed", seed, 0)
    check_threads(threads)
    paths = list(baselines) or [str(R.DEFAULT_PATH)]
    if update:
        for p in paths:
            doc = R.load_baseline(p) if Path(p).exists() else None
            if doc is None and Path(p) != R.DEFAULT_PATH:
                raise BadInput(f"baseline {p!r} does not exist; --update without a file "
                               f"writes {R.DEFAULT_PATH}")
            cells = doc["cells"] if doc else R.DEFAULT_CELLS
            s0 = seed if seed is not None else (doc["seed"] if doc else 0)
            R.write_baseline(p, cells, s0, threads, echo=click.echo)
            click.echo(f"wrote {p}")
        return 0
    moved = 0
    for p in paths:
        moved += len(R.check(p, seed, alpha, threads, echo=click.echo))
    return 1 if moved else 0


if __name__ == "__main__":
    main()
