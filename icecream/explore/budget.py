"""Time budgets for computations (kept in :mod:`icecream.core.budget`, so pages that need
no simulation import no pandas); this name stays for what-if code that imports it here."""

from ..core.budget import *  # noqa: F403
from ..core.budget import __all__  # noqa: F401
