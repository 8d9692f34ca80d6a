"""Scoring (RULES.md §7): one formula with four numbers and a pool flag."""

from __future__ import annotations

from collections.abc import Sequence

from .rules import Scoring


def round_points(scoring: Scoring, bids: Sequence[int], won: Sequence[int]) -> list[int]:
    """The points of each player for one round.

    Made (tricks == bid): ``made_base + made_per_trick × tricks`` plus, with the pool, the
    points lost by those who missed. Missed: ``missed_per_trick × tricks − missed_per_diff ×
    |tricks − bid|``. The pool is the sum of the negative scores of the players who missed
    (a miss that scores zero or more loses nothing).

    >>> from ascenseur.core.rules import SCORINGS
    >>> round_points(SCORINGS["pool"], [2, 4, 2, 1], [3, 1, 2, 1])  # RULES.md's worked example
    [-1, -3, 6, 5]
    """
    made_base = scoring.made_base
    per_trick = scoring.made_per_trick
    points = []
    pool = 0
    for bid, tricks in zip(bids, won, strict=True):
        if bid == tricks:
            points.append(made_base + per_trick * tricks)
        else:
            missed = scoring.missed_per_trick * tricks - scoring.missed_per_diff * abs(tricks - bid)
            if missed < 0:
                pool -= missed
            points.append(missed)
    if scoring.pool and pool:
        for seat, (bid, tricks) in enumerate(zip(bids, won, strict=True)):
            if bid == tricks:
                points[seat] += pool
    return points


def winners(totals: Sequence[int]) -> list[int]:
    """The seats with the highest total (ties share the win)."""
    best = max(totals)
    return [seat for seat, total in enumerate(totals) if total == best]
