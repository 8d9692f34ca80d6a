"""One game at a time on a save: a saved game open in one terminal cannot be resumed in
another, where each would overwrite the other's moves with its own (the last save won).

The lock is the operating system's (``flock``) on a small file of our own, not on the save:
a save is replaced whole at each write (a new file renamed over the old), which would leave
a lock on the save itself behind on the replaced file. The system drops the lock when the
process ends, however it ends, so a lock never outlives its game; the lock files stay, empty
of meaning, in a folder of the user's runtime files. Where there is no such locking (not a
POSIX system) or no folder for it, games are not locked, as before: a lock is a protection,
never a reason not to play.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path

from ascenseur.i18n import _

from .session import SaveFileError

try:
    import fcntl
except ImportError:  # (not a POSIX system: no locks)
    fcntl = None  # type: ignore[assignment]


class SaveInUseError(SaveFileError):
    """The save is open in another game (another terminal) right now."""


def lock_folder() -> Path:
    """Where the lock files go: the user's runtime folder (``$XDG_RUNTIME_DIR``, emptied at
    each login), else a folder of the user's own in the system's temporary folder."""
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    if runtime and Path(runtime).is_absolute() and Path(runtime).is_dir():
        return Path(runtime) / "ascenseur"
    return Path(tempfile.gettempdir()) / f"ascenseur-{os.getuid()}"


def lock_file_for(save: Path) -> Path:
    """The lock file of ``save``: one per file where the game is written, whatever path or
    link leads there (two links to one save share its lock)."""
    where = os.path.realpath(save)
    name = hashlib.sha256(where.encode("utf-8", "surrogateescape")).hexdigest()[:32]
    return lock_folder() / f"{name}.lock"


class SaveLock:
    """A save held by this game; :meth:`release` (or the end of the process) lets it go."""

    def __init__(self, save: Path, fd: int | None) -> None:
        self.save = save
        self._fd = fd

    @classmethod
    def take(cls, save: Path) -> SaveLock:
        """Hold ``save`` for this game. Raises :class:`SaveInUseError` when another game
        holds it, naming that game's process."""
        if fcntl is None:
            return cls(save, None)
        lock = lock_file_for(save)
        try:
            lock.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o600)
        except OSError:
            return cls(save, None)  # nowhere to keep locks: play unlocked
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.read(fd, 32).decode("ascii", "replace").strip()
            os.close(fd)
            raise SaveInUseError(
                _(
                    "{path} is open in another game (process {pid}): finish or quit it there first"
                ).format(path=save, pid=holder or "?")
            ) from None
        except OSError:
            os.close(fd)
            return cls(save, None)  # a file system without locks: play unlocked
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode("ascii"))
        return cls(save, fd)

    @property
    def held(self) -> bool:
        """Whether the system holds the lock for this game (false where games are not
        locked)."""
        return self._fd is not None

    def release(self) -> None:
        if self._fd is not None:
            fd, self._fd = self._fd, None
            os.close(fd)  # (closing the file drops its lock)
