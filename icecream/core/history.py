"""A game's timeline: undo, redo, jump to any step, fork a branch, save and load.

A :class:`History` holds the starting state, every action taken and the state after
each. ``cursor`` is the step being looked at. Playing an action while looking at a past
step drops the steps after it, as undo/redo does in any editor; :meth:`History.fork`
keeps both lines.

>>> import icecream
>>> h = icecream.History.new("ice-cream", players=3, seed=5)
>>> h.play({"type": "keep"}).play({"type": "swap"})
<History ice-cream: step 2 of 2>
>>> h.undo().cursor, h.redo().cursor
(1, 2)
>>> branch = h.fork(1)
>>> len(branch), len(h)
(1, 2)
>>> icecream.load_history(h.to_json()).state.to_dict() == h.state.to_dict()
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from .errors import IcecreamError, IllegalAction, SaveFileError
from .messages import DEFAULT_LANGUAGE
from .protocol import Action, State, get_game, new_game

SAVE_KIND = "icecream-game"
#: Saved games name their version apart from positions: version 1 files were written
#: before the seeded shuffles changed (2026-11-30), so their seeds now deal other cards.
SAVE_FORMAT_VERSION = 2


class History:
    """The timeline of one game. Mutable; the states in it are not."""

    def __init__(self, start: State, setup: Mapping[str, Any] | None = None) -> None:
        """``setup`` is how ``start`` was made (``new_game`` arguments); ``None`` for a
        scenario, which is then saved as a whole snapshot."""
        self._states: list[State] = [start]
        self._actions: list[Action] = []
        self._cursor = 0
        self._setup = dict(setup) if setup is not None else None

    @classmethod
    def new(cls, game: str, players: int | Sequence[str] = 4, seed: int = 0,
            **variant: Any) -> History:
        """A history starting with ``icecream.new_game(game, players, seed, **variant)``."""
        start = new_game(game, players=players, seed=seed, **variant)
        return cls(start, {"players": list(start.names), "seed": seed, **start.setup_args()})

    # -- looking -----------------------------------------------------------------------
    @property
    def game(self) -> str:
        return self._states[0].game.name

    @property
    def state(self) -> State:
        """The state at the cursor."""
        return self._states[self._cursor]

    @property
    def cursor(self) -> int:
        return self._cursor

    @property
    def start(self) -> State:
        return self._states[0]

    @property
    def states(self) -> tuple[State, ...]:
        return tuple(self._states)

    @property
    def actions(self) -> tuple[Action, ...]:
        return tuple(self._actions)

    def __len__(self) -> int:
        """The number of actions (steps) in the timeline."""
        return len(self._actions)

    def __repr__(self) -> str:
        return f"<History {self.game}: step {self._cursor} of {len(self)}>"

    def log(self, seat: int | None = None, lang: str = DEFAULT_LANGUAGE,
            upto: int | None = None) -> list[tuple[int, str]]:
        """(step, text) of every event up to the cursor (or ``upto``) that ``seat`` may read."""
        end = self._cursor if upto is None else upto
        out = []
        for k in range(end + 1):
            for text in self._states[k].event_texts(seat, lang):
                out.append((k, text))
        return out

    # -- moving ------------------------------------------------------------------------
    def play(self, action: Action | Mapping[str, Any]) -> History:
        """Apply ``action`` at the cursor. Raises :class:`IllegalAction`, changing nothing."""
        act = self.state.game.parse_action(action)
        new = self.state.apply(act)
        del self._states[self._cursor + 1:]
        del self._actions[self._cursor:]
        self._states.append(new)
        self._actions.append(act)
        self._cursor += 1
        return self

    def undo(self) -> History:
        """Step back one action (the later steps stay, for :meth:`redo`)."""
        if self._cursor == 0:
            raise IllegalAction("nothing to undo: this is the start of the game")
        self._cursor -= 1
        return self

    def redo(self) -> History:
        if self._cursor >= len(self._actions):
            raise IllegalAction("nothing to redo: this is the latest step")
        self._cursor += 1
        return self

    def jump(self, step: int) -> History:
        """Look at step ``step`` (0 is the start, ``len(self)`` the latest)."""
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= len(self):
            raise IndexError(f"step must be 0..{len(self)}, not {step!r}")
        self._cursor = step
        return self

    def fork(self, step: int | None = None) -> History:
        """A new history with the steps up to ``step`` (default: the cursor)."""
        step = self._cursor if step is None else step
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= len(self):
            raise IndexError(f"step must be 0..{len(self)}, not {step!r}")
        h = History(self._states[0], self._setup)
        h._states = self._states[: step + 1]
        h._actions = self._actions[:step]
        h._cursor = step
        return h

    # -- saving ------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """Seed, settings and actions (or the starting snapshot), with a format version."""
        d: dict[str, Any] = {"kind": SAVE_KIND, "format_version": SAVE_FORMAT_VERSION,
                             "game": self.game}
        if self._setup is not None:
            d["setup"] = self._setup
        else:
            d["start"] = self._states[0].to_dict()
        d["actions"] = [a.to_dict() for a in self._actions]
        d["cursor"] = self._cursor
        return d

    def to_json(self, **kw: Any) -> str:
        return json.dumps(self.to_dict(), **kw)

    def save(self, path: str | Path) -> None:
        """Write the game as JSON (written whole to a temporary file, then renamed)."""
        path = Path(path)
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(self.to_json(indent=1), encoding="utf-8")
        tmp.replace(path)


def load_history(source: Mapping[str, Any] | str | Path) -> History:
    """A history from :meth:`History.to_dict` data, its JSON text, or a file path.

    Every action is replayed through the rules; :class:`SaveFileError` names the first
    problem (bad JSON, wrong kind or version, unknown game, an action the rules refuse).
    """
    data: Any = source
    is_text = isinstance(source, str) and source.lstrip().startswith("{")
    if isinstance(source, Path) or (isinstance(source, str) and not is_text):
        try:
            data = Path(source).read_text(encoding="utf-8")
        except OSError as e:
            raise SaveFileError(f"cannot read {source}: {e.strerror or e}") from None
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as e:
            raise SaveFileError(f"not a saved game: invalid JSON ({e})") from None
    if not isinstance(data, Mapping) or data.get("kind") != SAVE_KIND:
        raise SaveFileError(f"not a saved game: expected an object with kind {SAVE_KIND!r}")
    version = data.get("format_version")
    if version == 1:
        raise SaveFileError("saved game format_version 1 was written before the seeded "
                            "shuffles changed: its seed now deals other cards, so its actions "
                            "cannot be replayed; save it again with the version that wrote it")
    if version != SAVE_FORMAT_VERSION:
        raise SaveFileError(f"saved game format_version {version!r} is not "
                            f"{SAVE_FORMAT_VERSION}, the version this program reads")
    try:
        spec = get_game(data.get("game"))
        if "setup" in data:
            setup = data["setup"]
            if not isinstance(setup, Mapping):
                raise SaveFileError("setup: must be an object")
            start = new_game(spec.name, **setup)
            history = History(start, setup)
        elif "start" in data:
            history = History(spec.from_dict(data["start"]))
        else:
            raise SaveFileError("a saved game needs 'setup' or 'start'")
    except SaveFileError:
        raise
    except (IcecreamError, TypeError) as e:
        raise SaveFileError(f"cannot set up the saved game: {e}") from None
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise SaveFileError("actions: must be a list")
    for k, a in enumerate(actions):
        try:
            history.play(a)
        except IcecreamError as e:
            raise SaveFileError(f"action {k + 1} ({a!r}) does not replay: {e}") from None
    cursor = data.get("cursor", len(history))
    if isinstance(cursor, bool) or not isinstance(cursor, int) or not 0 <= cursor <= len(history):
        raise SaveFileError(f"cursor: must be 0..{len(history)}, not {cursor!r}")
    history.jump(cursor)
    return history
