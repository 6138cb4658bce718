"""A position as a link: a short, versioned text that opens the same position and seat.

A teacher hands her class the position on the board ("what would you do here?") as a
link. The link is a *token* (``docs/sharing.md``) in the page's address,
``?position=<token>``; it holds the game's name, the seat it is shared for and the
position in the scenario format (``docs/scenarios.md``), so it is read by the same
checked loader as a scenario file, and a bad or changed token gets one clear line.

Cards are hidden at the table, so a link shared for a seat carries only what that seat
could see: the position is the game's determinizer's sample of the seat's view (the
unseen cards dealt at random, a fresh seed for later shuffles), drawn with a seed made
from the view alone. Two positions that a seat sees alike give the very same link,
whatever the hidden cards are. When the link is opened the unseen cards are dealt again
(:attr:`SharedPosition.resampled`), and the page says so. The teacher's view
(``seat=None``) shares the whole position, as it is.

>>> import icecream
>>> s = icecream.new_game(icecream.default_game(), players=3, seed=4)
>>> token = encode_position(s, seat=0)
>>> token.startswith("1.")
True
>>> shared = decode_position(token)
>>> shared.seat, shared.resampled, shared.state.view(0) == s.view(0)
(0, True, True)
"""

from __future__ import annotations

import base64
import hashlib
import json
import random
import zlib
from dataclasses import dataclass
from typing import Any

from .errors import IcecreamError, quote
from .protocol import State, check_plain, get_game, parse_json
from .view import check_seat

#: The token format this module writes; :data:`READABLE` lists those it opens.
LINK_VERSION = 1
READABLE = (1,)
#: The longest token a link carries (characters). Longer ones, such as a position with a
#: data file of its own (Combo Cone's ``deck=...``), go into a file instead: some servers
#: and mail programs cut addresses past about 8,000 characters.
MAX_LINK = 6000
#: The longest token read at all, from a link or from a file (:data:`MAX_LINK` is for
#: links; a file may hold a position with its own data files).
MAX_FILE_TOKEN = 200_000
#: The most a token may unpack to (bytes of JSON): a token is small, a bomb is refused.
MAX_UNPACKED = 1_000_000
#: Bytes of SHA-256 kept as the token's check: a token cut short or changed by hand fails
#: it. (It tells damage, not a forgery: what a token holds is checked like any scenario.)
CHECK_BYTES = 6


class ShareLinkError(IcecreamError, ValueError):
    """A token that cannot be opened; the message is one line naming what is wrong."""


@dataclass(frozen=True)
class SharedPosition:
    """An opened token: the position, the seat it was shared for (``None``: the
    teacher's view, everything shown) and whether the unseen cards were dealt anew."""

    state: State
    seat: int | None
    resampled: bool


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def pack_token(payload: Any) -> str:
    """``payload`` (plain JSON) as a link token: ``<version>.<packed>.<check>``, the
    version, the zlib-packed JSON in base64url and the first :data:`CHECK_BYTES` of its
    SHA-256. Every link of this program (a position, a teacher's example or lesson) is
    framed so."""
    raw = json.dumps(payload, sort_keys=True, separators=(",", ":"),
                     ensure_ascii=False).encode("utf-8")
    check = hashlib.sha256(raw).digest()[:CHECK_BYTES]
    return f"{LINK_VERSION}.{_b64(zlib.compress(raw, 9))}.{_b64(check)}"


def unpack_token(token: Any, what: str, error: type[IcecreamError], thing: str,
                 part: str) -> Any:
    """The plain JSON a :func:`pack_token` token holds, its framing checked: text, at most
    :data:`MAX_FILE_TOKEN` characters, three parts, a version this program reads, link
    text, unpacking whole within :data:`MAX_UNPACKED` bytes, the check. Anything else
    raises ``error`` with one line starting with ``what`` ("position link"); ``thing``
    names what such a token is ("a shared position"), ``part`` its middle ("position")."""
    if not isinstance(token, str):
        raise error(f"{what}: must be text, not {type(token).__name__}")
    token = token.strip()
    if len(token) > MAX_FILE_TOKEN:
        raise error(f"{what}: {len(token)} characters is longer than the {MAX_FILE_TOKEN} "
                    f"{thing} may have")
    parts = token.split(".")
    if len(parts) != 3 or not parts[0].isdigit():
        raise error(f"{what}: not {thing} (expected <version>.<{part}>.<check>); was it "
                    "copied whole?")
    version = int(parts[0])
    if version not in READABLE:
        raise error(f"{what}: version {version} is not one this program reads "
                    f"({', '.join(map(str, READABLE))}); open it with a newer icecream")
    packed, check = (_unb64(text, name, what, error)
                     for text, name in ((parts[1], part), (parts[2], "check")))
    unpack = zlib.decompressobj()
    try:
        raw = unpack.decompress(packed, MAX_UNPACKED)
    except zlib.error:
        raise error(f"{what}: damaged (it does not unpack); was it copied whole?") from None
    if unpack.unconsumed_tail or not unpack.eof:
        raise error(f"{what}: damaged or too large (it does not unpack whole within "
                    f"{MAX_UNPACKED} bytes)")
    if hashlib.sha256(raw).digest()[:CHECK_BYTES] != check:
        raise error(f"{what}: changed or damaged (its check does not match its {part}); "
                    "ask for the link again")
    data = parse_json(raw, error, what)
    check_plain(data, error, what)
    return data


