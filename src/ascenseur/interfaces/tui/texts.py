"""Names shown for levels and other small texts of the terminal game, marked for translation."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from rich.cells import cell_len
from rich.text import Text

from ascenseur.i18n import _
from ascenseur.interfaces.typed_text import SETUP_LEVELS, level_name


class ChoiceError(ValueError):
    """A choice of a new game that cannot be played; ``field`` names what was chosen
    (``names``, ``seat``, ``levels``), for the command line to name its option."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


def unknown_level(level: str) -> ChoiceError:
    """The refusal of a level that is none of the levels offered, naming them."""
    return ChoiceError(
        "levels",
        _("unknown level {level!r}; the levels are: {levels}").format(
            level=level, levels=", ".join(level_name(x) for x in SETUP_LEVELS)
        ),
    )


def cut_name(name: Text, width: int) -> Text:
    """``name`` in ``width`` columns, keeping what tells it from the others: its last word
    when short ("Pla…3", "Pl…11"; a closing number with only its "…" before it, "…11", and
    alone, "11", only where nothing else fits: a bare number reads as a score), else its
    two ends ("Cha…te"), else its end alone. Columns are counted as the terminal shows them
    (an emoji takes two)."""
    plain = name.plain
    if cell_len(plain) <= width:
        return name
    words = plain.split()
    last = words[-1] if len(words) > 1 else ""
    if last and cell_len(last) <= width - 2:
        cut = _head(plain, width - 1 - cell_len(last)).rstrip() + "…" + last
    elif last.isdigit() and len(last) == width - 1:
        cut = "…" + last
    elif last.isdigit() and len(last) <= width:
        cut = last  # "11": a number tells players apart; a shared surname would not
    elif width >= 3:
        head, tail = _head(plain, width // 2).rstrip(), _tail(plain, (width - 1) // 2).lstrip()
        # (a wide character does not fit one column: "李…" rather than a lone "…")
        cut = head + "…" + tail if head and tail else _head(plain, width - 1).rstrip() + "…"
    else:
        cut = _tail(plain, width).strip() or _head(plain, width)
    return Text(cut, style=name.style)


#: Other ways to cut a name, tried where two names are cut alike: its start, its end,
#: its start alone.
_OTHER_CUTS: Final[tuple[Callable[[str, int], str], ...]] = (
    lambda plain, width: _head(plain, width - 1).rstrip() + "…",
    lambda plain, width: "…" + _tail(plain, width - 1).lstrip(),
    lambda plain, width: _head(plain, width).rstrip(),
)


def cut_names(names: Sequence[Text], widths: Sequence[int]) -> list[Text]:
    """Each name cut to its width by :func:`cut_name`; where some come out the same ("Ana"
    and "Clementina" both "na" in two columns), the cut ones among them are cut the first
    other way that tells them apart from each other and from the rest ("A…", "C…"), or else
    the way that tells most of them apart. A name that fits is never cut."""
    cuts = [cut_name(name, width) for name, width in zip(names, widths, strict=True)]
    shown = [cut.plain for cut in cuts]
    for text in dict.fromkeys(t for t in shown if shown.count(t) > 1):
        group = [
            i
            for i, t in enumerate(shown)
            if t == text and cell_len(names[i].plain) > widths[i]  # (whole names stay)
        ]
        if not group:  # (only whole names: nothing to cut otherwise)
            continue
        others = {t for i, t in enumerate(shown) if i not in group}
        best: list[str] = []
        best_told = 0
        for way in _OTHER_CUTS:
            tried = [way(names[i].plain, widths[i]) for i in group]
            if not all(t.strip("…") for t in tried):  # (never a lone "…")
                continue
            told = len(set(tried) - others)
            if told > best_told:
                best, best_told = tried, told
            if told == len(group):
                break
        if best_told == len(group) or best_told > 1:
            for i, cut in zip(group, best, strict=True):
                shown[i] = cut
                cuts[i] = Text(cut, style=names[i].style)
    return cuts


def readable_width(name: str) -> int:
    """The fewest columns in which :func:`cut_name` keeps ``name`` from reading as a number:
    the whole name, or its closing number after a "…" ("…11"), or three columns ("A…a")."""
    words = name.split()
    if len(words) > 1 and words[-1].isdigit():
        return min(cell_len(name), len(words[-1]) + 1)
    return min(cell_len(name), 3)


def _head(text: str, width: int) -> str:
    """The longest start of ``text`` that fits in ``width`` columns."""
    end = 0
    while end < len(text) and cell_len(text[: end + 1]) <= width:
        end += 1
    return text[:end]


def _tail(text: str, width: int) -> str:
    """The longest end of ``text`` that fits in ``width`` columns."""
    start = len(text)
    while start > 0 and cell_len(text[start - 1 :]) <= width:
        start -= 1
    return text[start:]
