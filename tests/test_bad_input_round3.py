"""Issue 22, the rest: impossible positions refused at load naming the field, one scenario
format for every game (top card first, format version 2), saves that carry their data
files, and random games from mutated scenarios that always end.

Rule ids: IC-12 (phase 3 ends when the last cone is served), CCP-11 (final turns start
when the draw pile is empty), GM-5 (Quality Control takes half of more than 7 cards or 3
balls), GM-7 (objectives need the customers), GM-9 (the last round starts when a ball
pile runs out), GMN-7 (every player passing ends the game).
"""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

import icecream
from icecream.cli import main as cli
from icecream.core.errors import IcecreamError, SaveFileError, ScenarioError
from icecream.core.history import History, load_history
from icecream.core.protocol import FORMAT_VERSION, get_game, list_games, load_state
from icecream.games.combo_cone.components import shipped_components
from icecream.games.gelato_mio.components import customers_data, load_customers

ROOT = Path(__file__).resolve().parents[1]


def refused(game: str, data: dict, words: str) -> str:
    """The one-line refusal of ``data`` by ``game``'s loader, checked to hold ``words``."""
    with pytest.raises(ScenarioError) as info:
        get_game(game).from_scenario(data)
    text = str(info.value)
    assert words in text and "\n" not in text and len(text) <= 500, text
    return text


def validate_exit(data: dict, tmp_path: Path, capsys: pytest.CaptureFixture) -> tuple[int, str]:
    path = tmp_path / "s.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code = cli(["validate", str(path)])
    out = capsys.readouterr()
    return code, (out.out + out.err).strip()


# -- 1. Ice Cream: phase 3 with no cone left is refused at load (IC-12) -------------------------
@pytest.mark.parametrize(("cones", "words"), [
    ([], "the list is empty"),
    ([None, None], "2 given, all null"),
    (..., "the field is missing"),
])
def test_ic12_phase_3_without_a_cone_to_serve_is_refused_at_load(cones, words, tmp_path, capsys):
    data: dict[str, Any] = {"game": "ice-cream", "players": 3, "phase": "serving"}
    if cones is not ...:
        data["cones"] = cones
    text = refused("ice-cream", data, "cones: phase 3 needs at least one cone not yet served")
    assert words in text and "IC-12" in text
    code, out = validate_exit(data, tmp_path, capsys)
    assert code == 2 and out.count("\n") == 0 and "cones:" in out


def test_ic_null_cones_outside_phase_3_are_refused_and_phase_2_may_start_with_none():
    refused("ice-cream", {"players": 3, "phase": "over", "day": 4, "cones": [None]},
            "cones: there are no cones in phase 'over'")
    s = get_game("ice-cream").from_scenario({"players": 3, "phase": "cones", "cones": []})
    assert s.phase == "cones" and s.legal_actions()  # the first scoop starts a cone (IC-7)


# -- 4. impossible positions, one line each, validate exits 2 -----------------------------------
def _gm_base() -> dict:
    return icecream.new_game("gelato-mio", players=3, seed=1).to_dict()


def _gm_qc_empty_hand() -> dict:
    data = _gm_base()
    data["display"][0][0], data["deck"] = "qc_hand", data["deck"] + [data["display"][0][0]]
    data["deck"].remove("qc_hand")
    data["quality_control"] = {"card": "qc_hand", "spot": [0, 0], "pending": [[0, 3]]}
    return data


IMPOSSIBLE = [
    ("combo-cone", {"players": 3, "phase": "over"}, "phase: the game is over only after"),
    ("combo-cone", {**icecream.new_game("combo-cone", players=2).to_dict(),
                    "final_turns_left": 2},
     "final_turns_left: the final turns start only when the draw pile is empty (CCP-11), but "
     "it holds 48 cards"),
    ("combo-cone", {"players": 2, "final_turns_left": 0, "pile_size": 0},
     "final_turns_left: 0 means the last final turn was played"),
    ("combo-cone", {"players": 2, "pile_size": 0}, "final_turns_left: the draw pile is empty"),
    ("gelato-mio", {**_gm_base(), "over": True}, "over: the game ends after a ball pile ran out"),
    ("gelato-mio", {**_gm_base(), "claimed": [0, None, None]},
     "claimed[0]: seat 0 served 0 bowl customers, but the objective needs 2 (GM-7)"),
    ("gelato-mio", {**_gm_base(), "claimed": [None, None, 2]}, "claimed[2]: seat 2 served 0"),
    ("gelato-mio", {**_gm_base(), "last_round_left": 2},
     "last_round_left: the last round starts when a ball pile runs out (GM-9), but every ball"),
    ("gelato-mio", {**_gm_base(), "pile_out": True}, "pile_out: the last round starts"),
    ("gelato-mio", _gm_qc_empty_hand(),
     "quality_control.pending[0]: seat 0 has 0 cards in hand, so it cannot still owe 3"),
]


