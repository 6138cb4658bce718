"""A game's timeline: undo, redo, jump to any step, fork a branch, save and load.

A :class:`History` holds the starting state, every action taken and the state after
each. ``cursor`` is the step being looked at. Playing an action while looking at a past
step drops the steps after it, as undo/redo does in any editor; :meth:`History.fork`
keeps both lines.

>>> import icecream
>>> h = icecream.History.new(icecream.default_game(), players=3, seed=5)
>>> h.play(h.state.legal_actions()[0]).play(h.state.legal_actions()[0]).cursor
2
>>> h.undo().cursor, h.redo().cursor
(1, 2)
>>> branch = h.fork(1)
>>> len(branch), len(h)
(1, 2)
>>> icecream.load_history(h.to_json()).state.to_dict() == h.state.to_dict()
True
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from .errors import IcecreamError, IllegalAction, SaveFileError, clip, quote
from .messages import DEFAULT_LANGUAGE
from .protocol import (
    Action,
    State,
    check_common_fields,
    check_plain,
    get_game,
    new_game,
    parse_json,
    read_json_file,
)

SAVE_KIND = "icecream-game"
#: Saved games name their version apart from positions: version 1 files were written
#: before the seeded shuffles changed (2026-11-30), so their seeds now deal other cards;
#: version 3 adds the outcome and a digest, so a changed file or a changed game is told;
#: version 4 (2026-12-01) writes positions in scenario format 2 (piles top card first,
#: data files' contents in the settings), so its outcome digests that form.
SAVE_FORMAT_VERSION = 4
#: Older files still read: version 2 (no digest) has its actions replayed through the
#: rules; version 3 has its digest checked and its outcome compared on the steps, phase
#: and scores (its digest of the final position is of the old position format).
OLD_FORMAT_VERSIONS = (2, 3)
#: Versions whose files carry an ``outcome`` and a ``digest``.
DIGEST_VERSIONS = (3, SAVE_FORMAT_VERSION)


def digest(data: Any) -> str:
    """``sha256:<hex>`` of ``data``'s canonical JSON (sorted keys, no spaces, ASCII).

    >>> digest({"b": 1, "a": [2]}) == digest({"a": [2], "b": 1})
    True
    """
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return "sha256:" + hashlib.sha256(text.encode("ascii")).hexdigest()


def outcome(state: State, steps: int) -> dict[str, Any]:
    """What the actions led to: their number, the phase, the scores and a digest of the
    whole final position. A save records it; loading replays the actions and compares,
    so a game whose rules or shuffles changed since is told apart from the saved one."""
    return {"steps": steps, "phase": state.phase, "scores": list(state.scores),
            "state": digest(state.to_dict())}


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
            raise IndexError(f"step must be 0..{len(self)}, not {quote(step)}")
        self._cursor = step
        return self

    def fork(self, step: int | None = None) -> History:
        """A new history with the steps up to ``step`` (default: the cursor)."""
        step = self._cursor if step is None else step
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= len(self):
            raise IndexError(f"step must be 0..{len(self)}, not {quote(step)}")
        h = History(self._states[0], self._setup)
        h._states = self._states[: step + 1]
        h._actions = self._actions[:step]
        h._cursor = step
        return h

    # -- saving ------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """Seed, settings and actions (or the starting snapshot), with a format version,
        the outcome of the actions and a digest of all of it (see :func:`load_history`)."""
        d: dict[str, Any] = {"kind": SAVE_KIND, "format_version": SAVE_FORMAT_VERSION,
                             "game": self.game}
        if self._setup is not None:
            d["setup"] = self._setup
        else:
            d["start"] = self._states[0].to_dict()
        d["actions"] = [a.to_dict() for a in self._actions]
        d["cursor"] = self._cursor
        d["outcome"] = outcome(self._states[-1], len(self._actions))
        d["digest"] = digest(d)
        return d

    def to_json(self, **kw: Any) -> str:
        return json.dumps(self.to_dict(), **kw)

    def save(self, path: str | Path) -> None:
        """Write the game as JSON (written whole to a temporary file, then renamed)."""
        path = Path(path)
        tmp = path.with_name(path.name + ".tmp")
        try:
            tmp.write_text(self.to_json(indent=1), encoding="utf-8")
            tmp.replace(path)
        finally:
            tmp.unlink(missing_ok=True)  # only left when writing failed


def load_history(source: Mapping[str, Any] | str | Path) -> History:
    """A history from :meth:`History.to_dict` data, its JSON text, or a file path.

    A :class:`~pathlib.Path` is always a file; a string is a file if one exists by that
    name, else JSON text when it starts with ``{``, else a file name. Every action is
    replayed through the rules; :class:`SaveFileError` names the first problem (bad JSON,
    wrong kind or version, unknown game, a file changed after it was saved, an action the
    rules refuse, an outcome that differs from the saved one).
    """
    data: Any = source
    if isinstance(source, Path) or (isinstance(source, str) and not _is_json_text(source)):
        data = read_json_file(source, SaveFileError, "not a saved game")
    elif isinstance(source, str):
        data = parse_json(source, SaveFileError, "not a saved game")
    else:
        check_plain(data, SaveFileError, "not a saved game")
    if not isinstance(data, Mapping) or data.get("kind") != SAVE_KIND:
        raise SaveFileError(f"not a saved game: expected an object with kind {SAVE_KIND!r}")
    version = data.get("format_version")
    if version == 1 and not isinstance(version, bool):
        raise SaveFileError("saved game format_version 1 was written before the seeded "
                            "shuffles changed: its seed now deals other cards, so its actions "
                            "cannot be replayed; save it again with the version that wrote it")
    if isinstance(version, bool) or version not in (SAVE_FORMAT_VERSION, *OLD_FORMAT_VERSIONS):
        raise SaveFileError(f"saved game format_version {quote(version)} is not "
                            f"{SAVE_FORMAT_VERSION}, the version this program reads")
    saved_outcome = None
    if version in DIGEST_VERSIONS:
        body = {k: v for k, v in data.items() if k != "digest"}
        if "digest" not in data or "outcome" not in data:
            raise SaveFileError("a saved game needs its 'outcome' and 'digest'")
        if data["digest"] != digest(body):
            raise SaveFileError("the saved game was changed after it was saved: its digest "
                                "does not match its contents")
        saved_outcome = data["outcome"]
    try:
        spec = get_game(data.get("game"))
        if "setup" in data:
            setup = data["setup"]
            if not isinstance(setup, Mapping):
                raise SaveFileError("setup: must be an object")
            start = new_game(spec.name, **setup)
            history = History(start, setup)
        elif "start" in data:
            start_data = data["start"]
            if not isinstance(start_data, Mapping):
                raise SaveFileError("start: must be an object (a saved position)")
            check_common_fields(spec, start_data, SaveFileError)
            history = History(spec.from_dict(start_data))
        else:
            raise SaveFileError("a saved game needs 'setup' or 'start'")
    except SaveFileError:
        raise
    except (IcecreamError, TypeError) as e:
        raise SaveFileError(f"cannot set up the saved game: {clip(str(e))}") from None
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise SaveFileError("actions: must be a list")
    for k, a in enumerate(actions):
        try:
            history.play(a)
        except IcecreamError as e:
            raise SaveFileError(f"action {k + 1} ({quote(a)}) does not replay: "
                                f"{clip(str(e))}") from None
    if saved_outcome is not None:
        now = outcome(history.state, len(history))
        if version != SAVE_FORMAT_VERSION and isinstance(saved_outcome, Mapping):
            now.pop("state")  # digested in the old position format: not comparable
            saved_outcome = {k: v for k, v in saved_outcome.items() if k != "state"}
        if saved_outcome != now:
            raise SaveFileError(
                f"the actions replay to another outcome than the saved one (saved "
                f"{quote(saved_outcome, 80)}, now {quote(now, 80)}): the game's rules or "
                f"shuffles changed since it was saved")
    cursor = data.get("cursor", len(history))
    if isinstance(cursor, bool) or not isinstance(cursor, int) or not 0 <= cursor <= len(history):
        raise SaveFileError(f"cursor: must be 0..{len(history)}, not {quote(cursor)}")
    history.jump(cursor)
    return history


def _is_json_text(text: str) -> bool:
    """True for JSON text rather than a file name (an existing file wins)."""
    if not text.lstrip().startswith("{"):
        return False
    try:
        return not os.path.exists(text)
    except (OSError, ValueError):
        return True
