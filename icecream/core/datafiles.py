"""Data files a game loads on request (another deck, other recipes), read safely and
read again when they change.

A data file goes through the same bounded reader as scenarios and saves
(:func:`~icecream.core.protocol.read_json_file`: a regular file only, UTF-8 JSON within
the nesting, digit and size limits), and every problem is one :class:`SettingsError`
naming the setting. The parsed result is kept by path, and used again only while the
file is the same one with the same size and modification time, so an edit is seen at
the next load (and an edit that breaks the file is refused, not ignored). A file changed
in the last :data:`RACY_SECONDS` may have been edited again within the clock's
granularity, so it is read again and compared by content (as git does for racy files).

A setting may also hold a data file's contents themselves (:class:`InlineData`: what a
save carries, so it does not depend on a file that may move or change); they are checked
by the same ``parse`` and kept by their text.

>>> import json, tempfile
>>> from pathlib import Path
>>> cache = DataFileCache("deck", lambda data, path: data["n"])
>>> with tempfile.TemporaryDirectory() as d:
...     path = Path(d) / "deck.json"
...     _ = path.write_text(json.dumps({"n": 1}))
...     first = cache.load(str(path))
...     _ = path.write_text(json.dumps({"n": 22}))
...     first, cache.load(str(path))
(1, 22)
>>> cache.load("no\\0such")
Traceback (most recent call last):
...
icecream.core.errors.SettingsError: deck: cannot read 'no\\x00such': a file name cannot hold ...
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .errors import IcecreamError, SettingsError, quote
from .protocol import check_plain, parse_json, read_file_bytes

#: A file modified less than this many seconds ago is compared by content, not by its
#: size and time (two edits within the file system's clock granularity look the same).
RACY_SECONDS = 2


@dataclass(frozen=True, repr=False)
class InlineData:
    """A data file's contents given in place of its path: a JSON object, kept as its
    canonical JSON text (sorted keys), so settings holding it stay frozen and hashable.

    >>> d = InlineData.of({"b": [1], "a": 2}, "deck")
    >>> d.text, d.data
    ('{"a":2,"b":[1]}', {'a': 2, 'b': [1]})
    >>> InlineData.of({"a": float("nan")}, "deck")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    icecream.core.errors.SettingsError: deck: a: nan is not a number JSON can hold
    """

    text: str

    @classmethod
    def of(cls, data: Mapping[str, Any], setting: str) -> InlineData:
        """``data`` (a JSON object within the JSON limits) as inline data of ``setting``."""
        check_plain(data, SettingsError, setting)
        if not isinstance(data, Mapping):
            raise SettingsError(f"{setting}: inline data must be a JSON object, not "
                                f"{quote(data)}")
        return cls(json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False))

    @property
    def data(self) -> Any:
        """The contents as plain data (a new copy each time)."""
        return json.loads(self.text)

    def __repr__(self) -> str:
        digest = hashlib.blake2b(self.text.encode(), digest_size=6).hexdigest()
        return f"InlineData({len(self.text)} characters, {digest})"


class DataFileCache:
    """Parsed data files of one setting (``deck``, ``customers``), by path.

    ``parse(data, path)`` checks the plain data and builds the game's objects, raising
    :class:`SettingsError` naming the setting. At most ``size`` files are kept (the least
    recently used goes first).
    """

    def __init__(self, setting: str, parse: Callable[[Any, str], Any], size: int = 32) -> None:
        self.setting = setting
        self.parse = parse
        self.size = size
        self._files: OrderedDict[str, tuple[tuple[int, ...], bytes, Any]] = OrderedDict()
        self._inline: OrderedDict[str, Any] = OrderedDict()

    def load(self, path: str | InlineData) -> Any:
        """The parsed file at ``path`` (read and checked again when it changed), or the
        parsed :class:`InlineData`."""
        if isinstance(path, InlineData):
            return self._load_inline(path)
        name = quote(path, 80)
        if not isinstance(path, str) or not path.strip():
            raise SettingsError(f"{self.setting}: must be a path to a file, not {name}")
        try:
            st = os.stat(path)
        except ValueError:
            raise SettingsError(f"{self.setting}: cannot read {name}: a file name cannot "
                                "hold a NUL character") from None
        except OSError as e:
            raise SettingsError(f"{self.setting}: cannot read {name}: "
                                f"{e.strerror or type(e).__name__}") from None
        key = (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)
        hit = self._files.get(path)
        racy = time.time_ns() - max(st.st_mtime_ns, st.st_ctime_ns) < RACY_SECONDS * 10**9
        if hit is not None and hit[0] == key and not racy:
            self._files.move_to_end(path)
            return hit[2]
        where = f"{self.setting}: {name}"
        try:
            raw = read_file_bytes(path, SettingsError, where)
            digest = hashlib.blake2b(raw, digest_size=16).digest()
            if hit is not None and hit[1] == digest:
                made = hit[2]
            else:
                made = self.parse(parse_json(raw, SettingsError, where), path)
        except IcecreamError as e:
            self._files.pop(path, None)
            text = str(e)
            raise SettingsError(text if text.startswith(self.setting) else
                                f"{self.setting}: {text}") from None
        self._files[path] = (key, digest, made)
        self._files.move_to_end(path)
        while len(self._files) > self.size:
            self._files.popitem(last=False)
        return made

    def _load_inline(self, inline: InlineData) -> Any:
        made = self._inline.get(inline.text)
        if made is None:
            try:
                made = self.parse(inline.data, "inline data")
            except IcecreamError as e:
                text = str(e)
                raise SettingsError(text if text.startswith(self.setting) else
                                    f"{self.setting}: {text}") from None
            self._inline[inline.text] = made
            while len(self._inline) > self.size:
                self._inline.popitem(last=False)
        else:
            self._inline.move_to_end(inline.text)
        return made

    def clear(self) -> None:
        """Forget every file and inline data read (the next load reads them again)."""
        self._files.clear()
        self._inline.clear()
