"""Bots play Combo Cone Paradise from their seat's view only; simulations, metrics and the
command line work on it."""

from __future__ import annotations

import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

import icecream
from icecream.bots import decide, make_bot
from icecream.core.errors import SettingsError
from icecream.games.combo_cone.determinize import Determinizer

ROOT = Path(__file__).resolve().parents[2]


def play(bots: list[str], seed: int, **options) -> icecream.core.State:
    s = icecream.new_game("combo-cone", players=len(bots), seed=seed).clone()
    players = [make_bot(b, seed=seed * 10 + p, **options.get(b, {}))
               for p, b in enumerate(bots)]
    steps = 0
    while not s.is_over:
        p = s.current_player
        action = decide(players[p], s, p)
        s.apply_in_place(action)
        steps += 1
        assert steps < 5000
    return s


@pytest.mark.parametrize("bot", ["random", "greedy", "heuristic"])
def test_ccp_every_bot_finishes_games(bot):
    for seed in range(2):
        s = play([bot] * 3, seed)
        assert s.winners


def test_ccp_heuristic_beats_random():
    wins = 0
    for seed in range(6):
        s = play(["heuristic", "random"], seed)
        wins += 0 in s.winners and len(s.winners) == 1
    assert wins >= 5


def test_ccp_ismcts_decides_fast_from_the_view():
    s = icecream.new_game("combo-cone", players=4, seed=3)
    rng = random.Random(0)
    for _ in range(12):
        s = s.apply(rng.choice(s.legal_actions()))
    bot = make_bot("ismcts", seed=1, playouts=200)
    view = s.view(s.current_player)
    start = time.perf_counter()
    action = bot.choose(view)
    spent = time.perf_counter() - start
    assert action in view.legal_actions and bot.last_playouts == 200
    assert spent < 2.0  # well under a second on a free core; the machine is shared


def test_ccp_bots_see_only_the_view():
    """Two positions that differ only in what seat 0 cannot see get the same decisions."""
    s = icecream.load_state(icecream.new_game("combo-cone", players=3, seed=8).to_dict())
    data = s.to_dict()
    other = dict(data)
    other["pile"] = list(reversed(data["pile"]))
    other["order_deck"] = list(reversed(data["order_deck"]))
    t = icecream.load_state(other)
    assert s.view(0) == t.view(0) and s.to_dict() != t.to_dict()
    for name in ("greedy", "heuristic", "ismcts"):
        opts = {"playouts": 30} if name == "ismcts" else {}
        a = make_bot(name, seed=4, **opts).choose(s.view(0))
        b = make_bot(name, seed=4, **opts).choose(t.view(0))
        assert a == b


def test_ccp_determinizer_agrees_with_the_view_and_never_peeks():
    s = icecream.new_game("combo-cone", players=4, seed=12)
    rng = random.Random(3)
    for _ in range(60):
        s = s.apply(rng.choice(s.legal_actions()))
    v = s.view(1)
    det = Determinizer(v)
    samples = [det.sample(random.Random(k)) for k in range(5)]
    for d in samples:
        d.check_invariants()
        dv = d.view(1)
        for field in ("row", "order_row", "cones", "reserved", "filled", "hand_sizes",
                      "scores", "pile_size", "rainbow_pile", "legal_actions", "phase"):
            assert getattr(dv, field) == getattr(v, field), field
        assert d.hands[1] == s.hands[1]
    assert len({tuple(map(tuple, d.hands)) for d in samples}) > 1  # others' hands vary
    with pytest.raises(ValueError):
        Determinizer(s.view(None))


def test_ccp_bot_options_are_checked():
    with pytest.raises(SettingsError, match="cone_until"):
        make_bot("heuristic", cone_until=-1).choose(
            icecream.new_game("combo-cone", players=2, seed=1).view(0))
    with pytest.raises(SettingsError, match="no option"):
        make_bot("greedy", depth=3).choose(
            icecream.new_game("combo-cone", players=2, seed=1).view(0))


def test_ccp_simulate_and_metrics():
    from icecream.explore import simulate
    from icecream.explore.metrics import default_metrics, metrics_table

    frame = simulate("combo-cone", players=3, bots=["heuristic", "random", "greedy"],
                     games=6, seed=2)
    assert len(frame) == 18 and set(frame["game_name"]) == {"combo-cone"}
    for column in ("cards_left", "orders_filled", "scoops", "combos", "round_scores",
                   "rewards_taken"):
        assert column in frame.columns, column
    assert (frame.groupby("game")["winner"].sum() >= 1).all()
    table = metrics_table(frame, default_metrics(frame))
    assert "ccp_reward_share" in set(table.index) | set(table.get("metric", []))


def test_ccp_command_line_bench_and_simulate():
    env = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}
    out = subprocess.run([sys.executable, "-m", "icecream", "bench", "--game", "combo-cone",
                          "--players", "4", "--games", "20", "--warmup", "5"],
                         capture_output=True, text=True, env=env, cwd=ROOT, timeout=300)
    assert out.returncode == 0, out.stderr
    assert "games/s" in out.stdout and "combo-cone" in out.stdout
    out = subprocess.run([sys.executable, "-m", "icecream", "simulate", "--game", "combo-cone",
                          "--players", "2", "--games", "2"],
                         capture_output=True, text=True, env=env, cwd=ROOT, timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.count("\n") == 1 + 2 * 2  # a header, then one row per game and seat
