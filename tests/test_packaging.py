"""The package as other programs use it: their type checker reads its annotations.

What a wheel holds and how it installs beside the lowest versions ``pyproject.toml`` allows
is checked by ``.ci/run``, which builds it.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def test_a_program_using_the_library_is_type_checked_against_its_annotations(
    tmp_path: Path,
) -> None:
    """The package says it is typed (``py.typed``, PEP 561): without it, mypy skips it as
    untyped and lets any misuse of it through."""
    program = tmp_path / "program.py"
    program.write_text('from ascenseur import preset\n\nrules: int = preset("prime")\n')
    mypy = [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir", os.devnull]
    done = subprocess.run(
        [*mypy, program.name],
        cwd=tmp_path,  # not the checkout: its mypy settings are not the program's
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.stdout.splitlines()[:-1] == [
        'program.py:3: error: Incompatible types in assignment (expression has type "Rules",'
        ' variable has type "int")  [assignment]'
    ], done.stdout + done.stderr
