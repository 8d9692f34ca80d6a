"""Pair two runs of ``bots_openspiel.py`` by deal (a benchmark helper, not a test).

Two runs on the same deals with the same other seats (``--first-deal``, ``--deals`` and the
seats after the first one unchanged) deal the same cards and seed the other bots the same,
so the difference of the first entry's points, deal by deal, cancels most of the luck of
the cards: at 3 × 5 over 300 deals the interval of the difference is about ±0.25 point per
hand, against ±0.6 for the two entries compared at one table. (OpenSpiel's C++ ISMCTS,
``ismcts-leaky``, does not replay the same from one process to the next even with the same
seed — its nodes' children sit in hash maps salted per process, and the order breaks ties —
so with it at the table the pairing is a little less tight; the interval, computed from the
differences themselves, stays honest.)

Usage::

    uv run python benchmarks/bots_openspiel.py --deals 300 \\
        --seats "expert/uct_c=1.0,ismcts-leaky,rules" --json a.json
    uv run python benchmarks/bots_openspiel.py --deals 300 \\
        --seats "expert,ismcts-leaky,rules" --json b.json
    uv run python benchmarks/pair_runs.py a.json b.json
"""

from __future__ import annotations

import argparse
import json
import sys

from bots_openspiel import interval  # the same 95 % interval as the runs themselves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("variant", help="--json file of the run with the variant")
    parser.add_argument("reference", help="--json file of the reference run")
    args = parser.parse_args()
    runs = []
    for path in (args.variant, args.reference):
        with open(path, encoding="utf-8") as handle:
            report = json.load(handle)
        if "per_deal" not in report:
            sys.exit(f"{path}: no per-deal figures (written by an older bots_openspiel.py)")
        runs.append({d["deal"]: d["points"][0] for d in report["per_deal"]})
    deals = sorted(set(runs[0]) & set(runs[1]))
    if len(deals) < 2:
        sys.exit("the two runs share fewer than two deals")
    mean, half = interval([runs[0][d] - runs[1][d] for d in deals])
    print(f"{len(deals)} deals in common: variant − reference {mean:+.2f} ± {half:.2f} points/hand")


if __name__ == "__main__":
    main()
