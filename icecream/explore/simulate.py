"""Play many games with bots and get one pandas row per game and seat.

Each game's seed is derived from the base seed and the game's index (:func:`game_seed`),
and each bot's from the game's seed and its seat, so the frame is the same whatever
the number of workers or where they run (local processes, or a Dask cluster). Unless
the game's first-player setting is given, the first player rotates with the game index,
so seats and bots share the first position fairly.

>>> df = simulate(players=3, games=4, seed=1)
>>> list(df.columns[:7])
['game', 'seed', 'seat', 'bot', 'score', 'cards_left', 'winner']
>>> len(df), bool(df.groupby("game")["winner"].any().all())
(12, True)
"""

from __future__ import annotations

import contextlib
import hashlib
import itertools
import math
import os
import tempfile
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from ..bots import decide, make_bot
from ..core.budget import CHECK_EVERY, Steps, finish
from ..core.errors import IcecreamError, SettingsError, clip, quote
from ..core.protocol import check_ruleset, default_game, get_game
from ..core.scenario import check_seed
from .metrics import _ROUND_COLUMN, ROUND_SCORES
from .workers import WorkerDied, ordered_map

if TYPE_CHECKING:  # pandas is needed only for the frames handed back, imported there
    import pandas as pd

#: The first columns of every frame, in this order (the command line's CSV keeps them).
BASE_COLUMNS = ("game", "seed", "seat", "bot", "score", "cards_left", "winner")
#: Keys a sweep grid may vary besides the game's own settings.
SWEEP_KEYS = ("players", "ruleset", "bots")


class SimulationError(IcecreamError, ValueError):
    """A simulation request is not valid (bots, games, workers, a sweep grid...)."""


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run with base ``seed`` (31 bits, well mixed).

    >>> game_seed(0, 0) == game_seed(0, 0) != game_seed(0, 1)
    True
    """
    digest = hashlib.blake2b(f"{seed}/{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") & 0x7FFFFFFF


def bot_seed(gseed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` for a game of seed ``gseed``."""
    return game_seed(gseed, 1000 + seat)


@dataclass(frozen=True)
class Config:
    """One setting of a run: game, players, a bot name per seat, ruleset and variants.

    ``labels`` are extra columns written on every row (a sweep's setting values).
    """

    game: str
    players: int | tuple[str, ...]
    bots: tuple[str, ...]
    ruleset: str | None = None
    variant: tuple[tuple[str, Any], ...] = ()
    bot_options: tuple[tuple[str, tuple[tuple[str, Any], ...]], ...] = ()
    labels: tuple[tuple[str, Any], ...] = field(default=())

    @property
    def num_players(self) -> int:
        return self.players if isinstance(self.players, int) else len(self.players)

    def check(self, seed: int) -> None:
        """Raise a clear :class:`IcecreamError` if this configuration cannot be played."""
        n = self.num_players
        check_ruleset(get_game(self.game), self.ruleset)
        get_game(self.game).new_state(players=self.players, seed=seed, ruleset=self.ruleset,
                                      **dict(self.variant))
        if len(self.bots) != n:
            raise SimulationError(f"{len(self.bots)} bots for {n} players: give one bot name "
                                  f"for all seats or one per seat")
        opts = dict(self.bot_options)
        for name in self.bots:
            make_bot(name, seed=0, **dict(opts.get(name, ()))).prepare(self.game)


def make_config(game: str | None = None, players: int | Sequence[str] = 4,
                bots: str | Sequence[str] = "random", ruleset: str | None = None,
                bot_options: Mapping[str, Mapping[str, Any]] | None = None,
                labels: Mapping[str, Any] | None = None, **variant: Any) -> Config:
    """A checked-later :class:`Config` from friendly arguments (one bot name = all seats)."""
    if isinstance(players, bool) or not isinstance(players, int | list | tuple):
        raise SimulationError(f"players must be a count or a list of names, not {quote(players)}")
    game = game or default_game()
    n = check_players(game, players)
    if isinstance(bots, str):
        bots_t = (bots,) * max(n, 0)
    elif isinstance(bots, Sequence) and all(isinstance(b, str) for b in bots):
        bots_t = tuple(bots)
        if len(bots_t) == 1:
            bots_t = bots_t * max(n, 0)
    else:
        raise SimulationError(f"bots must be a bot name or a list of names, not {quote(bots)}")
    opts = tuple(sorted((k, tuple(sorted(dict(v).items())))
                        for k, v in (bot_options or {}).items()))
    return Config(game=game,
                  players=players if isinstance(players, int) else tuple(players),
                  bots=bots_t, ruleset=ruleset, variant=tuple(sorted(variant.items())),
                  bot_options=opts, labels=tuple((labels or {}).items()))


