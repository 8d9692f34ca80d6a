"""The phases of a game."""

from enum import IntEnum


class Phase(IntEnum):
    """``DEAL``: the next round is to be dealt; ``BID`` and ``PLAY``: a round is under way;
    ``OVER``: the last round of the ladder is scored."""

    DEAL = 0
    BID = 1
    PLAY = 2
    OVER = 3
