"""A position as a link (icecream.core.share, docs/sharing.md): round trips for every game,
damaged and forged tokens refused with one line, a seat's link holding nothing that seat
cannot see, and links written by this version opening in later ones."""

from __future__ import annotations

import base64
import hashlib
import json
import random
import zlib
from pathlib import Path

import pytest

import icecream
from icecream.core.protocol import get_game, list_games
from icecream.core.share import (
    CHECK_BYTES,
    MAX_LINK,
    MAX_UNPACKED,
    ShareLinkError,
    decode_position,
    encode_position,
    fits_in_link,
)

GAMES = list_games()
FIXTURES = Path(__file__).resolve().parent / "fixtures"


def positions(game: str, count: int, seed: int = 0):
    """``count`` positions of random games of ``game`` (every player count in turn), each
    some random actions in."""
    spec = get_game(game)
    rng = random.Random(f"{game}/{seed}")
    for k in range(count):
        n = spec.min_players + k % (spec.max_players - spec.min_players + 1)
        s = icecream.new_game(game, players=n, seed=rng.randrange(10**6))
        for _ in range(rng.randrange(0, 60)):
            if s.is_over:
                break
            s = s.apply(rng.choice(s.legal_actions()))
        yield s


def token_of(payload: dict, version: int = 1) -> str:
    """A well-formed token around ``payload`` (a forger can make one: what it holds must
    still pass the checks)."""
    raw = json.dumps(payload).encode()
    b64 = base64.urlsafe_b64encode
    return (f"{version}.{b64(zlib.compress(raw)).decode().rstrip('=')}."
            f"{b64(hashlib.sha256(raw).digest()[:CHECK_BYTES]).decode().rstrip('=')}")


@pytest.mark.parametrize("game", GAMES)
def test_every_game_round_trips_for_the_teacher_and_for_each_seat(game):
    for s in positions(game, 6):
        teacher = decode_position(encode_position(s, None))
        assert teacher.seat is None and not teacher.resampled
        assert teacher.state.to_dict() == s.to_dict()
        for seat in range(s.num_players):
            shared = decode_position(encode_position(s, seat), seed=seat)
            assert shared.seat == seat and shared.resampled
            assert shared.state.view(seat) == s.view(seat)
            assert shared.state.legal_actions() == s.legal_actions() or \
                s.current_player != seat


@pytest.mark.parametrize("game", GAMES)
def test_a_seats_link_holds_only_what_that_seat_sees(game):
    """Two positions a seat sees alike, with other hidden cards (and another seed for later
    shuffles), give the very same link: the link is made of the view alone."""
    spec = get_game(game)
    for k, s in enumerate(positions(game, 8, seed=1)):
        for seat in range(s.num_players):
            view = s.view(seat)
            other = spec.determinizer(view).sample(random.Random(k * 10 + seat))
            assert other.view(seat) == view
            assert encode_position(other, seat) == encode_position(s, seat)
        if s.num_players > 1 and not s.is_over:
            # ...and the teacher's link does show them: the two positions differ there
            assert encode_position(s, None) != encode_position(s, 0)


@pytest.mark.parametrize("game", GAMES)
def test_typical_positions_fit_in_a_link(game):
    for s in positions(game, 4, seed=2):
        for seat in (None, 0):
            token = encode_position(s, seat)
            assert fits_in_link(token) and len(token) < MAX_LINK // 4, len(token)


def _corrupt(token: str, at: int) -> str:
    c = token[at]
    return token[:at] + ("A" if c != "A" else "B") + token[at + 1:]


