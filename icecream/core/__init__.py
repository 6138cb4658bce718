"""Game-agnostic machinery: the protocol, rules registry, messages, history, errors."""

from .errors import (
    ActionFormatError,
    IcecreamError,
    IllegalAction,
    SaveFileError,
    ScenarioError,
    SettingsError,
    UnknownGame,
)
from .protocol import (
    FORMAT_VERSION,
    Action,
    Event,
    GameSpec,
    Option,
    SettingField,
    State,
    default_game,
    get_game,
    list_games,
    load_state,
    new_game,
    plugin_problems,
    register_game,
)

__all__ = [
    "Action", "ActionFormatError", "Event", "FORMAT_VERSION", "GameSpec", "IcecreamError",
    "IllegalAction", "Option", "SaveFileError", "ScenarioError", "SettingsError", "SettingField",
    "State", "UnknownGame", "default_game", "get_game", "list_games", "plugin_problems",
    "load_state", "new_game",
    "register_game",
]
