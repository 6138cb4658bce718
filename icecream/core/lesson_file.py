"""A teacher's lesson as one file, and a teacher's example or lesson as a link.

A *lesson* is several chapters in order, each a position (a share token,
:mod:`icecream.core.share`), a puzzle (a position the student is asked "what would you
do?") or an example (a teacher's example, :func:`icecream.core.examples.read_example`),
with the teacher's notes. The file is versioned JSON with a digest (``docs/lessons.md``):

.. code-block:: json

    {"format": "icecream-lesson", "version": 1, "title": "...", "notes": "...",
     "chapters": [{"kind": "puzzle", "title": "...", "notes": "...", "position": "1.eJ..."}],
     "digest": "sha256:..."}

Files and links come from strangers: :func:`read_lesson` bounds the size, checks the
digest, every field, every position (like a scenario, for the game it names) and every
example (like the rulebook's own), and refuses with one line (:class:`LessonFileError`).
Titles and notes are kept as the characters they are; pages show them as text.

An example or a lesson also goes into a page address (``?example=<token>``,
``?lesson=<token>``) with the position codec's framing: ``1.<packed>.<check>``, the
version, the zlib-packed JSON in base64url and the first bytes of its SHA-256
(:func:`encode_link`, :func:`decode_link`).

>>> import icecream
>>> from icecream.core.share import encode_position
>>> s = icecream.new_game(icecream.default_game(), players=3, seed=2)
>>> lesson = Lesson("Day one", "", (Chapter("puzzle", "<i>Yours</i>", "Think!",
...                                          position=encode_position(s, 0)),))
>>> back = read_lesson(lesson_to_json(lesson))
>>> back.chapters[0].title, back == lesson
('<i>Yours</i>', True)
>>> decode_link(encode_link("lesson", lesson_to_dict(lesson)), "lesson")["title"]
'Day one'
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .errors import IcecreamError, quote
from .examples import Example, ExampleFileError, example_to_dict, read_example
from .history import digest
from .protocol import check_plain, parse_json
from .share import (
    SharedPosition,
    ShareLinkError,
    decode_position,
    pack_token,
    unpack_token,
)

LESSON_FORMAT = "icecream-lesson"
#: The lesson format this module writes; :data:`READABLE` lists those it reads.
LESSON_VERSION = 1
READABLE = (1,)
#: The largest lesson file read (bytes): a class's lesson is tens of kilobytes.
MAX_LESSON_BYTES = 2_000_000
#: The most chapters a lesson may have.
MAX_CHAPTERS = 100
#: The longest title or notes, in characters.
MAX_NOTES = 5000
#: What a chapter may be.
KINDS = ("position", "puzzle", "example")
#: The links' kinds (``?example=`` and ``?lesson=``), framed as a position's
#: (:func:`~icecream.core.share.pack_token`).
LINK_KINDS = ("example", "lesson")


class LessonFileError(IcecreamError, ValueError):
    """A lesson file or link that cannot be opened; the message is one line."""


@dataclass(frozen=True)
class Chapter:
    """One chapter: ``kind`` (:data:`KINDS`), the teacher's title and notes, and a share
    token (``position``, for a position or a puzzle) or an :class:`Example`."""

    kind: str
    title: str
    notes: str = ""
    position: str | None = None
    example: Example | None = None

    def shared(self, seed: int | None = None) -> SharedPosition:
        """The chapter's position, opened (a seat's unseen cards dealt with ``seed``)."""
        if self.position is None:
            raise LessonFileError(f"a chapter of kind {self.kind} has no position")
        return decode_position(self.position, seed=seed)


@dataclass(frozen=True)
class Lesson:
    """A lesson: its title, the teacher's opening notes, and its chapters in order."""

    title: str
    notes: str
    chapters: tuple[Chapter, ...]


def _chapter_dict(c: Chapter) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": c.kind, "title": c.title, "notes": c.notes}
    if c.position is not None:
        out["position"] = c.position
    if c.example is not None:
        out["example"] = example_to_dict(c.example)
    return out


def lesson_to_dict(lesson: Lesson) -> dict[str, Any]:
    """``lesson`` as its file's JSON object, with the digest."""
    body = {"format": LESSON_FORMAT, "version": LESSON_VERSION, "title": lesson.title,
            "notes": lesson.notes, "chapters": [_chapter_dict(c) for c in lesson.chapters]}
    return {**body, "digest": digest(body)}


def lesson_to_json(lesson: Lesson) -> str:
    """``lesson`` as the text of a lesson file."""
    return json.dumps(lesson_to_dict(lesson), ensure_ascii=False, indent=1)


