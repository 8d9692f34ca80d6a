"""Every text shown to a player is translated into French and Spanish, completely."""

from __future__ import annotations

import errno
import random
import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from ascenseur.core.rules import explain_option, preset
from ascenseur.i18n import (
    LANGUAGES,
    decimal,
    language,
    os_error_reason,
    system_language,
    translations,
)

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "ascenseur"
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
PLACEHOLDER = re.compile(r"\{[a-z_]*(?:![rsa])?(?::[^}]*)?\}")


def _source_messages() -> set[tuple[str, str | None]]:
    """Every (message, context) marked in the code (the context of a ``pgettext``)."""
    found = set()
    for _file, _line, message, _comments, context in extract_from_dir(
        str(PACKAGE), keywords=KEYWORDS, method_map=[("**.py", "python")]
    ):
        found.add((message[0] if isinstance(message, tuple) else message, context))
    return found


def _catalog(lang: str):  # type: ignore[no-untyped-def]
    path = PACKAGE / "locale" / lang / "LC_MESSAGES" / "ascenseur.po"
    with path.open("rb") as handle:
        return read_po(handle, locale=lang)


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_every_message_of_the_code_is_translated(lang: str) -> None:
    catalog = _catalog(lang)
    missing = []
    for msgid, context in sorted(_source_messages(), key=str):
        entry = catalog.get(msgid, context=context)
        if entry is None:
            missing.append(msgid)
            continue
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        if not all(strings):
            missing.append(msgid)
    assert not missing, f"{len(missing)} untranslated in {lang}: {missing[:5]}"


def _source_ids() -> set[tuple[str | tuple[str, str], str | None]]:
    """Every (message, context) marked in the code, a plural as (singular, plural)."""
    return {
        (message if isinstance(message, str) else (message[0], message[1]), context)
        for _file, _line, message, _comments, context in extract_from_dir(
            str(PACKAGE), keywords=KEYWORDS, method_map=[("**.py", "python")]
        )
    }


def _entries(catalog) -> set[tuple[str | tuple[str, str], str | None]]:  # type: ignore[no-untyped-def]
    """Every (message, context) of a catalog or template, a plural as (singular, plural)."""
    return {(message.id, message.context) for message in catalog if message.id}


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_the_catalogs_hold_the_messages_of_the_code_and_no_others(lang: str) -> None:
    """Each catalog has an entry for every message of the code, as the code says it (a text
    said with ngettext has its plural forms there: a single form would leave the player
    with English), and nothing more: no entry left over from a text the code no longer
    says, no fuzzy entry (gettext skips it), no obsolete one (#~)."""
    catalog = _catalog(lang)
    code = _source_ids()
    assert sorted(code - _entries(catalog), key=str) == [], "run scripts/update_catalogs.sh"
    leftover = sorted(_entries(catalog) - code, key=str)
    assert leftover == [], f"{len(leftover)} entries of {lang} not in the code: {leftover[:5]}"
    assert [message.id for message in catalog if message.id and message.fuzzy] == []
    assert not catalog.obsolete


def test_the_template_holds_the_messages_of_the_code() -> None:
    """ascenseur.pot is what scripts/update_catalogs.sh extracts from the code."""
    with (PACKAGE / "locale" / "ascenseur.pot").open("rb") as handle:
        template = read_po(handle)
    assert _entries(template) == _source_ids(), "run scripts/update_catalogs.sh"


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_plural_forms_are_all_filled(lang: str) -> None:
    catalog = _catalog(lang)
    for message in catalog:
        if message.id and message.pluralizable:
            assert len(message.string) == catalog.num_plurals, message.id
            assert all(message.string), f"empty plural form for {message.id!r} in {lang}"


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_small_counts_read_as_plain_plurals(lang: str) -> None:
    """French and Spanish have a third plural form for round millions ("1 000 000 de
    donnes"); a count such as 2 or 7 must get the plain plural ("2 donnes"), the last form,
    and that form must not be the millions one: no "de" after a placeholder that the
    singular does not have too ("{margin} de plus" is in both)."""
    after_placeholder = re.compile(r"\} (?:de |d')")
    catalog = translations(lang)
    for message in _catalog(lang):
        if not (message.id and message.pluralizable):
            continue
        singular, plural = message.id
        plain = message.string[-1]
        extra = len(after_placeholder.findall(plain)) - len(
            after_placeholder.findall(message.string[0])
        )
        assert extra <= 0, (lang, plain)
        for count in (2, 7, 25):
            assert catalog.ngettext(singular, plural, count) == plain, (lang, count)


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_translations_keep_the_placeholders(lang: str) -> None:
    for message in _catalog(lang):
        if not message.id or not message.string:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        expected = set(PLACEHOLDER.findall(ids[-1])) | set(PLACEHOLDER.findall(ids[0]))
        for text in strings:
            assert set(PLACEHOLDER.findall(text)) <= expected, (message.id, text)
            assert set(PLACEHOLDER.findall(ids[0])) - {"{n}", "{count}"} <= set(
                PLACEHOLDER.findall(text)
            ), (message.id, text)


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_the_catalogs_pass_babels_own_checks(lang: str) -> None:
    """What `pybabel compile` and msgfmt -c check, python-format flags included (a "95 %
    intervals" once read as a %-directive and made both catalogs fail)."""
    assert [(message.id, errors) for message, errors in _catalog(lang).check()] == []


