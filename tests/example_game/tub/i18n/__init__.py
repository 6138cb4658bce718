"""Tub's own catalog, merged into every language's catalog when Tub registers."""
