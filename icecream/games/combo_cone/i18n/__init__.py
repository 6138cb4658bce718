"""combo_cone's words: ``<lang>/*.json``, one catalog per language (English and Dutch)."""
