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
import os
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from .errors import IcecreamError, SettingsError, quote
from .protocol import parse_json, read_file_bytes

#: A file modified less than this many seconds ago is compared by content, not by its
#: size and time (two edits within the file system's clock granularity look the same).
RACY_SECONDS = 2


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

    def load(self, path: str) -> Any:
        """The parsed file at ``path``: read and checked again when it changed."""
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

    def clear(self) -> None:
        """Forget every file read (the next load reads them again)."""
        self._files.clear()