def _text(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise LessonFileError(f"lesson file: {where} must be text, not {quote(value)}")
    if len(value) > MAX_NOTES:
        raise LessonFileError(f"lesson file: {where}: {len(value)} characters is more than "
                              f"the {MAX_NOTES} a text may have")
    return value


def _chapter(data: Any, k: int) -> Chapter:
    where = f"chapter {k}"
    if not isinstance(data, dict):
        raise LessonFileError(f"lesson file: {where} must be an object")
    kind = data.get("kind")
    if kind not in KINDS:
        raise LessonFileError(f"lesson file: {where}: kind must be one of "
                              f"{', '.join(KINDS)}, not {quote(kind)}")
    wanted = {"kind", "title", "notes", "example" if kind == "example" else "position"}
    if set(data) - wanted or "title" not in data or wanted - {"notes"} - set(data):
        raise LessonFileError(f"lesson file: {where}: a {kind} chapter has the fields "
                              f"{', '.join(sorted(wanted))}")
    title = _text(data["title"], f"{where}: title")
    notes = _text(data.get("notes", ""), f"{where}: notes")
    if kind == "example":
        try:
            example = read_example(data["example"])
        except ExampleFileError as e:
            raise LessonFileError(f"lesson file: {where}: {e}") from None
        return Chapter(kind, title, notes, example=example)
    token = data["position"]
    try:
        decode_position(token, seed=0)  # checked now, like a scenario; opened when shown
    except ShareLinkError as e:
        raise LessonFileError(f"lesson file: {where}: {e}") from None
    return Chapter(kind, title, notes, position=token.strip())


def read_lesson(source: str | bytes | bytearray | Mapping[str, Any]) -> Lesson:
    """A lesson file (its text, bytes or parsed object), every part checked; a problem
    raises :class:`LessonFileError` with one line naming it."""
    if isinstance(source, str | bytes | bytearray):
        if len(source) > MAX_LESSON_BYTES:
            raise LessonFileError(f"lesson file: {len(source)} bytes is more than the "
                                  f"{MAX_LESSON_BYTES} a lesson file may have")
        source = parse_json(source, LessonFileError, "lesson file")
    check_plain(source, LessonFileError, "lesson file")
    if not isinstance(source, dict) or source.get("format") != LESSON_FORMAT:
        raise LessonFileError(f"lesson file: not a lesson (expected \"format\": "
                              f"\"{LESSON_FORMAT}\")")
    version = source.get("version")
    if version not in READABLE:
        raise LessonFileError(f"lesson file: version {quote(version)} is not one this "
                              f"program reads ({', '.join(map(str, READABLE))})")
    fields = {"format", "version", "title", "notes", "chapters", "digest"}
    if set(source) != fields:
        odd = sorted(set(source) ^ fields)[0]
        raise LessonFileError(f"lesson file: field {quote(odd)} is missing or unknown "
                              f"(fields are {', '.join(sorted(fields))})")
    body = {k: v for k, v in source.items() if k != "digest"}
    if source["digest"] != digest(body):
        raise LessonFileError("lesson file: changed or damaged (its digest does not match "
                              "its contents); ask for the file again")
    chapters = source["chapters"]
    if not isinstance(chapters, list) or not chapters:
        raise LessonFileError("lesson file: chapters must be a list of at least one chapter")
    if len(chapters) > MAX_CHAPTERS:
        raise LessonFileError(f"lesson file: {len(chapters)} chapters is more than the "
                              f"{MAX_CHAPTERS} a lesson may have")
    return Lesson(_text(source["title"], "title"), _text(source["notes"], "notes"),
                  tuple(_chapter(c, k) for k, c in enumerate(chapters, start=1)))


def encode_link(kind: str, payload: Mapping[str, Any]) -> str:
    """The link token of ``payload`` (an example file's or a lesson file's JSON) as
    ``kind`` (``"example"`` or ``"lesson"``)."""
    if kind not in LINK_KINDS:
        raise ValueError(f"kind must be one of {', '.join(LINK_KINDS)}, not {kind!r}")
    return pack_token({"kind": kind, kind: payload})


def decode_link(token: Any, kind: str) -> Any:
    """The payload of a ``kind`` link token, its framing checked (length, version,
    check, size unpacked, plain JSON): the caller reads it as the file it holds."""
    what = f"{kind} link"
    data = unpack_token(token, what, LessonFileError, "a link of this program", "contents")
    if not isinstance(data, dict) or set(data) != {"kind", kind} or data["kind"] != kind:
        raise LessonFileError(f"{what}: it holds no {kind} (is it another kind of link?)")
    return data[kind]


def read_file(source: str | bytes | bytearray) -> Lesson | Example:
    """An uploaded file: a lesson file (``"format": "icecream-lesson"``) or else a
    teacher's example file, each read by its own checks."""
    if len(source) > MAX_LESSON_BYTES:
        raise LessonFileError(f"file: {len(source)} bytes is more than the "
                              f"{MAX_LESSON_BYTES} a lesson or example file may have")
    data = parse_json(source, LessonFileError, "file")
    if isinstance(data, dict) and "format" in data:
        return read_lesson(data)
    return read_example(data)


__all__ = ["KINDS", "LESSON_FORMAT", "LESSON_VERSION", "MAX_CHAPTERS", "MAX_LESSON_BYTES",
           "MAX_NOTES", "Chapter", "Lesson", "LessonFileError", "decode_link", "encode_link",
           "lesson_to_dict", "lesson_to_json", "read_file", "read_lesson"]
