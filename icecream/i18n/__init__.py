"""The translation catalogs: one folder per language (``en``, ``nl``), one JSON file per area.

Every file of a language has a twin with the same name and keys in every other language
(``tests/test_i18n.py`` checks it per file, so a game's own catalog file is covered too).
Reading and choosing a language is :mod:`icecream.core.messages`'s job.
"""