def check_players(game: str, players: int | Sequence[str]) -> int:
    """The number of players, if ``game`` can be played by them; else the game's own
    :class:`SettingsError` (checked before anything is made per seat: a count of
    10**23 must not build a list of bots first)."""
    spec = get_game(game)
    n = players if isinstance(players, int) else len(players)
    if not spec.min_players <= n <= spec.max_players:
        spec.new_state(players=players, seed=0)  # raises the game's own message
        raise SimulationError(f"players: {spec.title} is for {spec.min_players} to "
                              f"{spec.max_players} players, not {quote(n)}")
    return n


def play_game(config: Config, index: int, seed: int,
              expired: Callable[[], bool] | None = None) -> list[dict[str, Any]] | None:
    """Play game ``index`` of a run with base ``seed``; one row per seat
    (:func:`play_game_steps` run through)."""
    return finish(play_game_steps(config, index, seed, expired))


def play_game_steps(config: Config, index: int, seed: int,
                    expired: Callable[[], bool] | None = None
                    ) -> Steps[list[dict[str, Any]] | None]:
    """Play game ``index`` of a run with base ``seed``; one row per seat. Written as steps
    (:data:`~icecream.core.budget.Steps`): it yields every ``CHECK_EVERY`` decisions.

    With ``expired``, it is asked every :data:`~icecream.core.budget.CHECK_EVERY`
    decisions and the game is given up (``None``) once it says so: Stop ends a run within
    a fraction of a second, not at the end of a long game.

    Random bots pick from the state's legal actions with their own generator: the same
    rule and the same list as ``view.legal_actions``. Every other bot gets only its view.
    Unless the configuration fixes it, the game's first player (``GameSpec.
    first_player_setting``) rotates with the game index.
    """
    gseed = game_seed(seed, index)
    n = config.num_players
    spec = get_game(config.game)
    variant = dict(config.variant)
    first_key = spec.first_player_setting
    if first_key not in variant:
        variant[first_key] = index % n
    s = spec.new_state(players=config.players, seed=gseed, ruleset=config.ruleset,
                       **variant).clone()
    opts = dict(config.bot_options)
    bots = [make_bot(name, seed=bot_seed(gseed, p), **dict(opts.get(name, ())))
            for p, name in enumerate(config.bots)]
    turns = [0] * n
    counts: list[dict[str, int]] = [{} for _ in range(n)]
    count = spec.count_action
    step = s.apply_in_place
    k = 0
    while not s.is_over:
        p = s.current_player
        action = decide(bots[p], s, p)
        step(action)
        turns[p] += 1
        if count is not None:
            column = count(s, action)
            if column is not None:
                counts[p][column] = counts[p].get(column, 0) + 1
        k += 1
        if k % CHECK_EVERY == 0:
            if expired is not None and expired():
                return None
            yield
    return _rows(config, index, gseed, s, variant[first_key], turns, counts)


def _rows(config: Config, index: int, gseed: int, s: Any, first: int, turns: list[int],
          counts: list[dict[str, int]]) -> list[dict[str, Any]]:
    n = s.num_players
    spec = s.game
    scores = s.scores
    winners = set(s.winners)
    setup = s.setup_args()
    rows = []
    for p in range(n):
        # Ties on points are ranked by the game's own tie-break: its winners come first.
        rank = 1 + sum(1 for q in range(n) if scores[q] > scores[p] or (
            scores[q] == scores[p] and q in winners and p not in winners))
        row: dict[str, Any] = {
            "game": index, "seed": gseed, "seat": p, "bot": config.bots[p],
            "score": scores[p], "winner": p in winners,
            "rank": rank, "shared_win": p in winners and len(winners) > 1,
            "first_player": first, "turn_order": (p - first) % n,
            "turns": turns[p], "players": n, "ruleset": setup.get("ruleset"),
            "house_variant": spec.is_house_variant(n),
        }
        if spec.result_columns is not None:
            row.update(spec.result_columns(s, p))
        row.update(counts[p])
        for key, value in config.variant:
            if key not in row:
                row[key] = value
        for key, value in config.labels:
            row[key] = value
        row["game_name"] = spec.name
        rows.append(row)
    return rows


