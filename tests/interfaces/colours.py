"""Colour arithmetic for the tests of how the terminal game reads."""

from __future__ import annotations


def contrast(one: tuple[int, int, int], other: tuple[int, int, int]) -> float:
    """The contrast ratio of two colours (WCAG's: 1, none, to 21, black on white)."""

    def luminance(rgb: tuple[int, int, int]) -> float:
        channels = [c / 255 for c in rgb]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)