def test_rule_explanations_change_with_the_language() -> None:
    rules = preset("classique")
    texts = {}
    for lang in LANGUAGES:
        with language(lang):
            texts[lang] = explain_option("bid_limit", rules.bid_limit)
    assert texts["en"].startswith("The dealer may not")
    assert len(set(texts.values())) == 3


def test_system_language_follows_the_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    assert system_language() == "es"
    monkeypatch.setenv("LC_ALL", "fr_FR.UTF-8")
    assert system_language() == "fr"
    monkeypatch.setenv("LC_ALL", "de_DE.UTF-8")
    assert system_language() == "en"
    monkeypatch.setenv("LANGUAGE", "de:es")
    assert system_language() == "es"


def test_decimals_in_the_reasons_are_written_as_each_language_writes_them() -> None:
    """A hint reads "about 1,4 tricks" in French and Spanish, "1.4" in English."""
    from ascenseur.bots import make_bot
    from ascenseur.core.engine import Game

    game = Game.new(preset("prime").override({"ladder": [5]}), 4, first_dealer=0)
    game.deal(random.Random(7))
    view = game.view(game.turn)
    reasons = {}
    for lang in ("en", "fr", "es"):
        with language(lang):
            assert decimal(1.25, 2) == ("1.25" if lang == "en" else "1,25")
            reasons[lang] = make_bot("search", 3).hint(view).reason
    assert re.search(r"\d\.\d", reasons["en"]) and not re.search(r"\d,\d", reasons["en"])
    for lang in ("fr", "es"):
        assert re.search(r"\d,\d", reasons[lang]) and not re.search(r"\d\.\d", reasons[lang])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_figure_that_rounds_to_zero_is_written_without_a_minus_sign(lang: str) -> None:
    with language(lang):
        assert decimal(-0.04) == decimal(0.0) == ("0.0" if lang == "en" else "0,0")
        assert decimal(-0.05) == decimal(-0.0499) == decimal(0.0)  # Babel: half to even
        assert decimal(-0.15) == ("-0.2" if lang == "en" else "-0,2")
        assert decimal(-0.05, 2) == ("-0.05" if lang == "en" else "-0,05")
        assert decimal(-0.4, 0) == "0"
        assert (decimal(float("inf")), decimal(float("-inf")), decimal(1e30)) == (
            "∞",
            "-∞",
            "1e+30",
        )
        assert decimal(-0.6, 0) == "-1"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_file_that_cannot_be_read_is_explained_in_the_game_language(
    lang: str, tmp_path: Path
) -> None:
    """The system writes its reasons in its own language; the common ones are ours."""
    missing = {"en": "no such file or folder", "fr": "aucun fichier ou dossier de ce nom"}
    folder = {"en": "it is a folder", "fr": "c'est un dossier", "es": "es una carpeta"}
    with language(lang):
        with pytest.raises(OSError) as caught:
            (tmp_path / "missing.json").read_text()
        assert os_error_reason(caught.value) == missing.get(
            lang, "no existe ese archivo ni esa carpeta"
        )
        with pytest.raises(OSError) as caught:
            tmp_path.read_text()
        assert os_error_reason(caught.value) == folder[lang]
        loop = tmp_path / "loop"
        loop.symlink_to(loop)
        with pytest.raises(OSError) as caught:
            loop.read_text()
        assert (
            os_error_reason(caught.value)
            == {
                "en": "too many symbolic links (a loop?)",
                "fr": "trop de liens symboliques (une boucle ?)",
                "es": "demasiados enlaces simbólicos (¿un bucle?)",
            }[lang]
        )
        with pytest.raises(OSError) as caught:
            (tmp_path / ("x" * 300)).read_text()
        assert (
            os_error_reason(caught.value)
            == {
                "en": "the name is too long",
                "fr": "le nom est trop long",
                "es": "el nombre es demasiado largo",
            }[lang]
        )
        unusual = OSError(errno.EXDEV, "Invalid cross-device link")
        assert os_error_reason(unusual) == "Invalid cross-device link"
