"""Where games are kept on disk: the history of finished games and the saved games.

Both live under the user's data folder, ``$XDG_DATA_HOME/ascenseur`` (by default
``~/.local/share/ascenseur``): ``history/`` holds the record of every finished game (each
readable by ``ascenseur replay``), ``saves/`` the games saved to be resumed.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from ascenseur.core.engine import Game


def data_dir() -> Path:
    """The folder Ascenseur keeps its files in (XDG base directory rules)."""
    base = os.environ.get("XDG_DATA_HOME") or ""
    root = Path(base) if base and Path(base).is_absolute() else Path.home() / ".local" / "share"
    return root / "ascenseur"


def history_dir(override: Path | None = None) -> Path:
    """The history folder: ``override`` when given (``--history DIR``), else the default."""
    return override if override is not None else data_dir() / "history"


def saves_dir() -> Path:
    return data_dir() / "saves"


def game_file_name(game: Game, stamp: float | None = None) -> str:
    """A file name that sorts by date and says what was played."""
    when = time.strftime("%Y%m%d-%H%M%S", time.localtime(stamp))
    return f"{when}-{game.rules.preset}-{game.players}p.json"


def unique_path(folder: Path, name: str) -> Path:
    """``folder/name``, with a number added if that file already exists."""
    path = folder / name
    stem = name[: -len(".json")] if name.endswith(".json") else name
    n = 2
    while _taken(path):
        path = folder / f"{stem}-{n}.json"
        n += 1
    return path


def _taken(path: Path) -> bool:
    """Whether ``path`` is there; a path that cannot even be looked at (a folder of the
    path not readable, a name too long) is not, and writing it then says why, where the
    caller reports a failed write rather than stopping on a traceback."""
    try:
        return os.path.lexists(path)  # (a link to nowhere holds its name too)
    except OSError:
        return False


def new_file(folder: Path, name: str) -> Path:
    """A new file of its own in ``folder`` (made if need be), ``name`` or numbered, created
    empty here: the name is taken by creating the file, not only looked for, so that a
    game saved in the same second in another terminal takes the next name rather than
    seeing this one free too and writing over it. The caller writes over the file, or
    removes it when it cannot (an ``OSError`` says why a file cannot be made there)."""
    folder.mkdir(parents=True, exist_ok=True)
    while True:
        path = unique_path(folder, name)
        try:
            path.open("x").close()
        except FileExistsError:  # taken since it was looked for: the next free name
            continue
        return path
