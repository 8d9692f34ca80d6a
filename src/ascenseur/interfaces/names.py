"""Players' names as people type them, for the command line and the setup screen alike
(kept apart from both so that the command line need not load the terminal game)."""

from __future__ import annotations

from ascenseur.i18n import _


def parse_names(text: str) -> list[str]:
    """``"Ann, Bob,Cat"`` → the players' names, in turn order (none for an empty text);
    raise ``ValueError`` for an empty name between commas rather than drop it, which would
    change the number of players without a word."""
    if not text.strip():
        return []
    names = [name.strip() for name in text.split(",")]
    for place, name in enumerate(names, start=1):
        if not name:
            raise ValueError(
                _("name {place} of {count} is empty; give one name per player").format(
                    place=place, count=len(names)
                )
            )
    return names
