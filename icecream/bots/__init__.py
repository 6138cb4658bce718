"""Bots that play any game through the protocol, deciding from their seat's view only.

>>> import icecream
>>> from icecream.bots import make_bot
>>> bot = make_bot("random", seed=1)
>>> s = icecream.new_game("ice-cream", players=3, seed=2)
>>> s.game.parse_action(bot.choose(s.view(s.current_player))) in s.legal_actions()
True
"""

from .base import BOTS, Bot, RandomBot, bot_names, make_bot, register_bot

__all__ = ["BOTS", "Bot", "RandomBot", "bot_names", "make_bot", "register_bot"]