@pytest.mark.parametrize(("make", "message"), [
    (lambda t: "", "not a shared position"),
    (lambda t: "hello", "not a shared position"),
    (lambda t: t[: len(t) // 2], "damaged|not a shared position|not link text"),
    (lambda t: _corrupt(t, 10), "changed or damaged|damaged"),
    (lambda t: t[:-2] + ("AA" if t[-2:] != "AA" else "BB"), "changed or damaged"),
    (lambda t: "9" + t[1:], "version 9 is not one this program reads"),
    (lambda t: t.replace(".", "!", 1), "not a shared position"),
    (lambda t: "1.@@@@.AAAA", "not link text"),
    (lambda t: "x" * 300_000, "longer than"),
])
def test_damaged_tokens_are_refused_with_one_line(make, message):
    token = encode_position(icecream.new_game("ice-cream", players=3, seed=1), 0)
    with pytest.raises(ShareLinkError, match=message) as e:
        decode_position(make(token))
    assert "\n" not in str(e.value) and len(str(e.value)) <= 500


def test_forged_tokens_are_checked_like_a_scenario():
    s = icecream.new_game("ice-cream", players=3, seed=1)
    good = {"game": "ice-cream", "seat": 0, "state": s.to_dict()}
    assert decode_position(token_of(good)).state.view(0) == s.view(0)
    cases = [
        ({**good, "game": "chess"}, "unknown game|chess"),
        ({**good, "game": "gelato-mio"}, "not a Gelato Mio position"),
        ({**good, "seat": 3}, "seat must be 0..2"),
        ({**good, "seat": "0"}, "seat must be"),
        ({**good, "extra": 1}, "expected the fields game, seat and state"),
        ({**good, "state": {**s.to_dict(), "scores": [1, 2]}}, "scores"),
        ({**good, "state": {**s.to_dict(), "players": 99}}, "players|3-5|2-5"),
        ([1, 2], "expected the fields"),
    ]
    for payload, message in cases:
        with pytest.raises(ShareLinkError, match=message):
            decode_position(token_of(payload))
    with pytest.raises(ShareLinkError, match="version 2 is not one"):
        decode_position(token_of(good, version=2))


def test_a_token_that_unpacks_to_more_than_the_bound_is_refused():
    raw = b" " * (MAX_UNPACKED + 10)
    check = hashlib.sha256(raw).digest()[:CHECK_BYTES]
    b64 = base64.urlsafe_b64encode
    token = f"1.{b64(zlib.compress(raw, 9)).decode()}.{b64(check).decode()}"
    assert len(token) < 5000  # small to carry, a megabyte unpacked
    with pytest.raises(ShareLinkError, match="too large"):
        decode_position(token)


def test_texts_from_a_link_are_kept_as_text():
    """Names come from strangers: kept as the characters they are (the pages show them as
    text, never markup; tests/browser checks the page)."""
    names = ["<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "javascript:x"]
    s = icecream.new_game("ice-cream", players=names, seed=2)
    shared = decode_position(encode_position(s, 1))
    assert shared.state.names == tuple(names)


def test_a_game_without_a_determinizer_shares_only_the_teachers_view(monkeypatch):
    import dataclasses

    s = icecream.new_game("ice-cream", players=3, seed=1)
    bare = dataclasses.replace(s.game, determinizer=None)
    monkeypatch.setattr(type(s), "game", bare)
    with pytest.raises(ShareLinkError, match="share the teacher's view"):
        encode_position(s, 0)
    assert decode_position(encode_position(s, None)).state.to_dict() == s.to_dict()


def test_links_written_by_version_1_still_open():
    """Tokens written by the first version of the format (kept in tests/fixtures): every
    later version must open them, as the same position seen by the same seat."""
    pinned = json.loads((FIXTURES / "share_links_v1.json").read_text(encoding="utf-8"))
    assert {p["game"] for p in pinned} >= {"ice-cream", "combo-cone", "gelato-mio"}
    for p in pinned:
        shared = decode_position(p["token"], seed=0)
        assert shared.seat == p["seat"]
        s = icecream.new_game(p["game"], players=p["players"], seed=p["seed"])
        for action in p["actions"]:
            s = s.apply(action)
        if p["seat"] is None:
            assert shared.state.to_dict() == s.to_dict()
        else:
            assert shared.state.view(p["seat"]) == s.view(p["seat"])