def _unb64(text: str, name: str, what: str, error: type[IcecreamError]) -> bytes:
    try:  # validate: a character outside the alphabet is damage, not something to skip
        return base64.b64decode(text + "=" * (-len(text) % 4), altchars=b"-_",
                                validate=True)
    except (ValueError, TypeError):
        raise error(f"{what}: its {name} is not link text (base64url)") from None


def _view_seed(view: Any) -> int:
    """A seed made from what the seat sees, and nothing else."""
    text = json.dumps(view.to_dict(), sort_keys=True, default=list, separators=(",", ":"))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def _seat_position(state: State, seat: int) -> State:
    """A position that ``seat`` sees exactly as in ``state``, its unseen cards dealt by
    the game's determinizer from a seed made of the view alone."""
    spec = state.game
    if spec.determinizer is None:
        raise ShareLinkError(f"{spec.title} cannot hide a seat's unseen cards (it has no "
                             "determinizer): share the teacher's view instead")
    view = state.view(seat)
    return spec.determinizer(view).sample(random.Random(_view_seed(view)))


def encode_position(state: State, seat: int | None) -> str:
    """The token of ``state`` shared for ``seat`` (``None``: the teacher's view).

    A seat's token holds only what that seat sees (see the module's docstring); it may
    be longer than :data:`MAX_LINK` (:func:`fits_in_link`), and then belongs in a file.
    """
    check_seat(seat, state.num_players)
    shared = state if seat is None else _seat_position(state, seat)
    return pack_token({"game": state.game.name, "seat": seat, "state": shared.to_dict()})


def fits_in_link(token: str) -> bool:
    """Whether ``token`` is short enough for a page address (:data:`MAX_LINK`)."""
    return len(token) <= MAX_LINK


def decode_position(token: str, *, seed: int | None = None) -> SharedPosition:
    """Open a token: check it, load its position like a scenario and, for a seat's
    token, deal that seat's unseen cards again (with ``seed``; ``None``: at random).

    A token that is too long, damaged, of an unknown version, for an unknown game or
    seat, or whose position a game's loader refuses raises :class:`ShareLinkError`
    with one line naming the problem.
    """
    data = unpack_token(token, "position link", ShareLinkError, "a shared position",
                        "position")
    if not isinstance(data, dict) or set(data) != {"game", "seat", "state"}:
        raise ShareLinkError("position link: expected the fields game, seat and state")
    try:
        spec = get_game(data["game"])
    except IcecreamError as e:
        raise ShareLinkError(f"position link: {e}") from None
    state_data = data["state"]
    if not isinstance(state_data, dict) or state_data.get("game", spec.name) != spec.name:
        raise ShareLinkError(f"position link: its position is not a {spec.title} "
                             f"position, though the link says {quote(spec.name)}")
    try:
        state = spec.from_dict(state_data)
    except IcecreamError as e:
        raise ShareLinkError(f"position link: {e}") from None
    seat = data["seat"]
    try:
        check_seat(seat, state.num_players)
    except ValueError as e:
        raise ShareLinkError(f"position link: {e}") from None
    if seat is None:
        return SharedPosition(state, None, False)
    view = state.view(seat)
    rng = random.Random(seed)
    return SharedPosition(spec.determinizer(view).sample(rng), seat, True)



__all__ = ["LINK_VERSION", "MAX_LINK", "READABLE", "SharedPosition", "ShareLinkError",
           "decode_position", "encode_position", "fits_in_link", "pack_token", "unpack_token"]
