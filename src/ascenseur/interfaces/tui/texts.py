"""Names shown for levels and other small texts of the terminal game, marked for translation."""

from __future__ import annotations

from ascenseur.i18n import N_, _

LEVEL_NAMES = {
    "easy": N_("easy"),
    "medium": N_("medium"),
    "hard": N_("hard"),
    "expert": N_("expert"),
    "random": N_("random"),
}

#: The levels offered on the setup screen.
SETUP_LEVELS = ("easy", "medium", "hard", "expert", "random")


def level_name(level: str) -> str:
    """A computer player's level in the active language."""
    return _(LEVEL_NAMES[level]) if level in LEVEL_NAMES else level


def unknown_level(level: str) -> ValueError:
    """The refusal of a level that is none of the levels offered, naming them."""
    return ValueError(
        _("unknown level {level!r}; the levels are: {levels}").format(
            level=level, levels=", ".join(level_name(x) for x in SETUP_LEVELS)
        )
    )


def level_by_name(text: str) -> str:
    """A level typed by a player: its name in the active language (as the screen shows it:
    ``facile``) or in English (``easy``), any case; other text is returned as typed, for the
    caller to refuse."""
    typed = text.strip()
    for level in SETUP_LEVELS:
        if typed.casefold() in (level, level_name(level).casefold()):
            return level
    return typed
