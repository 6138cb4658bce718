"""Simulations: reproducible frames whatever runs them, the columns, sweeps and errors."""

from __future__ import annotations

import json

import pandas as pd
import pytest

import icecream
from icecream.bots import make_bot
from icecream.core.errors import IcecreamError, SettingsError
from icecream.explore import SimulationError, game_seed, simulate, sweep
from icecream.explore.simulate import BASE_COLUMNS, bot_seed, make_config, play_game


def test_the_frame_has_one_row_per_game_and_seat_with_the_base_columns_first():
    df = simulate(players=3, games=5, seed=2)
    assert tuple(df.columns[:7]) == BASE_COLUMNS
    assert len(df) == 15
    assert list(df["game"]) == [g for g in range(5) for _ in range(3)]
    assert list(df["seat"]) == [0, 1, 2] * 5
    for col in ("rank", "first_dealer", "points_scoops", "points_duplicates", "cards_drawn",
                "cards_left", "turns", "days", "round_scores"):
        assert col in df.columns
    assert (df["points_scoops"] + df["points_duplicates"] == df["score"]).all()
    totals = df["round_scores"].map(json.loads)
    assert (totals.map(len) == 4).all() and (totals.map(lambda t: t[-1]) == df["score"]).all()
    assert df.groupby("game")["winner"].any().all()
    assert (df.loc[df["winner"], "rank"] == 1).all()
    # The first dealer rotates with the game index (IC-4).
    assert list(df.groupby("game")["first_dealer"].first()) == [0, 1, 2, 0, 1]


def test_rows_match_a_replay_of_the_game_through_the_public_api():
    df = simulate(players=4, games=2, seed=7, bots="random")
    row = df[df["game"] == 1]
    gseed = int(row["seed"].iloc[0])
    assert gseed == game_seed(7, 1)
    s = icecream.new_game("ice-cream", players=4, seed=gseed, first_dealer=1)
    bots = [make_bot("random", seed=bot_seed(gseed, p)) for p in range(4)]
    turns = [0] * 4
    while not s.is_over:
        p = s.current_player
        s = s.apply(bots[p].choose(s.view(p)))  # the view path, as any bot plays
        turns[p] += 1
    assert list(row["score"]) == list(s.scores)
    assert list(row["turns"]) == turns
    assert [bool(w) for w in row["winner"]] == [p in s.winners for p in range(4)]
    assert list(row["points_scoops"]) == [sum(d[p][0] for d in s.results) for p in range(4)]


def test_same_seed_same_frame_with_one_or_two_workers():
    one = simulate(players=4, games=12, seed=3, bots=["heuristic", "random", "greedy",
                                                       "random"])
    two = simulate(players=4, games=12, seed=3, bots=["heuristic", "random", "greedy",
                                                       "random"], workers=2, chunk_size=2)
    pd.testing.assert_frame_equal(one, two)
    assert not one.equals(simulate(players=4, games=12, seed=4,
                                   bots=["heuristic", "random", "greedy", "random"]))


def test_same_seed_same_frame_on_a_dask_local_cluster():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        on_dask = simulate(players=3, games=6, seed=5, dask=client, chunk_size=2)
        by_address = simulate(players=3, games=6, seed=5, dask=cluster.scheduler_address)
    local = simulate(players=3, games=6, seed=5)
    pd.testing.assert_frame_equal(on_dask, local)
    pd.testing.assert_frame_equal(by_address, local)


def test_sweep_has_one_block_per_setting_with_common_seeds():
    df = sweep({"close": ["scoop", "flavour"], "days": [2, 3]}, games=3, players=3)
    assert len(df) == 4 * 3 * 3
    assert set(df["config"]) == {0, 1, 2, 3}
    sizes = df.groupby(["close", "days"]).size()
    assert (sizes == 9).all()
    assert (df.groupby("config")["seed"].apply(list).apply(tuple).nunique()) == 1
    totals = df["round_scores"].map(json.loads)
    assert (totals.map(len) == df["days"]).all()
    assert (totals.map(lambda t: t[-1]) == df["score"]).all()