@pytest.mark.parametrize(("game", "data", "words"), IMPOSSIBLE,
                         ids=[f"{w.split(':')[0]}-{i}" for i, (_g, _d, w) in enumerate(IMPOSSIBLE)])
def test_an_impossible_position_is_refused_naming_the_field_and_validate_exits_2(
        game, data, words, tmp_path, capsys):
    refused(game, data, words)
    code, out = validate_exit({"game": game, **data}, tmp_path, capsys)
    assert code == 2 and "\n" not in out and words.split(":")[0] in out, out


def test_ccp11_the_positions_that_are_reachable_are_still_accepted():
    s = get_game("combo-cone").from_scenario(
        {"players": 2, "final_turns_left": 2, "pile_size": 0})
    assert s.random_playout(random.Random(1).random) <= 2 * 50 and s.is_over
    over = get_game("combo-cone").from_scenario(
        {"players": 2, "phase": "over", "pile_size": 0, "turn": 7})
    assert over.is_over and over.winners


def test_gm5_quality_control_owing_what_the_hand_can_give_is_accepted():
    data = _gm_qc_empty_hand()
    # 6 cards now, 2 still owed: it held 8 (more than 7) and owed 4 (GM-5).
    hand = [c for c in data["deck"] if not c.startswith("qc")][:6]
    for c in hand:
        data["deck"].remove(c)
    data["hands"][0] = hand
    data["quality_control"]["pending"] = [[0, 2]]
    s = get_game("gelato-mio").from_scenario(data)
    assert s.phase == "quality_control" and s.legal_actions()
    data["quality_control"]["pending"] = [[0, 3]]  # 6 cards with 3 owed: it held 6
    refused("gelato-mio", data, "quality_control.pending[0]: seat 0 has 6 cards")


# -- 2. one scenario format: top card first everywhere, version 1 still read --------------------
def test_gelato_mio_piles_and_deck_are_written_top_card_first():
    s = icecream.new_game("gelato-mio", players=2, seed=4)
    data = s.to_dict()
    assert data["format_version"] == FORMAT_VERSION == 2
    recipes = s.settings.recipes
    assert data["deck"][0] == ("sugar", "cream", "strawberry", "chocolate", "vanilla", "bowl",
                               "cone", "wafer", "qc_hand", "qc_balls")[s.deck[-1]]
    assert [p[0] for p in data["piles"] if p] == [recipes[p[-1]].id for p in s.piles if p]
    # The first card listed is the one drawn next.
    rigged = dict(data, deck=["qc_balls"] + [c for c in data["deck"] if c != "qc_balls"])
    assert get_game("gelato-mio").from_scenario(rigged).deck[-1] == 9


def _older_formats() -> list[tuple[str, int]]:
    """(game, version) for every older scenario format a game's spec says it still reads."""
    return [(g, v) for g in list_games() for v in get_game(g).older_formats]


@pytest.mark.parametrize(("game", "version"), _older_formats())
def test_an_older_format_save_still_loads_with_its_piles_turned_over(game, version):
    # The change is the spec's own (GameSpec.older_formats): version 1 listed some piles
    # top card last, and turning them over reads it.
    rng = random.Random(3)
    spec = get_game(game)
    s = icecream.new_game(game, players=max(spec.min_players, min(3, spec.max_players)),
                          seed=7)
    for _ in range(25):
        if s.is_over:
            break
        s = s.apply(rng.choice(s.legal_actions()))
    data = s.to_dict()
    old = spec.older_formats[version].write(copy.deepcopy(data))
    old["format_version"] = version
    assert load_state(old).to_dict() == data


