"""Bots that play any game through the protocol, deciding from their seat's view only.

``random`` picks uniformly, ``greedy`` takes the most points now, ``heuristic`` plays
like a sensible person, ``rollout`` plays a few cheap rules of thumb (for the games hints
and what-ifs play out), ``ismcts`` searches over determinizations of what it cannot see.

>>> import icecream
>>> from icecream.bots import make_bot
>>> bot = make_bot("random", seed=1)
>>> s = icecream.new_game("ice-cream", players=3, seed=2)
>>> s.game.parse_action(bot.choose(s.view(s.current_player))) in s.legal_actions()
True
>>> bot_names()
['greedy', 'heuristic', 'ismcts', 'random', 'rollout']
"""

from .base import BOTS, Bot, RandomBot, bot_names, decide, make_bot, register_bot
from .greedy import GreedyBot, HeuristicBot, PolicyBot, RolloutBot
from .ismcts import IsmctsBot

__all__ = ["BOTS", "Bot", "GreedyBot", "HeuristicBot", "IsmctsBot", "PolicyBot", "RandomBot",
           "RolloutBot", "bot_names", "decide", "make_bot", "register_bot"]