def test_sweep_over_rulesets_players_and_bots():
    df = sweep({"ruleset": ["rulebook", "ijs"], "players": [3, 4],
                "bots": ["random", "greedy"]}, games=2)
    assert set(df["close"]) == {"scoop", "flavour"}
    assert df.groupby("config")["players"].first().tolist() == [3, 3, 4, 4, 3, 3, 4, 4]
    assert df.groupby("config")["bots"].first().tolist() == ["random", "greedy"] * 4
    mixed = sweep({"bots": [("greedy", "random", "random")]}, games=1, players=3)
    assert list(mixed["bot"]) == ["greedy", "random", "random"]
    assert set(mixed["bots"]) == {"greedy/random/random"}
    with pytest.raises(SimulationError, match="3 bots for 4 players"):
        sweep({"players": [4], "bots": [("greedy", "random", "random")]}, games=1)


def test_bot_options_reach_the_bots():
    df = simulate(players=3, games=1, bots=["ismcts", "random", "random"],
                  bot_options={"ismcts": {"playouts": 5}})
    assert list(df["bot"]) == ["ismcts", "random", "random"]
    with pytest.raises(SettingsError, match="playouts"):
        simulate(games=1, bots="ismcts", bot_options={"ismcts": {"playouts": -1}})


@pytest.mark.parametrize("kwargs, match", [
    ({"bots": "nobody"}, "unknown bot 'nobody'"),
    ({"bots": ["random", "random"]}, "2 bots for 4 players"),
    ({"games": 0}, "games must be a whole number >= 1"),
    ({"workers": 0}, "workers must be"),
    ({"close": "maybe"}, "close must be one of"),
    ({"colour": 3}, "unknown Ice Cream setting"),
    ({"players": 9}, "3 to 5 players"),
    ({"seed": "x"}, "seed must be a whole number"),
    ({"dask": 42}, "dask must be a distributed.Client"),
])
def test_bad_requests_raise_clear_errors(kwargs, match):
    with pytest.raises(IcecreamError, match=match):
        simulate(**{"games": 1, **kwargs})


def test_bad_sweep_grids_are_refused():
    with pytest.raises(SimulationError, match="grid"):
        sweep({}, games=1)
    with pytest.raises(SimulationError, match="non-empty list"):
        sweep({"days": []}, games=1)
    with pytest.raises(SimulationError, match="non-empty list"):
        sweep({"close": "scoop"}, games=1)


def test_the_random_fast_path_is_the_view_path():
    config = make_config(players=4, bots="random")
    fast = play_game(config, 3, seed=9)
    gseed = game_seed(9, 3)
    s = icecream.new_game("ice-cream", players=4, seed=gseed, first_dealer=3)
    bots = [make_bot("random", seed=bot_seed(gseed, p)) for p in range(4)]
    while not s.is_over:
        p = s.current_player
        s = s.apply(bots[p].choose(s.view(p)))
    assert [r["score"] for r in fast] == list(s.scores)


def test_players_given_by_name():
    df = simulate(players=["Ann", "Bob", "Cy"], games=2, bots=["greedy", "random", "random"])
    assert len(df) == 6 and set(df["players"]) == {3}


def test_progress_bar_runs(capsys):
    simulate(players=3, games=2, progress=True)
    assert "game" in capsys.readouterr().err


def test_serve_counts_match_the_events_of_a_replay():
    """serves_exact/serves_close agree with an independent replay through apply(), close
    serves that score nothing (IC-10) included."""
    frame = simulate(players=3, bots="random", games=12, seed=5)
    nothing = 0
    for index, game in frame.groupby("game"):
        gseed = int(game["seed"].iloc[0])
        s = icecream.new_game("ice-cream", players=3, seed=gseed, first_dealer=index % 3)
        bots = [make_bot("random", seed=bot_seed(gseed, p)) for p in range(3)]
        exact = [0] * 3
        close = [0] * 3
        while not s.is_over:
            p = s.current_player
            s = s.apply(bots[p].choose(s.view(p)))
            key = s.events[0].key
            exact[p] += key == "ic.event.serve"
            close[p] += key in ("ic.event.serve_close", "ic.event.serve_close_nothing")
            nothing += key == "ic.event.serve_close_nothing"
        game = game.sort_values("seat")
        assert list(game["serves_exact"]) == exact
        assert list(game["serves_close"]) == close
    assert nothing > 0          # the case was exercised


