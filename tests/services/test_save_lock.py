"""One game at a time on a save: a save held by a game in another process (another
terminal) cannot be resumed, with a message naming that process; the lock goes with the
process, and with the game that lets go of it."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from ascenseur import preset
from ascenseur.services.save_lock import SaveInUseError, SaveLock, lock_file_for
from ascenseur.services.session import GameSession

HOLD = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from ascenseur.services.save_lock import SaveLock
    lock = SaveLock.take(Path(sys.argv[1]))
    print("held" if lock.held else "not held", flush=True)
    sys.stdin.read()  # until the test closes our input
    """
)


@pytest.fixture(autouse=True)
def own_lock_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path / "run"))
    (tmp_path / "run").mkdir()


@contextmanager
def held_elsewhere(save: Path) -> Iterator[int]:
    """A process of its own that holds ``save`` until the block ends; its pid."""
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(save)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=os.environ.copy(),
    )
    try:
        assert holder.stdout is not None
        assert holder.stdout.readline() == "held\n"
        yield holder.pid
    finally:
        assert holder.stdin is not None
        holder.stdin.close()
        holder.wait(timeout=60)


def saved_game(tmp_path: Path) -> Path:
    save = tmp_path / "game.json"
    GameSession.new(preset("classique").override({"ladder": [1]}), ["A", "B", "C"]).save(save)
    return save


def test_a_save_held_by_another_process_is_refused_naming_it(tmp_path: Path) -> None:
    save = saved_game(tmp_path)
    link = tmp_path / "link.json"
    link.symlink_to(save)
    with held_elsewhere(save) as pid:
        for path in (save, link):  # (a link leads to the same save, and the same lock)
            with pytest.raises(SaveInUseError) as refused:
                SaveLock.take(path)
            assert str(refused.value) == (
                f"{path} is open in another game (process {pid}): finish or quit it there first"
            )
        other = SaveLock.take(tmp_path / "another.json")  # another save is free
        assert other.held
        other.release()
    # the process ended: the lock went with it
    lock = SaveLock.take(save)
    assert lock.held
    lock.release()
    assert lock_file_for(save) == lock_file_for(link)


def test_a_released_lock_frees_the_save_and_a_second_game_in_one_process_is_refused(
    tmp_path: Path,
) -> None:
    save = saved_game(tmp_path)
    first = SaveLock.take(save)
    with pytest.raises(SaveInUseError):
        SaveLock.take(save)  # (two games of one process: one lock each, as two terminals)
    first.release()
    first.release()  # (twice is harmless)
    assert not first.held
    second = SaveLock.take(save)
    assert second.held
    second.release()


def test_no_folder_for_locks_means_no_lock_not_no_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A runtime folder that cannot hold our folder: the game is played unlocked."""
    blocker = tmp_path / "run" / "ascenseur"
    blocker.write_text("a file where the folder would go", encoding="utf-8")
    lock = SaveLock.take(saved_game(tmp_path))
    assert not lock.held
    lock.release()


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "is open in another game (process {pid}): finish or quit it there first"),
        ("fr", "est ouvert dans une autre partie (processus {pid}) : terminez-la ou quittez-la"),
        ("es", "está abierto en otra partida (proceso {pid}): termínala o sal de ella"),
    ],
)
def test_play_refuses_to_resume_a_save_open_elsewhere(
    tmp_path: Path, lang: str, words: str
) -> None:
    save = saved_game(tmp_path)
    before = save.read_bytes()
    program = Path(sys.executable).parent / "ascenseur"
    command = [str(program)] if program.exists() else [sys.executable, "-m", "ascenseur"]
    env = {**os.environ, "LC_ALL": "C.UTF-8"}
    with held_elsewhere(save) as pid:
        done = subprocess.run(
            [*command, "--lang", lang, "play", "--resume", str(save)],
            capture_output=True,
            text=True,
            env=env,
            timeout=60,
            stdin=subprocess.DEVNULL,
        )
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith(f"{save} ")
    assert words.format(pid=pid) in done.stderr
    assert done.stderr.count("\n") == 1
    assert save.read_bytes() == before  # (nothing written)
