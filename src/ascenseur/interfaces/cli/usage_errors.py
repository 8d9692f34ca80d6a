"""The command line's own error messages (an unknown option, a missing argument, a value of
the wrong type) in the language in force.

Typer and its click write these in English, built from the pieces each exception keeps (the
option's name, the parameter's hint, the validation error behind a bad value). We rebuild the
message from those pieces through our catalogs, on the exception itself, before Typer prints
it in its usual box; what we cannot read (a new kind of error) stays as Typer wrote it.
"""

from __future__ import annotations

import math
import re
import sys
from collections.abc import Sequence
from typing import Any

import typer

from ascenseur.i18n import _, ngettext
from ascenseur.interfaces.typed_text import printable

#: The module of the parser's exceptions (click's, or the copy bundled with Typer).
_EXCEPTIONS: Any = sys.modules[typer.BadParameter.__module__]
UsageError: Any = _EXCEPTIONS.UsageError
_NoSuchOption: Any = _EXCEPTIONS.NoSuchOption
_MissingParameter: Any = _EXCEPTIONS.MissingParameter
_BadOptionUsage: Any = _EXCEPTIONS.BadOptionUsage

_EXTRA_ARGUMENTS = re.compile(r"Got unexpected extra argument(\(s\)|s?) \((?P<args>.*)\)$", re.S)
_NO_SUCH_COMMAND = re.compile(
    r"No such command (?P<name>'.*'|\".*\")\.( Did you mean (?P<matches>.*)\?)?$", re.S
)
_REQUIRES = re.compile(
    r"Option '(?P<name>[^']*)' requires (an argument|(?P<count>\d+) arguments)\.$"
)
_NO_VALUE = re.compile(r"Option '(?P<name>[^']*)' does not take a value\.$")


def translate_usage_error(error: Exception) -> None:
    """Put the message of ``error`` (a usage error of the parser) in the language in force."""
    text = _translated_message(error)
    if text is not None:
        # The box Typer prints reads ``format_message()``; the instance's own answer wins.
        error.format_message = lambda: text  # type: ignore[attr-defined]


def _translated_message(error: Any) -> str | None:
    if isinstance(error, _NoSuchOption):
        text = _("No such option: {name}").format(name=printable(error.option_name))
        command = getattr(error.ctx, "info_name", None)
        if error.option_name == "--lang" and command is not None:
            text += " " + _(
                "(--lang goes before the command: ascenseur --lang fr {command} …)"
            ).format(command=command)
        elif error.possibilities:
            text += " " + _("(Possible options: {options})").format(
                options=", ".join(sorted(error.possibilities))
            )
        return text
    if isinstance(error, _MissingParameter):
        hint = _hint(error)
        if (error.param_type or getattr(error.param, "param_type_name", "")) == "argument":
            return _("Missing argument {name}.").format(name=hint)
        return _("Missing option {name}.").format(name=hint)
    if isinstance(error, typer.BadParameter):
        # our own refusal is already in the language in force
        reason = error.message if error.__cause__ is None else _validation_reason(error)
        if reason is None:
            return None  # a reason we cannot read: the parser's English, whole
        hint = _hint(error)
        if not hint:
            return _("Invalid value: {reason}").format(reason=reason)
        return _("Invalid value for {name}: {reason}").format(name=hint, reason=reason)
    message = getattr(error, "message", "")
    if isinstance(error, _BadOptionUsage):
        found = _REQUIRES.match(message)
        if found:
            count = int(found["count"] or 1)
            return ngettext(
                "Option {name} needs a value.", "Option {name} needs {count} values.", count
            ).format(name=f"'{found['name']}'", count=count)
        found = _NO_VALUE.match(message)
        if found:
            return _("Option {name} takes no value.").format(name=f"'{found['name']}'")
        return None
    found = _EXTRA_ARGUMENTS.match(message)
    if found:
        return _("Unexpected extra arguments: {arguments}").format(arguments=found["args"])
    found = _NO_SUCH_COMMAND.match(message)
    if found:
        text = _("No such command: {name}.").format(name=found["name"])
        if found["matches"]:
            text += " " + _("Did you mean {commands}?").format(commands=found["matches"])
        return text
    if message == "Missing command.":
        return _("Missing command.")
    return None


def _hint(error: Any) -> str:
    """The parameter as the message names it: ``'--games'``, ``'FILE'``."""
    hint: str | Sequence[str] | None = error.param_hint
    if hint is None and error.param is not None:
        try:
            hint = error.param.get_error_hint()
        except TypeError:  # click's own parameters want the context
            hint = error.param.get_error_hint(error.ctx)
    if hint is None:
        return ""
    if isinstance(hint, str):
        return hint
    return " / ".join(f"'{h}'" for h in hint)


def _validation_reason(error: Any) -> str | None:
    """Why a value was refused, when a validation error (pydantic's, in recent Typer) says
    so in a form we know; else ``None`` (the message stays as written)."""
    cause = error.__cause__
    errors = getattr(cause, "errors", None)
    if not callable(errors):
        return None
    try:
        first = errors()[0]
    except (IndexError, TypeError):
        return None
    kind = first.get("type")
    limits = {key: _number(limit) for key, limit in (first.get("ctx") or {}).items()}
    value = printable(repr(first.get("input")))
    if _is_nan(first.get("input")):  # nan fails every bound, but the bound is not why
        return _("{value} is not a number").format(value=value)
    if kind == "greater_than_equal":
        return _("it must be at least {limit}").format(limit=limits.get("ge"))
    if kind == "greater_than":
        return _("it must be more than {limit}").format(limit=limits.get("gt"))
    if kind == "less_than_equal":
        return _("it must be at most {limit}").format(limit=limits.get("le"))
    if kind == "less_than":
        return _("it must be less than {limit}").format(limit=limits.get("lt"))
    if kind == "int_parsing":
        return _("{value} is not a whole number").format(value=value)
    if kind == "float_parsing":
        return _("{value} is not a number").format(value=value)
    if kind == "bool_parsing":
        return _("{value} is not yes or no").format(value=value)
    return None


def _is_nan(value: object) -> bool:
    """Whether a value given for a number is "not a number" (``nan``, however written)."""
    try:
        return math.isnan(float(value))  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return False


def _number(limit: object) -> object:
    """A bound as a person writes it: 0, not 0.0."""
    if isinstance(limit, float) and limit.is_integer():
        return int(limit)
    return limit
