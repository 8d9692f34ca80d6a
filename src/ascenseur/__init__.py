"""Ascenseur: L'Ascenseur / Ascensor / Oh Hell, with every house rule."""

from .core import *  # noqa: F403  (the public API is the core's)
from .core import __all__ as __all__

__version__ = "0.1.0"
