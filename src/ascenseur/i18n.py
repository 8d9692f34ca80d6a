"""Translations of every text shown to a player (French, Spanish, English).

The catalogs are the ``.po`` files in ``ascenseur/locale``; they are compiled in memory by
Babel the first time a language is used, so the ``.po`` file is the only source. The active
language is held in a context variable (not a global), so a server can serve players in
different languages at once: ``with language("fr"): ...``.
"""

from __future__ import annotations

import errno
import gettext
import io
import math
import os
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from decimal import ROUND_HALF_EVEN, Decimal
from functools import cache
from importlib import resources

LANGUAGES = ("en", "fr", "es")
DOMAIN = "ascenseur"

_active: ContextVar[str] = ContextVar("ascenseur_language", default="en")


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The catalog of ``lang`` (English is the source language: no catalog needed)."""
    if lang == "en":
        return gettext.NullTranslations()
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    po = resources.files("ascenseur").joinpath("locale", lang, "LC_MESSAGES", f"{DOMAIN}.po")
    with po.open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def _(message: str) -> str:
    """Translate ``message`` into the active language."""
    return translations(_active.get()).gettext(message)


def pgettext(context: str, message: str) -> str:
    """Translate ``message`` as meant in ``context``: a short text such as the card rank
    ``K`` needs a context of its own, as the same letters may mean other things elsewhere."""
    return translations(_active.get()).pgettext(context, message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """Translate a message that depends on a count."""
    return translations(_active.get()).ngettext(singular, plural, n)


def decimal(value: float, places: int = 1) -> str:
    """``value`` with ``places`` decimals as the active language writes it (``0,3`` in
    French and Spanish, ``0.3`` in English)."""
    from babel.numbers import format_decimal

    pattern = "0." + "0" * places if places else "0"
    if not math.isfinite(value):  # (Babel cannot round these)
        return "∞" if value > 0 else "-∞" if value < 0 else "–"
    if abs(value) >= 1e15:  # nor these, past its 28 digits: no figure of a game is so large
        return f"{value:.3g}"
    # -0.04 (or -0.05, which Babel rounds half to even) is written 0.0, not -0.0
    if (
        abs(value) < 1
        and Decimal(str(value)).quantize(Decimal(1).scaleb(-places), ROUND_HALF_EVEN) == 0
    ):
        value = 0.0
    return str(format_decimal(value, format=pattern, locale=_active.get()))


def N_(message: str) -> str:
    """Mark ``message`` for translation without translating it now (for tables of texts)."""
    return message


#: Why a file could not be read or written, for the errors people meet (the system's own
#: text, ``error.strerror``, is in the system's language, not the game's).
_OS_REASONS: dict[int, str] = {
    errno.ENOENT: N_("no such file or folder"),
    errno.EACCES: N_("permission denied"),
    errno.EPERM: N_("permission denied"),
    errno.EISDIR: N_("it is a folder"),
    errno.ENOTDIR: N_("a part of the path is not a folder"),
    errno.ENOSPC: N_("no space left on the device"),
    errno.EROFS: N_("the file system is read-only"),
    errno.EEXIST: N_("a file of that name is already there"),
    errno.ENAMETOOLONG: N_("the name is too long"),
    errno.ELOOP: N_("too many symbolic links (a loop?)"),
    errno.EDQUOT: N_("the disk quota is used up"),
    errno.EIO: N_("input/output error (a faulty disk or device?)"),
}


def os_error_reason(error: OSError) -> str:
    """Why ``error`` happened, in the active language when it is a common reason."""
    reason = _OS_REASONS.get(error.errno or 0)
    if reason is not None:
        return _(reason)
    return error.strerror or str(error)


def get_language() -> str:
    return _active.get()


def set_language(lang: str) -> None:
    """Set the language of the current context (a CLI run, a thread, a task)."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}: choose one of {', '.join(LANGUAGES)}")
    _active.set(lang)


@contextmanager
def language(lang: str) -> Iterator[None]:
    """Use ``lang`` inside a ``with`` block."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}: choose one of {', '.join(LANGUAGES)}")
    token = _active.set(lang)
    try:
        yield
    finally:
        _active.reset(token)


def system_language() -> str:
    """The language of the system locale, as gettext would choose it, when it is one we
    have; else English. ``LANGUAGE`` (a list) comes first, then the first set of
    ``LC_ALL``, ``LC_MESSAGES``, ``LANG``."""
    for code in os.environ.get("LANGUAGE", "").split(":"):
        if code[:2].lower() in LANGUAGES:
            return code[:2].lower()
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "")
        if value:
            code = value[:2].lower()
            return code if code in LANGUAGES else "en"
    return "en"