# -- streaming, writing, workers (issue 12) ------------------------------------------------


def test_stream_starts_at_once_for_a_trillion_games_and_stops_its_workers():
    """No task list is built up front; closing the stream terminates the workers."""
    import multiprocessing
    import time

    from icecream.explore.simulate import stream

    config = make_config(players=3)
    for workers in (1, 2):
        start = time.perf_counter()
        chunks = stream([config], 10**12, seed=1, workers=workers)
        first = next(chunks)
        assert time.perf_counter() - start < 30
        assert [r["game"] for r in first[:3]] == [0, 0, 0] and first[0]["config"] == 0
        chunks.close()
        assert multiprocessing.active_children() == []


def test_stream_and_frame_agree_in_order():
    from icecream.explore.simulate import run_configs, stream

    configs = [make_config(players=3), make_config(players=4)]
    rows = [r for chunk in stream(configs, 7, seed=3, workers=2, chunk_size=2)
            for r in chunk]
    frame = run_configs(configs, 7, seed=3)
    assert [(r["config"], r["game"], r["seat"]) for r in rows] == list(
        zip(frame["config"], frame["game"], frame["seat"], strict=True))


def test_workers_are_capped():
    from icecream.explore.simulate import max_workers

    with pytest.raises(SimulationError, match=f"workers must be at most {max_workers()}"):
        simulate(games=1, workers=max_workers() + 1)


def test_write_leaves_no_partial_file_when_a_chunk_fails(tmp_path):
    """A full disk (or any error) part way: the old file stays, no temporary is left."""
    import errno

    from icecream.explore.simulate import stream, write

    path = tmp_path / "out.csv"
    path.write_text("old results\n")

    def failing():
        chunks = stream([make_config(players=3)], 6, seed=1, chunk_size=2)
        yield next(chunks)
        raise OSError(errno.ENOSPC, "No space left on device")

    with pytest.raises(OSError, match="No space left"):
        write(path, failing())
    assert path.read_text() == "old results\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.csv"]
    rows = write(path, stream([make_config(players=3)], 6, seed=1, chunk_size=2))
    assert rows == 18 and len(pd.read_csv(path)) == 18 and "config" not in pd.read_csv(path)


def test_output_paths_are_checked_before_any_game(tmp_path):
    from icecream.explore.simulate import RowWriter

    for bad, message in ((tmp_path / "no" / "out.csv", "does not exist"),
                         (tmp_path, "is a directory")):
        with pytest.raises(SimulationError, match=message):
            RowWriter(bad)
    assert list(tmp_path.iterdir()) == []


def test_a_bad_dask_address_is_one_clear_error(monkeypatch):
    pytest.importorskip("distributed")
    import importlib

    module = importlib.import_module("icecream.explore.simulate")

    monkeypatch.setattr(module, "DASK_CONNECT_TIMEOUT", "1s")
    for address in ("nonsense!!", "tcp://127.0.0.1:9"):
        with pytest.raises(SimulationError, match="cannot use the Dask scheduler at"):
            simulate(games=1, dask=address)


def test_a_bad_bot_option_is_refused_before_any_game():
    # A policy bot's options belong to the game's policy (Ice Cream's close_min): checked up
    # front, with the option's name.
    from icecream.core.errors import SettingsError

    with pytest.raises(SettingsError, match="close_min"):
        simulate(players=3, games=2, bots="heuristic", bot_options={"heuristic": {"close_min": -1}})
