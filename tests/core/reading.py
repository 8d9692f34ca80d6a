"""RULES.md read independently of the engine, shared by the property tests and the view
tests: the points of a round by the formula of §7, and every card inside a view (§9)."""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Iterator, Sequence

from ascenseur import Card, Rules


def expected_points(rules: Rules, bids: Sequence[int], won: Sequence[int]) -> list[int]:
    """§7: the formula of four numbers and, with the pool, the points the others lost."""
    s = rules.scoring
    made = [b == w for b, w in zip(bids, won, strict=True)]
    points = [
        s.made_base + s.made_per_trick * w
        if m
        else s.missed_per_trick * w - s.missed_per_diff * abs(w - b)
        for b, w, m in zip(bids, won, made, strict=True)
    ]
    if s.pool:
        lost = sum(-p for p, m in zip(points, made, strict=True) if not m and p < 0)
        points = [p + lost if m else p for p, m in zip(points, made, strict=True)]
    return points


def cards_in(value: object, skip: Collection[str] = ("rules",)) -> Iterator[Card]:
    """Every card anywhere inside ``value`` (fields, tuples, dicts, tricks, round results),
    but in the dataclass fields named in ``skip``."""
    if isinstance(value, Card):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from cards_in(key, skip)
            yield from cards_in(item, skip)
    elif isinstance(value, tuple | list | frozenset | set):
        for item in value:
            yield from cards_in(item, skip)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            if f.name not in skip:
                yield from cards_in(getattr(value, f.name), skip)
