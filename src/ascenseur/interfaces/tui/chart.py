"""A chart of the totals over the rounds, drawn with characters so it fits any terminal."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.text import Text

from ascenseur.i18n import _

#: One colour per seat (cycled), also used for the seat's marker in the chart. ``default``
#: is the text's colour: white on a dark theme, black on a light one (where white, like the
#: white of the chart's ``*``, vanished into the background).
SEAT_COLORS = ("cyan", "magenta", "yellow", "green", "red", "blue", "default", "orange3")

#: The style of the chart's ``*`` (several players at one place): bold, in the text's colour.
SHARED_STYLE = "bold"


def seat_color(seat: int) -> str:
    return SEAT_COLORS[seat % len(SEAT_COLORS)]


def marker(seat: int) -> str:
    """The character that draws a seat's line: 1…9, then A…Z."""
    return "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[seat % 35]


def totals_chart(
    names: Sequence[str],
    totals_by_round: Sequence[Sequence[int]],
    *,
    height: int = 10,
    width: int = 70,
) -> Text:
    """Each player's total after each round, as a line of markers (one colour per player),
    with the scale on the left, the round numbers below and a legend."""
    players = len(names)
    series = [[0] * players, *[list(t) for t in totals_by_round]]
    low = min(min(row) for row in series)
    high = max(max(row) for row in series)
    span = max(high - low, 1)
    height = max(3, min(height, span + 1))
    columns = len(series)
    step = max(1, min(4, (width - 7) // max(columns, 1)))
    grid = [[" "] * (columns * step) for _row in range(height)]
    colors: dict[tuple[int, int], str] = {}
    for x, row in enumerate(series):
        for seat, value in enumerate(row):
            y = round((value - low) / span * (height - 1))
            line = height - 1 - y
            cell = (line, x * step)
            if grid[line][x * step] != " ":
                grid[line][x * step] = "*"
                colors[cell] = SHARED_STYLE
            else:
                grid[line][x * step] = marker(seat)
                colors[cell] = f"bold {seat_color(seat)}"
    text = Text()
    for line in range(height):
        level = high - (high - low) * line / (height - 1)
        label = f"{round(level):>5} " if line in (0, height - 1) or line == height // 2 else " " * 6
        text.append(label, style="dim")
        text.append("│")
        for x, char in enumerate(grid[line]):
            text.append(char, style=colors.get((line, x), ""))
        text.append("\n")
    text.append(" " * 6 + "└" + "─" * (columns * step) + "\n", style="dim")
    axis = [" "] * (columns * step)
    for x in range(0, columns, max(1, 4 // step) if step < 4 else 1):
        label = str(x)
        if x * step + len(label) <= len(axis):
            axis[x * step : x * step + len(label)] = label
    text.append(" " * 7 + "".join(axis) + "\n", style="dim")
    # The legend, broken between entries, never inside one ("9 Player 9" / "A Player 10")
    used = 0
    for seat, name in enumerate(names):
        entry = cell_len(f"{marker(seat)} {name}")
        if used and used + entry > width:
            text.append("\n")
            used = 0
        text.append(f"{marker(seat)} ", style=f"bold {seat_color(seat)}")
        text.append(f"{name}  ")
        used += entry + 2
    if colors and any(style == SHARED_STYLE for style in colors.values()):
        text.append("\n")
        text.append("* ", style=SHARED_STYLE)
        text.append(_("several players at about the same total (on one line of the chart)"))
    return text