@pytest.mark.parametrize("game", list_games())
def test_a_format_version_the_game_never_had_is_refused(game):
    spec = get_game(game)
    data = icecream.new_game(game, players=spec.min_players, seed=7).to_dict()
    readable = ", ".join(str(v) for v in sorted({FORMAT_VERSION, *spec.older_formats}))
    with pytest.raises(ScenarioError, match=rf"format_version: this engine reads version "
                                            rf"{readable}, not {FORMAT_VERSION + 1}"):
        load_state({**data, "format_version": FORMAT_VERSION + 1})


def test_the_discard_piles_are_top_card_first_in_every_game():
    s = get_game("ice-cream").from_scenario({"format_version": 2, "players": 3,
                                "phase": "deliveries", "to_act": 2,
                                "hands": [{"face_down": "vanilla"}, {"face_down": "vanilla"},
                                          {"face_down": "pistachio"}],
                                "ice_cream_discard": ["strawberry", "chocolate"],
                                "swappers": [1, 0], "dealer": 0})
    assert s.ic_discard[-1] == 0 and s.swappers[-1] == 1  # strawberry, by seat 1, on top
    assert s.to_dict()["ice_cream_discard"] == ["strawberry", "chocolate"]


def test_gelato_mio_takes_title_and_description():
    data = {**_gm_base(), "title": "A start", "description": "Any text for people"}
    assert get_game("gelato-mio").from_scenario(data).turn == 0


def test_docs_scenarios_documents_every_field_of_every_game_once():
    text = (ROOT / "docs" / "scenarios.md").read_text(encoding="utf-8")
    assert "top card first" in text and "format_version" in text
    # This repository's games (a plug-in documents its own scenarios).
    for game in [g for g in list_games()
                 if get_game(g).from_scenario.__module__.startswith("icecream.")]:
        fields = get_game(game).from_scenario.__globals__.get("SCENARIO_FIELDS") or \
            get_game(game).from_scenario.__globals__["_FIELDS"]
        missing = [f for f in fields if f"`{f}`" not in text]
        assert not missing, (game, missing)
    protocol = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    qc_row = next(line for line in protocol.splitlines() if line.startswith("| Quality Control"))
    assert "Discard" in qc_row and "ReturnBall" in qc_row


# -- 3. saves carry their data files, covered by the digest -------------------------------------
def _other_deck(tmp_path: Path) -> str:
    data = shipped_components().to_data()
    for c in data["ice_cream"]:
        c["flavour"] = {"vanilla": "lemon", "lemon": "vanilla"}.get(c["flavour"], c["flavour"])
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def _other_customers(tmp_path: Path) -> str:
    data = customers_data(load_customers())
    data["customers"][0]["points"] = 13
    path = tmp_path / "customers.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(("game", "setting", "make", "played"), [
    ("combo-cone", "deck", _other_deck, lambda s: s.comps.ice_cream[0].flavour == 5),
    ("gelato-mio", "customers", _other_customers, lambda s: s.settings.recipes[0].points == 13),
])
def test_a_save_carries_its_data_file_under_the_digest(game, setting, make, played, tmp_path):
    path = make(tmp_path)
    h = History.new(game, players=2, seed=3, **{setting: path})
    for _ in range(6):
        h.play(h.state.legal_actions()[0])
    saved = h.to_json()
    state = h.state.to_dict()
    Path(path).write_text("{not json any more", encoding="utf-8")  # edited...
    assert played(h.state)  # ...the game set up before plays on with what it read
    Path(path).unlink()  # ...and gone
    assert "{not json" not in saved and isinstance(json.loads(saved)["setup"][setting], dict)
    back = load_history(saved)
    assert played(back.state) and back.state.to_dict() == state
    assert played(load_state(state)) and load_state(state).to_dict() == state
    forged = json.loads(saved)
    data = forged["setup"][setting]
    (data["ice_cream"][0] if game == "combo-cone" else data["customers"][0]).update(
        {"flavour": "mint"} if game == "combo-cone" else {"points": 14})
    with pytest.raises(SaveFileError, match="changed after it was saved"):
        load_history(forged)


def test_a_scenario_start_carries_its_data_file_too(tmp_path):
    path = _other_customers(tmp_path)
    start = icecream.new_game("gelato-mio", players=2, seed=2, customers=path)
    h = History(load_state(start.to_dict()))
    h.play(h.state.legal_actions()[0])
    Path(path).unlink()
    assert load_history(h.to_dict()).state.settings.recipes[0].points == 13


