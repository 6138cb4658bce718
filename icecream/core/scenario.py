"""What every game's scenario loader checks first, and the small field readers they share.

A scenario is plain data (a mapping, or its JSON text) that sets up a position; each game
reads its own fields, but the start is the same for all: the JSON within this package's
limits, no unknown field, the right game and format version, the players, and the
settings made by the game (a :class:`SettingsError` becomes a :class:`ScenarioError`
naming ``settings``).

>>> data = read_scenario('{"players": 3, "seed": 4}', "toy", "a Toy", {"players", "seed"}, 1)
>>> read_int(data, "seed", 0, 0, 9)
4
>>> read_scenario('[' * 5000, "toy", "a Toy", {"players"}, 1)
Traceback (most recent call last):
...
icecream.core.errors.ScenarioError: scenario: not JSON: nested more than 32 levels deep (at ...)
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Any

from .errors import ScenarioError, SettingsError, quote
from .limits import check_seed
from .protocol import check_plain, parse_json
from .settings import SettingsKit

#: The fields every game's scenario has besides its state's own.
COMMON_FIELDS = ("game", "format_version", "players", "settings", "seed", "title",
                 "description")


def scenario_fields(*own: Collection[str]) -> frozenset[str]:
    """Every field a game's scenario may hold: :data:`COMMON_FIELDS` and the game's own.

    >>> sorted(scenario_fields(["cones"], {"pile_size"}) - set(COMMON_FIELDS))
    ['cones', 'pile_size']
    """
    out = set(COMMON_FIELDS)
    for names in own:
        out.update(names)
    return frozenset(out)


def read_scenario(data: Mapping[str, Any] | str | bytes, game: str, loader: str,
                  fields: Collection[str], version: int,
                  older: Mapping[int, Callable[[dict[str, Any]], dict[str, Any]]] | None = None,
                  ) -> Mapping[str, Any]:
    """``data`` as a mapping whose common fields are checked: within the JSON limits, no
    field outside ``fields``, ``game`` (if given) naming ``game``, ``format_version`` (if
    given) equal to ``version`` or one of ``older`` (whose function turns such data into
    the current version's), and ``players`` present. Without ``format_version`` the data
    is read as ``version``, unless it lists a pile an older version reads in another order
    (an upgrade's ``ordered(data)``): then it is refused, with the line to add.
    ``loader`` names the game in the message for another game's scenario ("an Ice Cream").
    """
    if isinstance(data, str | bytes):
        data = parse_json(data, ScenarioError, "scenario")
    else:
        check_plain(data, ScenarioError, "scenario")
    if not isinstance(data, Mapping):
        raise ScenarioError("a scenario must be an object (a mapping of field names)")
    unknown = set(data) - set(fields)
    if unknown:
        raise ScenarioError(f"unknown scenario field(s) {quote(sorted(unknown))}; fields are "
                            f"{sorted(fields)}")
    named = data.get("game", game)
    if not isinstance(named, str) or named != game:
        raise ScenarioError(f"game: this is {loader} scenario loader, not {quote(named)}")
    older = older or {}
    if "format_version" not in data:
        _refuse_unversioned_piles(data, version, older)
    found = data.get("format_version", version)
    if isinstance(found, bool) or not isinstance(found, int) or (
            found != version and found not in older):
        readable = ", ".join(str(v) for v in sorted({version, *older}))
        raise ScenarioError(f"format_version: this engine reads version {readable}, "
                            f"not {quote(found)}")
    if found != version:
        data = older[found](dict(data))
        data["format_version"] = version
    if "players" not in data:
        raise ScenarioError("players: a scenario needs players (a count or a list of names)")
    return data


def scenario_settings(data: Mapping[str, Any], make: SettingsKit | Callable[..., Any]) -> Any:
    """The settings of a checked scenario, with ``settings.names`` ignored (``players``
    says them): made by the game's settings kit (``kit.make(players, ruleset, rest)``),
    or by ``make(players, **settings)``."""
    given = data.get("settings", {})
    if not isinstance(given, Mapping):
        raise ScenarioError("settings: must be an object of setting names to values")
    given = dict(given)
    given.pop("names", None)  # Settings.to_dict() has them; players says them
    if "players" in given:
        raise ScenarioError("settings.players: players is a field of the scenario itself "
                            "(a count or a list of names), not a setting")
    try:
        if isinstance(make, SettingsKit):
            return make.make(data["players"], given.pop("ruleset", None), given)
        return make(data["players"], **given)
    except SettingsError as e:
        raise ScenarioError(f"settings: {e}") from None


def _refuse_unversioned_piles(data: Mapping[str, Any], version: int,
                              older: Mapping[int, Callable[[dict[str, Any]], dict[str, Any]]]
                              ) -> None:
    """A scenario without ``format_version`` is read as ``version``; refuse it when it lists
    a pile that an older version it might have been written in reads in another order:
    such a file would load as another game than the one written, without a word."""
    for old, upgrade in sorted(older.items()):
        ordered = getattr(upgrade, "ordered", None)
        names = ordered(data) if ordered is not None else []
        if names:
            raise ScenarioError(
                f"format_version: missing, and {', '.join(names)} list cards in an order "
                f"that version {old} and {version} read differently; add "
                f'"format_version": {version} if each pile lists its top card first, '
                f'or "format_version": {old} if it lists it last')


@dataclass(frozen=True)
class TopLastToTopFirst:
    """A reader of format version 1 data, whose piles ``flat`` (a list of cards) and
    ``nested`` (a list of piles) listed their top card last: it turns them over, as the
    current version lists every pile top card first. A value that is not a list is left
    for the game's check to refuse.

    >>> up = TopLastToTopFirst(("deck",), ("piles",))
    >>> up({"deck": [1, 2, 3], "piles": [[1, 2], "x"], "seed": 4})
    {'deck': [3, 2, 1], 'piles': [[2, 1], 'x'], 'seed': 4}
    >>> up.ordered({"deck": [1], "piles": [[], [1, 2]]})
    ['piles']
    """

    flat: tuple[str, ...] = ()
    nested: tuple[str, ...] = ()

    def __call__(self, data: dict[str, Any]) -> dict[str, Any]:
        for name in self.flat:
            if isinstance(data.get(name), list):
                data[name] = data[name][::-1]
        for name in self.nested:
            if isinstance(data.get(name), list):
                data[name] = [p[::-1] if isinstance(p, list) else p for p in data[name]]
        return data

    def ordered(self, data: Mapping[str, Any]) -> list[str]:
        """The fields of ``data`` this reader would turn over and whose order shows: a pile
        of two cards or more (one card, or none, reads the same either way)."""
        def long(value: Any) -> bool:
            return isinstance(value, list) and len(value) > 1
        return [name for name in self.flat if long(data.get(name))] + [
            name for name in self.nested if isinstance(data.get(name), list)
            and any(long(p) for p in data[name])]


def top_last_to_top_first(flat: Collection[str] = (), nested: Collection[str] = ()
                           ) -> TopLastToTopFirst:
    """A :class:`TopLastToTopFirst` reader of version 1 data, for the piles ``flat`` and
    ``nested``."""
    return TopLastToTopFirst(tuple(flat), tuple(nested))


def read_int(data: Mapping[str, Any], name: str, default: int, lo: int, hi: int) -> int:
    """The whole number ``data[name]`` (``default`` when missing), within ``lo``..``hi``."""
    v = data.get(name, default)
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise ScenarioError(f"{name}: must be a whole number {lo}..{hi}, not {quote(v)}")
    return v


def read_seed(data: Mapping[str, Any]) -> int:
    """The scenario's ``seed`` (0 when missing): a whole number (:func:`check_seed`)."""
    return check_seed(data.get("seed", 0), ScenarioError, "seed:")


def read_bool(data: Mapping[str, Any], name: str, default: bool = False) -> bool:
    """``data[name]`` as true or false (``default`` when missing)."""
    v = data.get(name, default)
    if not isinstance(v, bool):
        raise ScenarioError(f"{name}: must be true or false, not {quote(v)}")
    return v


def per_seat(data: Mapping[str, Any], name: str, n: int, default: Callable[[], Any],
             who: str = "player") -> list:
    """``data[name]``, a list with one entry per seat; when missing, ``default()`` for each
    seat. ``who`` is the game's word for a player ("Artisan")."""
    v = data.get(name)
    if v is None:
        return [default() for _ in range(n)]
    if not isinstance(v, list) or len(v) != n:
        raise ScenarioError(f"{name}: must be a list with one entry per {who} ({n})")
    return v