def play_games(config: Config, seed: int, indexes: Iterable[int]) -> list[dict[str, Any]]:
    """Play the games ``indexes`` of a run (one task of a worker)."""
    out: list[dict[str, Any]] = []
    for i in indexes:
        out.extend(play_game(config, i, seed))
    return out


def _play_task(task: tuple[int, Config, int, int, int]) -> tuple[int, list[dict[str, Any]]]:
    k, config, seed, start, stop = task
    return k, play_games(config, seed, range(start, stop))


def run_configs(configs: Sequence[Config], games: int, seed: int = 0, workers: int = 1,
                dask: Any = None, progress: bool = False,
                chunk_size: int | None = None) -> pd.DataFrame:
    """Play ``games`` games of every configuration; one frame sorted by config, game, seat.

    Every configuration uses the same game seeds (common random numbers: differences
    between settings are not blurred by different deals where the settings allow).
    The frame holds every row; to keep memory flat in the number of games, consume
    :func:`stream` (or :func:`write`) instead.
    """
    return to_frame(run_rows(configs, games, seed, workers, dask, progress, chunk_size))


def run_rows(configs: Sequence[Config], games: int, seed: int = 0, workers: int = 1,
             dask: Any = None, progress: bool = False,
             chunk_size: int | None = None) -> list[dict[str, Any]]:
    """:func:`run_configs` as a list of row dicts (no pandas needed)."""
    chunks = stream(configs, games, seed, workers, dask, progress, chunk_size)
    return [row for chunk in chunks for row in chunk]


def to_frame(rows: list[dict[str, Any]]) -> pd.DataFrame:
    """Rows as a pandas frame, its columns in :func:`order_columns`' order."""
    import pandas as pd

    frame = pd.DataFrame(rows)
    return frame[order_columns(frame.columns)]


def order_columns(columns: Iterable[str]) -> list[str]:
    """The frame's column order: :data:`BASE_COLUMNS`, the rest as they come, then the
    running totals (``round_scores``, or older games' ``score_after_<round>_<k>`` by ``k``)."""
    columns = list(dict.fromkeys(columns))
    first = [c for c in BASE_COLUMNS if c in columns]
    rest = [c for c in columns if c not in first]
    rounds = sorted((c for c in rest if _ROUND_COLUMN.fullmatch(c)),
                    key=lambda c: int(c.rsplit("_", 1)[1]))
    rounds += [c for c in rest if c == ROUND_SCORES]
    return first + [c for c in rest if c not in rounds] + rounds


def max_workers() -> int:
    """The most local worker processes a run may ask for: four per CPU, at most 64.

    More processes than that only share the same CPUs while each holds its own memory.
    """
    return min(64, 4 * (os.cpu_count() or 1))


def stream(configs: Sequence[Config], games: int, seed: int = 0, workers: int = 1,
           dask: Any = None, progress: bool = False,
           chunk_size: int | None = None) -> Iterator[list[dict[str, Any]]]:
    """Play ``games`` games of every configuration, yielding rows chunk by chunk.

    Chunks come in order (config, game, seat), whatever the number of workers; each row
    has a ``config`` column. Arguments are checked before any game is played. Only a
    few chunks are in flight at a time and tasks are made as they are needed, so memory
    stays flat and a run of 10**12 games starts at once (and stops on Ctrl-C: worker
    processes are terminated, none is left behind).
    """
    _check_count("games", games, 1)
    _check_count("workers", workers, 1)
    if workers > max_workers():
        raise SimulationError(f"workers must be at most {max_workers()} (four per CPU on "
                              f"this machine, at most 64), not {workers}")
    check_seed(seed, SimulationError)
    if not configs:
        raise SimulationError("no configuration to simulate")
    for c in configs:
        c.check(seed)
    parallel = workers if dask is None else 4
    if chunk_size is None:
        chunk_size = max(1, min(250, math.ceil(games / (parallel * 4))))
    else:
        _check_count("chunk_size", chunk_size, 1)
    tasks = ((k, c, seed, start, min(start + chunk_size, games))
             for k, c in enumerate(configs) for start in range(0, games, chunk_size))
    if dask is not None:
        client = _dask_client(dask)  # a bad address fails here, before any game
        results = _in_dask(client, dask, tasks)
    elif workers == 1:
        results = map(_play_task, tasks)
    else:
        workers = min(workers, len(configs) * math.ceil(games / chunk_size))
        results = _in_processes(workers, tasks)
    return _chunks(results, configs, progress, len(configs) * games)


