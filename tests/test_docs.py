"""The documents: the copies of the specification pages stay those of the team's pages, and
the README's links to files of the repository lead somewhere."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"


@pytest.mark.parametrize("page", ["RULES.md", "RECORD.md"])
def test_the_spec_copies_are_the_shared_pages(page: str) -> None:
    copy = ROOT / "docs" / "spec" / page
    assert copy.is_file()
    original = SHARED / page
    if not original.is_file():
        pytest.skip(f"no {original} beside this checkout (a clone elsewhere)")
    assert copy.read_text(encoding="utf-8") == original.read_text(encoding="utf-8"), (
        f"docs/spec/{page} differs from {original}: copy it again"
    )


def test_the_readme_links_to_files_that_exist() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    targets = {
        target.split("#")[0]
        for target in re.findall(r"\]\(([^)\s]+)\)", readme)
        if not target.startswith(("http://", "https://", "#", "mailto:"))
    }
    assert "docs/spec/RULES.md" in targets
    missing = sorted(t for t in targets if not (ROOT / t).exists())
    assert not missing, f"README links to files that are not in the repository: {missing}"
