"""The example game's package is imported by its tests' fixture only (which registers it
and removes it after), never by collection: other tests must not see a game named tub."""

collect_ignore_glob = ["tub/*"]
