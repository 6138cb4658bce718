"""icecream: rules engines, notebooks and dashboards for teaching ice-cream card games.

>>> import icecream
>>> s = icecream.new_game("ice-cream", players=3, seed=42)
>>> s.phase
'deliveries'
>>> with icecream.in_language("nl"):
...     s.event_texts(None)[0][:40]
'Voorbereiding: 6 ijsbolletjeskaarten gaa'
"""

from .core import (
    IcecreamError,
    IllegalAction,
    default_game,
    get_game,
    list_games,
    load_state,
    new_game,
    plugin_problems,
)
from .core.history import History, load_history
from .core.messages import get_language, in_language, languages, set_language

__version__ = "0.1.0"

__all__ = [
    "History", "IcecreamError", "IllegalAction", "__version__", "default_game", "get_game",
    "get_language",
    "in_language", "languages", "list_games", "plugin_problems",
    "load_history", "load_state", "new_game",
    "set_language",
]