def _chunks(results: Iterator[tuple[int, list[dict[str, Any]]]], configs: Sequence[Config],
            progress: bool, total: int) -> Iterator[list[dict[str, Any]]]:
    bar = _progress_bar(progress, total)
    try:
        for k, rows in results:
            for row in rows:
                row["config"] = k
            if bar is not None:
                bar.update(len(rows) // configs[k].num_players)
            yield rows
    finally:
        close = getattr(results, "close", None)
        if close is not None:
            close()  # stop the workers now, not when the generator is collected
        if bar is not None:
            bar.close()


def _in_processes(workers: int, tasks: Iterator) -> Iterator[tuple[int, list]]:
    """Results of ``tasks`` in order, from ``workers`` processes, a few tasks ahead.

    A worker that dies (killed, out of memory) ends the run with a clear error instead
    of a wait that never ends; stopping early (Ctrl-C) kills the workers at once.
    """
    try:
        yield from ordered_map(_play_task, tasks, workers)
    except WorkerDied:
        raise SimulationError("a worker process died (killed, or out of memory?); "
                              "no output was kept") from None


def _dask_client(dask: Any) -> Any:
    try:
        from distributed import Client
    except ImportError:  # pragma: no cover - depends on the installed extras
        raise SimulationError("dask=... needs Dask: pip install 'icecream-tabletop[dask]'") \
            from None
    if isinstance(dask, Client):
        return dask
    if not isinstance(dask, str):
        raise SimulationError(f"dask must be a distributed.Client or a scheduler address, "
                              f"not {type(dask).__name__}")
    try:
        return Client(dask, timeout=DASK_CONNECT_TIMEOUT)
    except Exception as e:  # noqa: BLE001 - Dask raises OSError, ValueError, TimeoutError...
        raise SimulationError(f"cannot use the Dask scheduler at {quote(dask)}: "
                              f"{clip(str(e) or type(e).__name__, 160)}") from None


def _in_dask(client: Any, dask: Any, tasks: Iterator) -> Iterator[tuple[int, list]]:
    """Results of ``tasks`` in order from a Dask cluster, a few tasks per thread ahead."""
    ahead = 2 * max(1, sum(client.nthreads().values()))
    pending: deque = deque()
    try:
        for task in tasks:
            pending.append(client.submit(_play_task, task, pure=False))
            if len(pending) >= ahead:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
    finally:
        for fut in pending:
            fut.cancel()
        if client is not dask:  # we opened it
            client.close()


#: Seconds to wait for a Dask scheduler before saying it cannot be reached.
DASK_CONNECT_TIMEOUT = "10s"


class RowWriter:
    """Writes row chunks as CSV or Parquet, to a file or (CSV only) a text stream.

    A file is written to a temporary file beside it, which is renamed over ``path``
    only when :meth:`commit` is called; on an error, a full disk or Ctrl-C it is removed,
    so no half-written file is left. The target is checked (and the temporary file
    made) when the writer is made, before any game is played. The first chunk fixes
    the columns (:func:`order_columns`); ``drop`` names columns left out.

    >>> import io
    >>> out = io.StringIO()
    >>> with RowWriter(out) as w:
    ...     w.write([{"seat": 0, "game": 0}, {"seat": 1, "game": 0}])
    >>> out.getvalue().splitlines()
    ['game,seat', '0,0', '0,1']
    """

    def __init__(self, target: str | os.PathLike[str] | IO[str], fmt: str = "csv",
                 drop: Sequence[str] = ()) -> None:
        if fmt not in ("csv", "parquet"):
            raise SimulationError(f"output format must be csv or parquet, not {quote(fmt)}")
        self.fmt = fmt
        self.rows = 0
        self.columns: list[str] | None = None
        self._drop = set(drop)
        self._parquet: Any = None
        self._tmp: Path | None = None
        if hasattr(target, "write"):
            if fmt != "csv":
                raise SimulationError("Parquet is written to a file, not a stream")
            self.path = None
            self._out: Any = target
            return
        self.path = _check_output(target)
        self._name = quote(str(target), 80)
        try:
            fd, tmp = tempfile.mkstemp(prefix=f".{self.path.name}.", suffix=".part",
                                       dir=self.path.parent)
        except OSError as e:  # /proc/version: the folder takes no new file
            raise self._error(e) from None
        self._tmp = Path(tmp)
        try:
            os.chmod(fd, _file_mode(self.path))  # mkstemp makes 0600; keep the usual mode
        except OSError:
            pass
        if fmt == "csv":
            self._out = os.fdopen(fd, "w", encoding="utf-8", newline="")
        else:
            os.close(fd)
            self._out = None

    def _error(self, e: OSError) -> SimulationError:
        """An error writing the output, naming the path the user gave (never the
        temporary file beside it)."""
        return SimulationError(f"output {self._name}: cannot write it: "
                               f"{e.strerror or type(e).__name__}")

    def write(self, rows: list[dict[str, Any]]) -> None:
        """Append ``rows`` (dicts with the same keys as the first chunk's)."""
        if not rows:
            return
        keys = dict.fromkeys(k for row in rows for k in row if k not in self._drop)
        first = self.columns is None
        if first:
            self.columns = order_columns(keys)
        elif not keys.keys() <= set(self.columns):
            new = sorted(set(keys) - set(self.columns))
            raise SimulationError(f"later games have columns the first ones lack ({new}); "
                                  "simulate such settings apart, or into a frame")
        import pandas as pd

        frame = pd.DataFrame(rows, columns=self.columns)
        try:
            if self.fmt == "csv":
                frame.to_csv(self._out, header=first, index=False)
            else:
                self._write_parquet(frame)
        except OSError as e:
            if self.path is None:  # standard output: BrokenPipeError and the like as they are
                raise
            raise self._error(e) from None
        self.rows += len(rows)

    def _write_parquet(self, frame: pd.DataFrame) -> None:
        import pyarrow as pa
        import pyarrow.parquet as pq

        if self._parquet is None:
            table = pa.Table.from_pandas(frame, preserve_index=False)
            self._parquet = pq.ParquetWriter(self._tmp, table.schema)
        else:
            try:
                table = pa.Table.from_pandas(frame, schema=self._parquet.schema,
                                             preserve_index=False)
            except (pa.ArrowInvalid, pa.ArrowTypeError) as e:
                raise SimulationError(f"a column changed type between games: "
                                      f"{clip(str(e), 160)}") from None
        self._parquet.write_table(table)

    def commit(self) -> None:
        """Finish the output: flush, and rename the temporary file over ``path``."""
        if self.path is None:
            self._out.flush()
            return
        try:
            if self._parquet is not None:
                self._parquet.close()
            elif self.fmt == "parquet":  # no rows: an empty table is still a file
                import pandas as pd

                pd.DataFrame(columns=self.columns or []).to_parquet(self._tmp, index=False)
            if self._out is not None:
                self._out.close()
            os.replace(self._tmp, self.path)
        except OSError as e:
            raise self._error(e) from None
        self._tmp = None

    def discard(self) -> None:
        """Drop the output: close and remove the temporary file (the target is untouched)."""
        if self.path is None:
            return
        try:
            if self._parquet is not None:
                self._parquet.close()
            if self._out is not None:
                self._out.close()
        except OSError:  # a full disk fails the close too; the file goes anyway
            pass
        finally:
            if self._tmp is not None:
                self._tmp.unlink(missing_ok=True)
                self._tmp = None

    def __enter__(self) -> RowWriter:
        return self

    def __exit__(self, kind: Any, error: Any, tb: Any) -> None:
        if kind is None:
            try:
                self.commit()
            except BaseException:
                self.discard()  # a failed rename leaves no temporary file either
                raise
        else:
            self.discard()


def _file_mode(path: Path) -> int:
    """The mode ``path`` has, or a new file would get (0666 less the umask)."""
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


def _check_output(path: str | os.PathLike[str]) -> Path:
    """``path`` as a Path, if a file can be written there; else a clear error."""
    p = Path(path)
    name = quote(str(path), 80)
    if str(path) == "" or p.is_dir():
        raise SimulationError(f"output {name} is a directory, not a file name")
    parent = p.parent
    if not parent.is_dir():
        raise SimulationError(f"output {name}: the directory {quote(str(parent), 80)} "
                              "does not exist")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise SimulationError(f"output {name}: cannot write in {quote(str(parent), 80)}")
    if p.exists() and not os.access(p, os.W_OK):
        raise SimulationError(f"output {name}: the file is not writable")
    return p


def write(target: str | os.PathLike[str] | IO[str], chunks: Iterable[list[dict[str, Any]]],
          fmt: str = "csv", drop: Sequence[str] = ("config",)) -> int:
    """Write ``chunks`` (from :func:`stream`) to ``target``; the number of rows.

    Nothing is left at ``target`` unless every chunk was written (see :class:`RowWriter`).
    Make the writer first (``RowWriter(path)``) to check the path before simulating.
    """
    writer = target if isinstance(target, RowWriter) else RowWriter(target, fmt, drop)
    with writer, contextlib.closing(iter(chunks)) as it:
        for chunk in it:
            writer.write(chunk)
    return writer.rows


def _progress_bar(progress: bool, total: int):
    if not progress:
        return None
    from tqdm.auto import tqdm

    return tqdm(total=total, unit="game", desc="simulating")


def _check_count(name: str, value: Any, low: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise SimulationError(f"{name} must be a whole number >= {low}, not {quote(value)}")


def simulate(game: str | None = None, players: int | Sequence[str] = 4,
             bots: str | Sequence[str] = "random", games: int = 100, seed: int = 0,
             ruleset: str | None = None, workers: int = 1, dask: Any = None,
             progress: bool = False, bot_options: Mapping[str, Mapping[str, Any]] | None = None,
             chunk_size: int | None = None, **variant: Any) -> pd.DataFrame:
    """Play ``games`` games and return one row per game and seat.

    ``bots``: one name for every seat or one per seat (see :func:`icecream.bots.bot_names`);
    ``bot_options``: options per bot name, e.g. ``{"ismcts": {"playouts": 200}}``;
    ``workers`` > 1 plays in local processes; ``dask``: a ``distributed.Client`` or a
    scheduler address; ``variant``: the game's settings (``close="flavour"``, ``days=5``...).

    ``game`` is a registered game's name (default: :func:`icecream.core.default_game`).

    Columns: game (the game's index in the run), seed, seat, bot, score, cards_left,
    winner (shared wins count for each), rank, shared_win, first_player, turn_order
    (0 = the first player), turns (actions by that seat), players, ruleset,
    house_variant, then the game's own columns (``GameSpec.result_columns`` and
    ``count_action``; Ice Cream: first_dealer, deal_order, points_scoops,
    points_duplicates, cards_drawn, swaps, serves_exact, serves_close, days, close), the
    variant settings given, game_name, and ``round_scores``: the seat's running totals
    after each round as JSON text (``[4,9,15,22]``), one column whatever the game's length,
    so every game of a run has the same columns.
    """
    config = make_config(game, players, bots, ruleset, bot_options, **variant)
    frame = run_configs([config], games, seed, workers, dask, progress, chunk_size)
    return frame.drop(columns="config")


def sweep(grid: Mapping[str, Sequence[Any]], games: int = 100, game: str | None = None,
          players: int | Sequence[str] = 4, bots: str | Sequence[str] = "random",
          seed: int = 0, ruleset: str | None = None, workers: int = 1, dask: Any = None,
          progress: bool = False, bot_options: Mapping[str, Mapping[str, Any]] | None = None,
          chunk_size: int | None = None, **fixed: Any) -> pd.DataFrame:
    """Simulate every combination of ``grid`` (setting name -> values); one frame.

    Grid keys are the game's settings (``close``, ``days``, ``removed_scoops``...) and
    ``players``, ``ruleset`` or ``bots``; each row carries its setting values as columns
    (``bots`` as text joined by ``/``) and ``config``, the combination's number.

    >>> df = sweep({"close": ["scoop", "flavour"]}, games=3, players=3)
    >>> df.groupby("close").size().to_dict()
    {'flavour': 9, 'scoop': 9}
    """
    if not isinstance(grid, Mapping) or not grid:
        raise SimulationError("grid must map setting names to lists of values")
    keys = list(grid)
    for key in keys:
        values = grid[key]
        if isinstance(values, str) or not isinstance(values, Sequence) or not values:
            raise SimulationError(f"grid[{quote(key)}] must be a non-empty list of values")
    configs = []
    for combo in itertools.product(*(grid[k] for k in keys)):
        setting = dict(zip(keys, combo, strict=True))
        args: dict[str, Any] = {"players": players, "bots": bots, "ruleset": ruleset, **fixed}
        args.update(setting)
        labels = {k: ("/".join(v) if k == "bots" and not isinstance(v, str) else v)
                  for k, v in setting.items()}
        try:
            configs.append(make_config(game=game, bot_options=bot_options, labels=labels,
                                       **args))
        except TypeError as e:
            raise SettingsError(f"sweep setting {quote(setting)}: {clip(str(e))}") from None
    return run_configs(configs, games, seed, workers, dask, progress, chunk_size)
