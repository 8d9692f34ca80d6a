"""The benchmark scripts still start: they import the library's internals, which tests
elsewhere do not read (a renamed helper once broke one silently)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = sorted((Path(__file__).parents[1] / "benchmarks").glob("*.py"))


@pytest.mark.parametrize("script", BENCHMARKS, ids=lambda path: path.name)
def test_every_benchmark_script_starts_and_explains_itself(script: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(script), "--help"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=script.parent,
    )
    assert done.returncode == 0, done.stderr
    assert "usage:" in done.stdout
