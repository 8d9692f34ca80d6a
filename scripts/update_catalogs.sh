#!/usr/bin/env bash
# Extract every marked text (_, N_, ngettext, pgettext) into the template and merge it into the
# French and Spanish catalogs. Translate the new entries, then run the tests
# (tests/test_i18n.py fails on any missing or empty translation). A catalog whose only change
# would be the date of extraction is left as it was, so that a run with nothing new to
# translate leaves the tree clean.
set -euo pipefail
cd "$(dirname "$0")/.."
export UV_PYTHON_DOWNLOADS=never
if command -v uv >/dev/null; then uv=(uv); else uv=(python3 -m uv); fi
locale_dir=src/ascenseur/locale
"${uv[@]}" run pybabel extract --no-location --sort-output --project=ascenseur \
    -k _ -k N_ -k ngettext:1,2 -k pgettext:1c,2 -o "$locale_dir/ascenseur.pot" src/ascenseur
for lang in fr es; do
    po="$locale_dir/$lang/LC_MESSAGES/ascenseur.po"
    if [ -f "$po" ]; then
        "${uv[@]}" run pybabel update --no-fuzzy-matching --ignore-obsolete -D ascenseur \
            -i "$locale_dir/ascenseur.pot" -d "$locale_dir" -l "$lang"
    else
        "${uv[@]}" run pybabel init -D ascenseur -i "$locale_dir/ascenseur.pot" -d "$locale_dir" -l "$lang"
    fi
done
for catalog in "$locale_dir/ascenseur.pot" "$locale_dir"/*/LC_MESSAGES/ascenseur.po; do
    if git ls-files --error-unmatch "$catalog" >/dev/null 2>&1 \
        && git diff --quiet -I '^"POT-Creation-Date: ' -- "$catalog"; then
        git checkout --quiet -- "$catalog"
    fi
done
