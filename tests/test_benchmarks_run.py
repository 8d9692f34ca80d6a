"""The benchmark scripts still start: they import the library's internals, which tests
elsewhere do not read (a renamed helper once broke one silently)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = sorted((Path(__file__).parents[1] / "benchmarks").glob("*.py"))


@pytest.mark.parametrize("script", BENCHMARKS, ids=lambda path: path.name)
def test_every_benchmark_script_starts_and_explains_itself(script: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(script), "--help"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=script.parent,
    )
    assert done.returncode == 0, done.stderr
    assert "usage:" in done.stdout


def test_the_openspiel_benchmark_plays_a_deal_with_every_kind_of_seat() -> None:
    """One small deal with the experiment seats (the true deal as the only world, at the
    bidding only, in the play only; the leaked view), so that a change of the search's
    internals they reach into cannot break them unseen (a peek seat once did)."""
    pytest.importorskip("pyspiel")
    sys.path.insert(0, str(BENCHMARKS[0].parent))
    try:
        import bots_openspiel
    finally:
        sys.path.pop(0)
    for seats in (
        ["search/iterations=16+peek", "search/iterations=16+peek-bid", "ismcts"],
        ["search/iterations=16+peek-play", "search/iterations=16+leak", "ismcts-leaky"],
    ):
        result = bots_openspiel.play_deal((seats, 3, 3, 0, 16))
        assert len(result["hands"]) == 9  # three seatings of three players
        for entry, bid, won, _model in result["hands"]:
            assert 0 <= entry < 3 and 0 <= bid <= 3 and 0 <= won <= 3
        assert sum(won for _e, _b, won, _m in result["hands"]) == 9  # three tricks a seating


def test_the_long_hands_benchmark_plays_a_deal_of_two_decks() -> None:
    """One small deal of the long-hand table (two decks), so that the settings it gives
    its entries (``long_hand``) cannot go out of use unseen."""
    sys.path.insert(0, str(BENCHMARKS[0].parent))
    try:
        import long_hands
    finally:
        sys.path.pop(0)
    seats = ["search/iterations=16/long_hand=2", "search/iterations=16", "random"]
    result = long_hands.play_deal((seats, 3, 4, 0))
    assert len(result["points"]) == 3 and len(result["exact"]) == 3
    assert all(0 <= made <= 3 for made in result["exact"])  # three seatings per entry