def test_inline_data_is_checked_like_a_file():
    bad = customers_data(load_customers())
    bad["customers"][0]["id"] = "a\ud800"
    with pytest.raises(IcecreamError, match=r"customers.*customers\[0\]"):
        icecream.new_game("gelato-mio", players=2, customers=bad)


# -- 4. every position the loader accepts is reachable enough that its game ends --------------
# How many actions a game may take is the game's own bound (GameSpec.step_limit).


def _leaves(data: Any, here: tuple = ()) -> list[tuple]:
    out = []
    if isinstance(data, dict):
        for k, v in data.items():
            out += _leaves(v, (*here, k))
    elif isinstance(data, list):
        out.append(here)
        for i, v in enumerate(data):
            out += _leaves(v, (*here, i))
    else:
        out.append(here)
    return out


def _at(data: Any, path: tuple) -> Any:
    for k in path:
        data = data[k]
    return data


def mutate(data: dict, rng: random.Random) -> dict:
    """A plausible mutation: a number nudged, a flag flipped, a text swapped for another of
    the document, a card moved from one list to another, a field dropped."""
    data = copy.deepcopy(data)
    leaves = [p for p in _leaves(data) if p and p[0] not in ("game", "format_version",
                                                             "players", "settings")]
    lists = [p for p in leaves if isinstance(_at(data, p), list)]
    texts = [v for p in leaves if isinstance(v := _at(data, p), str)]
    if not leaves:
        return data
    kind = rng.choice(["nudge", "nudge", "move", "move", "text", "drop"])
    path = rng.choice(leaves)
    value = _at(data, path)
    parent = _at(data, path[:-1])
    if kind == "move" and len(lists) > 1:
        a, b = rng.sample(lists, 2)
        src, dst = _at(data, a), _at(data, b)
        if src:
            dst.insert(rng.randint(0, len(dst)), src.pop(rng.randrange(len(src))))
    elif kind == "drop" and len(path) == 1:
        del data[path[0]]
    elif isinstance(value, bool):
        parent[path[-1]] = not value
    elif isinstance(value, int):
        parent[path[-1]] = max(0, value + rng.choice([-2, -1, 1, 2, 5]))
    elif value is None:
        parent[path[-1]] = rng.choice([0, 1, 2])
    elif isinstance(value, str) and texts:
        parent[path[-1]] = rng.choice(texts)
    return data


def _seeds(game: str, rng: random.Random) -> list[dict]:
    spec = get_game(game)
    out = [{"game": game, **copy.deepcopy(ex.scenario)} for ex in spec.examples().values()]
    for n in (spec.min_players, spec.max_players):
        s = spec.new_state(players=n, seed=rng.randrange(1000))
        stops = {rng.randrange(1, 200) for _ in range(6)}
        for step in range(max(stops) + 1):
            if s.is_over:
                break
            if step in stops:
                out.append(s.to_dict())
            s = s.apply(rng.choice(s.legal_actions()))
        out.append(s.to_dict())  # the end, or a late position
    return out


@pytest.mark.parametrize("game", list_games())
def test_random_games_from_mutated_scenarios_all_end(game):
    rng = random.Random(f"round3/{game}")
    spec = get_game(game)
    seeds = _seeds(game, rng)
    counts = {"accepted": 0, "refused": 0}
    # Fewer positions for a game whose random play runs long (its step limit says so).
    for k in range(150 if spec.step_limit <= 3000 else 120):
        data = mutate(rng.choice(seeds), rng)
        if rng.random() < 0.5:
            data = mutate(data, rng)
        try:
            s = spec.from_scenario(data)
        except IcecreamError as e:
            assert "\n" not in str(e) and len(str(e)) <= 500
            counts["refused"] += 1
            continue
        counts["accepted"] += 1
        s = s.clone()
        for step in range(spec.step_limit):
            if s.is_over:
                break
            legal = s.legal_actions()
            assert legal, (k, step, data, "no legal action in a game that is not over")
            s.apply_in_place(legal[rng.randrange(len(legal))])
            if step % 97 == 0:
                s.check_invariants()
        assert s.is_over, (k, data, f"the game did not end in {spec.step_limit} actions")
        s.check_invariants()
        assert s.winners and load_state(s.to_dict()).is_over  # its end saves and loads
    assert counts["accepted"] >= 20 and counts["refused"] >= 5, counts


