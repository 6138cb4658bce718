"""History: undo, redo, jump, fork, save/load round trip, and replay determinism (ICN-6)."""

from __future__ import annotations

import json
import random

import pytest

import icecream
from icecream import History, load_history
from icecream.core.conformance import replay
from icecream.core.errors import IllegalAction, SaveFileError
from icecream.games.ice_cream import EXAMPLES


def random_history(seed=1, steps=60, players=4, **variant):
    h = History.new("ice-cream", players=players, seed=seed, **variant)
    rng = random.Random(seed)
    for _ in range(steps):
        if h.state.is_over:
            break
        h.play(rng.choice(h.state.legal_actions()))
    return h


def test_replay_determinism_seed_plus_actions():
    h = random_history(seed=5, steps=400)
    again = replay("ice-cream", {"players": 4, "seed": 5}, [a.to_dict() for a in h.actions])
    assert again.to_dict() == h.state.to_dict()
    other = icecream.new_game("ice-cream", players=4, seed=6)
    assert other.to_dict() != h.start.to_dict()        # a different seed deals differently


def test_undo_redo_jump():
    h = random_history(steps=30)
    s30 = h.state
    h.undo()
    assert h.cursor == 29 and h.state is h.states[29]
    h.redo()
    assert h.state is s30
    h.jump(0)
    assert h.state is h.start
    with pytest.raises(IllegalAction, match="nothing to undo"):
        h.undo()
    h.jump(30)
    with pytest.raises(IllegalAction, match="nothing to redo"):
        h.redo()
    for bad in (-1, 31, "3", 2.0, True):
        with pytest.raises(IndexError):
            h.jump(bad)
    assert h.cursor == 30


def test_play_after_undo_drops_the_later_steps_and_fork_keeps_them():
    h = random_history(steps=20)
    branch = h.fork(10)
    assert len(branch) == 10 and branch.state is h.states[10] and len(h) == 20
    branch.play(branch.state.legal_actions()[-1])
    assert len(branch) == 11 and len(h) == 20
    h.jump(10).play(h.state.legal_actions()[0])
    assert len(h) == 11


def test_illegal_play_changes_nothing():
    h = random_history(steps=5)
    before = (len(h), h.cursor, h.state)
    with pytest.raises(IllegalAction):
        h.play({"type": "draw"} if h.state.phase != "serving" else {"type": "keep"})
    assert (len(h), h.cursor, h.state) == before


def test_save_load_round_trip(tmp_path):
    h = random_history(seed=9, steps=150, players=3, ruleset="ijs", days=3)
    h.jump(120)
    path = tmp_path / "game.json"
    h.save(path)
    data = json.loads(path.read_text())
    assert data["format_version"] == 4 and data["setup"]["seed"] == 9
    assert data["outcome"]["steps"] == len(h) and data["digest"].startswith("sha256:")
    assert data["setup"]["close"] == "flavour" and data["setup"]["days"] == 3
    back = load_history(path)
    assert back.cursor == 120 and len(back) == len(h)
    assert back.state.to_dict() == h.state.to_dict()
    assert back.states[-1].to_dict() == h.states[-1].to_dict()


def test_scenario_history_saves_the_start_snapshot():
    h = History(EXAMPLES["joe_case_b"].start())
    for a in EXAMPLES["joe_case_b"].steps:
        h.play(a)
    back = load_history(h.to_json())
    assert "start" in h.to_dict()
    assert back.state.to_dict() == h.state.to_dict()


def test_state_snapshot_round_trip():
    h = random_history(seed=3, steps=77)
    s = h.state
    assert icecream.load_state(s.to_json()).to_dict() == s.to_dict()


@pytest.mark.parametrize(("data", "message"), [
    ("not json", "cannot read|invalid JSON"),
    ("{\"kind\": \"something\"}", "not a saved game"),
    ({"kind": "icecream-game", "format_version": 99, "game": "ice-cream"}, "format_version"),
    ({"kind": "icecream-game", "format_version": 1, "game": "ice-cream", "setup": {}},
     "before the seeded shuffles changed"),
    ({"kind": "icecream-game", "format_version": 2, "game": "chess", "setup": {}},
     "unknown game"),
    ({"kind": "icecream-game", "format_version": 2, "game": "ice-cream",
      "setup": {"players": 9, "seed": 1}}, "players"),
    ({"kind": "icecream-game", "format_version": 2, "game": "ice-cream",
      "setup": {"players": 3, "seed": 1}, "actions": [{"type": "draw"}]},
     "action 1 .* does not replay"),
    ({"kind": "icecream-game", "format_version": 2, "game": "ice-cream",
      "setup": {"players": 3, "seed": 1}, "actions": [], "cursor": 4}, "cursor"),
])
def test_bad_save_files_get_clear_errors(data, message):
    if isinstance(data, dict):
        data = json.dumps(data)
    with pytest.raises(SaveFileError, match=message):
        load_history(data)


def _resigned(data):
    """``data`` with a fresh digest, as a careful forger would write it."""
    from icecream.core.history import digest

    body = {k: v for k, v in data.items() if k != "digest"}
    return {**body, "digest": digest(body)}


def test_a_tampered_save_is_refused_with_that_reason():
    h = random_history(seed=2, steps=40, players=3)
    data = h.to_dict()
    assert load_history(json.dumps(data)).state.to_dict() == h.state.to_dict()
    # Another legal first action: the file still replays, but it is not the game saved.
    first = h.start.legal_actions()
    other = next(a for a in first if a != h.actions[0])
    changed = {**data, "actions": [other.to_dict()] + data["actions"][1:]}
    with pytest.raises(SaveFileError, match="changed after it was saved"):
        load_history(changed)
    with pytest.raises(SaveFileError, match="changed after it was saved"):
        load_history({**data, "cursor": 3})
    no_digest = {k: v for k, v in data.items() if k != "digest"}
    with pytest.raises(SaveFileError, match="needs its 'outcome' and 'digest'"):
        load_history(no_digest)


def test_a_save_whose_game_changed_is_refused():
    # Same actions, but the recorded outcome is not what they lead to now (as if the
    # rules or shuffles had changed since): refused even with a matching digest.
    h = random_history(seed=2, steps=40, players=3)
    data = h.to_dict()
    data["outcome"] = {**data["outcome"], "scores": [1, 2, 3]}
    with pytest.raises(SaveFileError, match="replay to another outcome.*rules or shuffles"):
        load_history(_resigned(data))


def test_version_2_saves_still_replay():
    h = random_history(seed=2, steps=40, players=3)
    data = {k: v for k, v in h.to_dict().items() if k not in ("digest", "outcome")}
    data["format_version"] = 2
    assert load_history(data).state.to_dict() == h.state.to_dict()


def test_file_names_starting_with_a_brace_are_files(tmp_path, monkeypatch):
    h = random_history(seed=2, steps=5, players=3)
    monkeypatch.chdir(tmp_path)
    h.save(tmp_path / "{odd}.json")
    assert len(load_history("{odd}.json")) == 5
    from icecream.cli import main

    assert main(["replay", "{odd}.json"]) == 0
    assert main(["replay", "{missing}.json"]) == 2


def test_log_respects_hidden_information():
    h = random_history(seed=4, steps=3)
    seat1 = " ".join(t for _, t in h.log(seat=1))
    teacher = " ".join(t for _, t in h.log(seat=None))
    assert "You are dealt" in seat1 and "only Player 1 sees it" not in seat1
    assert "only Player 1 sees it" in teacher
