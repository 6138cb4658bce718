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

import hashlib
import itertools
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pandas as pd

from ..bots import decide, make_bot
from ..core.errors import IcecreamError, SettingsError
from ..core.protocol import default_game, get_game
from .metrics import _ROUND_COLUMN

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
        get_game(self.game).new_state(players=self.players, seed=seed, ruleset=self.ruleset,
                                      **dict(self.variant))
        if len(self.bots) != n:
            raise SimulationError(f"{len(self.bots)} bots for {n} players: give one bot name "
                                  f"for all seats or one per seat")
        opts = dict(self.bot_options)
        for name in self.bots:
            make_bot(name, seed=0, **dict(opts.get(name, ())))


def make_config(game: str | None = None, players: int | Sequence[str] = 4,
                bots: str | Sequence[str] = "random", ruleset: str | None = None,
                bot_options: Mapping[str, Mapping[str, Any]] | None = None,
                labels: Mapping[str, Any] | None = None, **variant: Any) -> Config:
    """A checked-later :class:`Config` from friendly arguments (one bot name = all seats)."""
    if isinstance(players, bool) or not isinstance(players, int | list | tuple):
        raise SimulationError(f"players must be a count or a list of names, not {players!r}")
    n = players if isinstance(players, int) else len(players)
    if isinstance(bots, str):
        bots_t = (bots,) * max(n, 0)
    elif isinstance(bots, Sequence) and all(isinstance(b, str) for b in bots):
        bots_t = tuple(bots)
        if len(bots_t) == 1:
            bots_t = bots_t * max(n, 0)
    else:
        raise SimulationError(f"bots must be a bot name or a list of names, not {bots!r}")
    opts = tuple(sorted((k, tuple(sorted(dict(v).items())))
                        for k, v in (bot_options or {}).items()))
    return Config(game=game or default_game(),
                  players=players if isinstance(players, int) else tuple(players),
                  bots=bots_t, ruleset=ruleset, variant=tuple(sorted(variant.items())),
                  bot_options=opts, labels=tuple((labels or {}).items()))


def play_game(config: Config, index: int, seed: int) -> list[dict[str, Any]]:
    """Play game ``index`` of a run with base ``seed``; one row per seat.

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
    while not s.is_over:
        p = s.current_player
        action = decide(bots[p], s, p)
        step(action)
        turns[p] += 1
        if count is not None:
            column = count(s, action)
            if column is not None:
                counts[p][column] = counts[p].get(column, 0) + 1
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
    """
    _check_count("games", games, 1)
    _check_count("workers", workers, 1)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SimulationError(f"seed must be a whole number, not {seed!r}")
    for c in configs:
        c.check(seed)
    parallel = workers if dask is None else 4
    if chunk_size is None:
        chunk_size = max(1, min(250, math.ceil(games / (parallel * 4))))
    else:
        _check_count("chunk_size", chunk_size, 1)
    tasks = [(k, c, seed, start, min(start + chunk_size, games))
             for k, c in enumerate(configs) for start in range(0, games, chunk_size)]
    bar = _progress_bar(progress, len(configs) * games)
    results: list[tuple[int, list[dict[str, Any]]]] = []

    def done(result: tuple[int, list[dict[str, Any]]]) -> None:
        results.append(result)
        if bar is not None:
            bar.update(len(result[1]) // configs[result[0]].num_players)

    try:
        if dask is not None:
            _run_dask(dask, tasks, done)
        elif workers == 1:
            for task in tasks:
                done(_play_task(task))
        else:
            _run_processes(workers, tasks, done)
    finally:
        if bar is not None:
            bar.close()
    rows = []
    for k, chunk in results:
        for row in chunk:
            row["config"] = k
            rows.append(row)
    frame = pd.DataFrame(rows)
    frame = frame.sort_values(["config", "game", "seat"], kind="stable").reset_index(drop=True)
    first = [c for c in BASE_COLUMNS if c in frame.columns]
    rest = [c for c in frame.columns if c not in first]
    day_cols = sorted((c for c in rest if _ROUND_COLUMN.fullmatch(c)),
                      key=lambda c: int(c.rsplit("_", 1)[1]))
    rest = [c for c in rest if c not in day_cols]
    return frame[first + rest + day_cols]


def _run_processes(workers: int, tasks: list, done) -> None:
    from concurrent.futures import ProcessPoolExecutor, as_completed

    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(_play_task, t) for t in tasks]
        for fut in as_completed(futures):
            done(fut.result())


def _run_dask(dask: Any, tasks: list, done) -> None:
    try:
        from distributed import Client, as_completed
    except ImportError:  # pragma: no cover - depends on the installed extras
        raise SimulationError("dask=... needs Dask: pip install 'icecream-tabletop[dask]'") \
            from None
    own = isinstance(dask, str)
    if own:
        client = Client(dask)
    elif isinstance(dask, Client):
        client = dask
    else:
        raise SimulationError(f"dask must be a distributed.Client or a scheduler address, "
                              f"not {type(dask).__name__}")
    try:
        futures = client.map(_play_task, tasks, pure=False)
        for fut in as_completed(futures):
            done(fut.result())
    finally:
        if own:
            client.close()


def _progress_bar(progress: bool, total: int):
    if not progress:
        return None
    from tqdm.auto import tqdm

    return tqdm(total=total, unit="game", desc="simulating")


def _check_count(name: str, value: Any, low: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise SimulationError(f"{name} must be a whole number >= {low}, not {value!r}")


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
    variant settings given, game_name, and the running totals ``score_after_<round>_<k>``.
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
            raise SimulationError(f"grid[{key!r}] must be a non-empty list of values")
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
            raise SettingsError(f"sweep setting {setting}: {e}") from None
    return run_configs(configs, games, seed, workers, dask, progress, chunk_size)