@pytest.mark.parametrize("game", list_games())
def test_heuristic_bots_finish_a_mutated_accepted_position(game):
    from icecream.bots import decide, make_bot

    rng = random.Random(f"bots/{game}")
    spec = get_game(game)
    # The game's heuristic when it has one (optional: GameSpec.policies), else random play.
    kind = "heuristic" if "heuristic" in spec.policies else "random"
    seeds = _seeds(game, rng)
    done = 0
    while done < 3:
        try:
            s = spec.from_scenario(mutate(rng.choice(seeds), rng))
        except IcecreamError:
            continue
        bots = [make_bot(kind, seed=rng.randrange(99)) for _ in s.names]
        for _ in range(spec.step_limit):
            if s.is_over:
                break
            p = s.current_player
            s = s.apply(decide(bots[p], s, p))
        assert s.is_over
        done += 1


def _as_version_3(d: dict, version: int = 3) -> dict:
    """A save as version 3 wrote it: its start position in format 1 (Gelato Mio's piles and
    every discard pile top card last) and its outcome digest of that old form."""
    from icecream.core.history import digest

    d = copy.deepcopy(d)
    d["format_version"] = version
    older = get_game(d["game"]).older_formats
    if "start" in d and 1 in older:  # a game that had format 1 wrote its start in it
        start = d["start"] = older[1].write(d["start"])
        start["format_version"] = 1
    d["outcome"]["state"] = "sha256:" + "0" * 64  # a digest of the old position format
    body = {k: v for k, v in d.items() if k != "digest"}
    d["digest"] = digest(body)
    return d


@pytest.mark.parametrize("game", list_games())
@pytest.mark.parametrize("snapshot", [False, True])
def test_a_version_3_save_still_loads_and_a_changed_one_is_still_refused(game, snapshot):
    rng = random.Random(5)
    h = History.new(game, players=3, seed=11)
    if snapshot:
        h = History(load_state(h.state.to_dict()))
    for _ in range(30):
        if h.state.is_over:
            break
        h.play(rng.choice(h.state.legal_actions()))
    now = h.to_dict()
    assert now["format_version"] == 4
    old = _as_version_3(now)
    assert load_history(old).state.to_dict() == h.state.to_dict()
    old["outcome"]["scores"] = [99] * 3
    with pytest.raises(SaveFileError, match="changed after it was saved"):
        load_history(old)
    with pytest.raises(SaveFileError, match="another outcome"):
        load_history(_as_version_3(now, version=4))  # version 4 compares the whole digest


_IC_DISCARDED = {"players": 3, "phase": "deliveries", "to_act": 2, "dealer": 0,
                 "hands": [{"face_down": "vanilla"}, {"face_down": "vanilla"},
                           {"face_down": "pistachio"}]}


@pytest.mark.parametrize(("game", "data", "fields"), [
    ("ice-cream", {**_IC_DISCARDED, "ice_cream_discard": ["strawberry", "chocolate"],
                   "swappers": [1, 0]}, "ice_cream_discard, swappers"),
    ("gelato-mio", _gm_base(), "deck, piles"),
])
def test_a_file_listing_piles_without_format_version_is_refused_with_the_line_to_add(
        game, data, fields):
    """A format-1 file without the field (read as version 1 until version 2 came) would
    load with its piles turned over, as another game: refused, saying what to add."""
    data = {k: v for k, v in data.items() if k != "format_version"}
    with pytest.raises(ScenarioError) as e:
        get_game(game).from_scenario(data)
    line = str(e.value)
    assert line.startswith(f"format_version: missing, and {fields} list cards")
    assert '"format_version": 2' in line and '"format_version": 1' in line
    one = get_game(game).from_scenario({**data, "format_version": 1})
    two = get_game(game).from_scenario({**data, "format_version": 2})
    assert one.to_dict() != two.to_dict()  # the piles they say, each its own way


def test_a_file_without_format_version_whose_piles_read_the_same_loads_as_version_2():
    data = {**_IC_DISCARDED, "ice_cream_discard": ["strawberry"], "swappers": [1]}
    s = get_game("ice-cream").from_scenario(data)
    assert s.to_dict() == get_game("ice-cream").from_scenario(
        {**data, "format_version": 1}).to_dict()
