"""A game session: one game at a table of human and computer seats, driven by the engine.

The session is what an interface (the terminal game, later the web app) talks to. It owns
one :class:`~ascenseur.core.engine.Game`, the seats (a human, or a bot of some level), and
the seed the deals and the bots are drawn from. It never decides pacing: an interface asks
:meth:`GameSession.next_step` what is due, lets humans act through the engine's checked path
(:meth:`GameSession.act`), and calls :meth:`GameSession.advance` (or the two halves
:meth:`GameSession.decide` / :meth:`GameSession.apply_bot`, to think in another thread) for
everything else: dealing, the unseen card of a blind round, a bot's move.

Every event is published to one queue per seat, filtered by what that seat may know; a
player's display comes only from :meth:`GameSession.view`.

Saving: the game record is exactly RECORD.md's (``ascenseur replay`` reads it). The
session's own settings (which seats are human, bot levels, the seed) go to a small sidecar
file next to it, ``NAME.session.json``; without it, a record resumes with seat 0 human and
medium bots. Deals are drawn from a generator seeded by the seed and the round number, so a
resumed game deals what it would have dealt.
"""

from __future__ import annotations

import errno
import json
import os
import random
import secrets
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Any, BinaryIO

from ascenseur.bots import Budget, Hint, check_table, make_bot
from ascenseur.bots.base import Bot
from ascenseur.core.cards import Card, Suit
from ascenseur.core.engine import Game, Phase, check_seat
from ascenseur.core.errors import IllegalActionError, IllegalPlayError, RecordError
from ascenseur.core.events import BidMade, Event
from ascenseur.core.record import MAX_RECORD_BYTES, dumps, loads, replay
from ascenseur.core.rules import Bidding, Rules, strict_json
from ascenseur.core.view import PlayerView, require_seat
from ascenseur.i18n import _, ngettext, os_error_reason

#: The level a computer player has unless told otherwise.
DEFAULT_LEVEL = "medium"
#: Levels tried, strongest first, to answer the hint key.
HINT_LEVELS = ("hard", "medium", "easy", "random")
SIDECAR_SUFFIX = ".session.json"
SIDECAR_FORMAT = "ascenseur-session/1"
#: The largest settings file beside a save (one line per seat: a few kilobytes at most).
MAX_SIDECAR_BYTES = 1_000_000
#: How many recent events each seat's stream keeps for a client that reconnects.
HISTORY_KEPT = 512


class SaveFileError(RecordError):
    """A saved game's file that cannot be read as a game at all (missing, not text, too
    large, the settings beside a save): the message names the file already."""


class Step(Enum):
    """What a session waits for next."""

    DEAL = "deal"
    BLIND_CARD = "blind-card"
    BOT = "bot"
    HUMAN = "human"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Seat:
    """A place at the table: a human, or a computer player of a level (``easy`` …
    ``expert``, or a bot kind such as ``random``)."""

    name: str
    level: str | None = None

    @property
    def is_human(self) -> bool:
        return self.level is None


@dataclass(slots=True)
class SeatStream:
    """The events of one seat, already filtered for that seat, each with a version (the
    session's count of events so far), so a client that reconnects asks for what it missed
    (:meth:`since`) instead of the whole game."""

    seat: int
    pending: deque[Event] = field(default_factory=deque)
    #: The last :data:`HISTORY_KEPT` events as (version, event).
    recent: deque[tuple[int, Event]] = field(default_factory=lambda: deque(maxlen=HISTORY_KEPT))

    def push(self, version: int, event: Event) -> None:
        self.pending.append(event)
        self.recent.append((version, event))

    def drain(self) -> list[Event]:
        out = list(self.pending)
        self.pending.clear()
        return out

    def since(self, version: int) -> list[tuple[int, Event]] | None:
        """The events after ``version``; ``None`` when they are no longer all kept (the
        client must then start again from the view)."""
        if self.recent and version < self.recent[0][0] - 1:
            return None
        return [(v, e) for v, e in self.recent if v > version]


def deal_rng(seed: int, round_index: int) -> random.Random:
    """The generator a round is dealt from: one per round, so a resumed game deals the same."""
    return random.Random(f"ascenseur-deal/{seed}/{round_index}")


def decision_point(view: PlayerView) -> tuple[int, int, int]:
    """How far the game is at the decision ``view`` shows (round, bids made, cards played):
    the same for that decision however the game got there, or was saved and resumed."""
    bids = sum(b is not None for b in view.bids)
    played = view.hand_size * view.players - sum(view.hand_counts)
    return view.round_index, bids, played


def decision_seed(seed: int, point: tuple[int, int, int]) -> int:
    """A seed of its own for each decision point of a game (round, bids made, cards
    played): at most 20 bids and 104 cards played in a round, so each field has room (a
    round's 10th bid once drew the seed of the next round's first)."""
    round_index, bids, played = point
    return seed + 7 + 7919 * (round_index * 1_000_000 + bids * 1_000 + played)


def new_seed() -> int:
    """A fresh seed for a game nobody seeded."""
    return random.SystemRandom().randrange(2**32)


class GameSession:
    """One game at a table of human and computer seats."""

    def __init__(
        self,
        game: Game,
        seats: Sequence[Seat],
        seed: int,
        *,
        budget: Budget | None = None,
        fallback_level: str = "random",
    ) -> None:
        if len(seats) != game.players:
            raise ValueError(f"{len(seats)} seats for a game of {game.players} players")
        self.game = game
        self.seats = tuple(seats)
        self.seed = seed
        self.budget = budget
        #: Levels a bot could not be built at, and the kind used instead.
        self.fallbacks: dict[str, str] = {}
        self.fallback_level = fallback_level
        #: The settings file beside a resumed record, when it could not be read (the game
        #: goes on with the defaults: the screen says so).
        self.damaged_sidecar: Path | None = None
        self.bots: dict[int, Bot] = {
            i: self._make_bot(seat.level, seed * 31 + i)
            for i, seat in enumerate(self.seats)
            if seat.level is not None
        }
        self.streams = [SeatStream(i) for i in range(game.players)]
        #: How many events the session has published (the version of the last one).
        self.version = 0

    # -- building -------------------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        rules: Rules,
        names: Sequence[str],
        *,
        human_seats: Sequence[int] = (0,),
        levels: Sequence[str | None] | str = DEFAULT_LEVEL,
        seed: int | None = None,
        first_dealer: int | None = None,
        budget: Budget | None = None,
    ) -> GameSession:
        """A new game: ``levels`` is one level for every computer seat or one per seat
        (ignored at human seats). The first dealer is drawn from the seed unless given."""
        if isinstance(names, str | bytes) or not isinstance(names, Sequence):
            # (a text is a sequence: "ABC" would be three players, A, B and C)
            raise TypeError(f"GameSession.new() takes a list of names, not {type(names).__name__}")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            # (the bots' seeds and the deals are drawn from it as a whole number)
            raise TypeError(
                f"GameSession.new() takes an integer seed (or None), not {type(seed).__name__}"
            )
        if seed is None:
            seed = new_seed()
        n = len(names)
        for seat in human_seats:
            require_seat(seat, n)
        if isinstance(levels, str):
            per_seat: list[str | None] = [levels] * n
        else:
            per_seat = list(levels)
            if len(per_seat) != n:
                raise ValueError(
                    ngettext(
                        "{count} level for {n} players",
                        "{count} levels for {n} players",
                        len(per_seat),
                    ).format(count=len(per_seat), n=n)
                )
        seats = [
            Seat(name, None if i in human_seats else (per_seat[i] or DEFAULT_LEVEL))
            for i, name in enumerate(names)
        ]
        for level in dict.fromkeys(seat.level for seat in seats if seat.level is not None):
            make_bot(level, 0)  # a level that is no bot ("hrad") is refused, naming the levels
        game = Game.new(
            rules, list(names), first_dealer=first_dealer, rng=random.Random(f"first/{seed}")
        )
        return cls(game, seats, seed, budget=budget)

    def _make_bot(self, level: str, seed: int) -> Bot:
        """The bot of a level; one that does not exist here, or cannot play this table
        (OpenSpiel's, named in a settings file), gives way to the fallback level (a resumed
        game's ``--level``), else to a random player, said on screen (:attr:`fallbacks`)."""
        for tried in (level, self.fallback_level):
            try:
                check_table(tried, self.game.rules, self.game.players)
                bot = make_bot(tried, seed)
            except (ValueError, ImportError):
                continue
            if tried != level:
                self.fallbacks[level] = tried
            return bot
        self.fallbacks[level] = "random"
        return make_bot("random", seed)

    def level_played(self, level: str) -> str:
        """The level that plays for ``level``: itself, or the one it gave way to when it
        could not play here (:attr:`fallbacks`)."""
        return self.fallbacks.get(level, level)

    # -- where the game stands ----------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.game.players

    @property
    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.is_human]

    @property
    def is_over(self) -> bool:
        return self.game.is_over

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know: the only source of a player's display."""
        return self.game.view(seat)

    def next_step(self) -> tuple[Step, int | None]:
        """What is due now, and for which seat."""
        game = self.game
        if game.phase is Phase.OVER:
            return Step.OVER, None
        if game.phase is Phase.DEAL:
            return Step.DEAL, None
        if game.blind_play_pending:
            return Step.BLIND_CARD, game.turn
        if self.seats[game.turn].is_human:
            return Step.HUMAN, game.turn
        return Step.BOT, game.turn

    # -- acting -------------------------------------------------------------------------------

    def act(self, seat: int, action: int) -> list[Event]:
        """A human's bid or card, through the engine's checked path: raises
        :class:`IllegalActionError` (see :func:`explain_to_player` for the words to show).

        In the play of a blind round every card is refused before the engine sees it: the
        engine knows the hands, and its refusals ("… does not hold T1") would tell the
        player, card by card, the one they may not see (RULES.md §6, §9)."""
        if self.game.blind_play_pending:
            raise IllegalPlayError(
                _("in the blind round the table plays every card: nobody sees their own"),
                seat=seat,
                rule="blind",
            )
        events = self.game.act(action, seat=seat)
        self._publish(events)
        return events

    def decide(self, seat: int) -> int:
        """The action the bot at ``seat`` chooses now. Reads only that seat's view, changes
        nothing in the game: safe to call in a thread while the screen goes on (one call at
        a time for a seat: the bot's generator is seeded again for each decision)."""
        bot = self.bots.get(seat)
        if bot is None:
            raise IllegalActionError(
                _("seat {seat} has no computer player").format(seat=seat), seat=seat, rule="seat"
            )
        view = self.view(seat)
        rng = getattr(bot, "rng", None)  # (every bot of make_bot has one)
        if isinstance(rng, random.Random):
            # Seeded by the decision, not by the bot's past ones: a saved game, resumed,
            # goes on as it would have gone (deals and computer players alike).
            round_index, bids, played = decision_point(view)
            rng.seed(f"ascenseur-bot/{self.seed}/{seat}/{round_index}/{bids}/{played}")
        return bot.choose(view, self.budget)

    def apply_bot(self, seat: int, action: int) -> list[Event]:
        """Apply what :meth:`decide` chose, checked (the game must not have moved since)."""
        if self.next_step() != (Step.BOT, seat):
            raise IllegalActionError(_("it is not this computer player's turn"), seat=seat)
        events = self.game.act(action, seat=seat)
        self._publish(events)
        return events

    def advance(self) -> list[Event]:
        """Do the one next thing that needs no human: deal, play a blind card, or let a bot
        act. Returns nothing when a human must act or the game is over."""
        step, seat = self.next_step()
        if step is Step.DEAL:
            events = self.game.deal(deal_rng(self.seed, self.game.round_index))
        elif step is Step.BLIND_CARD:
            events = self.game.play_blind_card()
        elif step is Step.BOT:
            assert seat is not None
            return self.apply_bot(seat, self.decide(seat))
        else:
            return []
        self._publish(events)
        return events

    def run_bots(self, limit: int = 100_000) -> list[Event]:
        """Advance until a human must act or the game ends (for tests and simulations)."""
        out: list[Event] = []
        for _i in range(limit):
            step, _seat = self.next_step()
            if step in (Step.HUMAN, Step.OVER):
                break
            out.extend(self.advance())
        return out

    def hint(self, seat: int) -> Hint:
        """The computer's suggestion for ``seat``'s decision, with its one-line reason: the
        same each time it is asked for the same decision (its bot is seeded by the
        decision, so that a second press of the key does not suggest another move)."""
        view = self.view(seat)
        seed = self.hint_seed(view)
        for level in HINT_LEVELS:
            try:
                bot = make_bot(level, seed)
            except ValueError:  # (a level this install lacks: the next one)
                continue
            return bot.hint(view)
        raise AssertionError("no hint level is available")  # "random" always is

    def hint_seed(self, view: PlayerView) -> int:
        """The seed of the hint for the decision ``view`` shows: the game's seed and how
        far the game is (round, bids made, cards played)."""
        return decision_seed(self.seed, decision_point(view))

    # -- events -------------------------------------------------------------------------------

    def _publish(self, events: list[Event]) -> None:
        sealed = self.game.rules.bidding is Bidding.SIMULTANEOUS
        for event in events:
            self.version += 1
            for stream in self.streams:
                stream.push(self.version, filter_event(event, stream.seat, self.game, sealed))

    def events_for(self, seat: int) -> list[Event]:
        """The events ``seat`` has not read yet (and forget them)."""
        return self._stream(seat).drain()

    def events_since(self, seat: int, version: int) -> list[tuple[int, Event]] | None:
        """``seat``'s events after ``version`` (for a client that reconnects), or ``None``
        when too many were missed and the client must redraw from :meth:`view`."""
        return self._stream(seat).since(version)

    def _stream(self, seat: int) -> SeatStream:
        check_seat(seat, self.players)
        return self.streams[seat]

    # -- saving and resuming --------------------------------------------------------------------

    def settings(self) -> dict[str, Any]:
        """What the sidecar file holds: the session's settings that a record has no room for."""
        return {
            "format": SIDECAR_FORMAT,
            "seed": self.seed,
            "seats": [{"name": s.name, "level": s.level} for s in self.seats],
        }

    def save(self, path: Path) -> Path:
        """Write the game record to ``path`` and the session's settings beside it."""
        path.parent.mkdir(parents=True, exist_ok=True)
        # (a save kept as a link: the game where it points, its settings beside it, found
        # there by a resume through the link or from that file)
        target = link_target(path)
        write_text_atomic(target, dumps(self.game))
        write_text_atomic(
            sidecar_path(target), json.dumps(self.settings(), ensure_ascii=False, indent=1) + "\n"
        )
        return path

    @classmethod
    def resume(
        cls, path: Path, *, level: str = DEFAULT_LEVEL, budget: Budget | None = None
    ) -> GameSession:
        """The game saved at ``path`` (a record, with or without its sidecar), ready to go on.
        Raises :class:`RecordError` if the record cannot be replayed."""
        try:
            with path.open("rb") as handle:
                # (at most so much: /dev/zero or /dev/full would be read until the memory
                # ran out, and the command ended on a MemoryError)
                data = read_at_most(handle, MAX_RECORD_BYTES)
            if len(data) > MAX_RECORD_BYTES:
                raise SaveFileError(
                    _("{path} is too large to be a saved game (more than {size} MB)").format(
                        path=path, size=MAX_RECORD_BYTES // 1_000_000
                    )
                )
            text = data.decode("utf-8-sig")
        except OSError as error:
            raise SaveFileError(
                _("cannot read {path}: {reason}").format(path=path, reason=os_error_reason(error))
            ) from None
        except UnicodeDecodeError as error:
            raise SaveFileError(
                _("{path} is not UTF-8 text (byte {position})").format(
                    path=path, position=error.start
                )
            ) from None
        try:
            result = replay(loads(text))
        except RecordError:
            if _is_sidecar(text):
                raise SaveFileError(
                    _(
                        "{path} holds the settings kept beside a saved game, not the game: "
                        "resume the game itself, {game}"
                    ).format(path=path, game=game_of_sidecar(path))
                ) from None
            raise
        if result.pending_summary_bids is not None:
            raise RecordError(_("this record is a score sheet in progress, not a game to play"))
        game = result.game
        seats: list[Seat] = [
            Seat(name, None if i == 0 else level) for i, name in enumerate(game.names)
        ]
        seed = new_seed()
        side = sidecar_path(link_target(path))  # (the game was read: no loop of links)
        damaged = False
        if side.exists():
            try:
                with side.open("rb") as handle:
                    raw = read_at_most(handle, MAX_SIDECAR_BYTES)
                if len(raw) > MAX_SIDECAR_BYTES:
                    raise ValueError("too large to be a session's settings")
                # (past a byte-order mark, as the game; a key given twice is a ValueError)
                data = strict_json(raw.decode("utf-8-sig"))
                if data["format"] != SIDECAR_FORMAT:
                    raise ValueError("not a session's settings")
                stored = data["seats"]
                if len(stored) != game.players:
                    raise ValueError("one seat per player")
                read = [Seat(game.names[i], _stored_level(s)) for i, s in enumerate(stored)]
                stored_seed = data["seed"]
                if isinstance(stored_seed, bool) or not isinstance(stored_seed, int):
                    # (5.9 was read as 5, true as 1: a seed is written as a whole number)
                    raise TypeError("a seed is a whole number")
                seed = stored_seed
                seats = read
            except (
                OSError,
                ValueError,
                KeyError,
                TypeError,
                AttributeError,
                OverflowError,
                RecursionError,
            ):
                damaged = True  # play on with the defaults, and say so
        session = cls(game, seats, seed, budget=budget, fallback_level=level)
        session.damaged_sidecar = side if damaged else None
        return session


def _stored_level(seat: dict[str, Any]) -> str | None:
    """A seat's level as a settings file keeps it: a name, or null for a human; anything
    else, or no level at all (every seat is written with one), is a damaged file
    (``TypeError``, ``KeyError``)."""
    level = seat["level"]
    if level is not None and not isinstance(level, str):
        raise TypeError("a level is a name or null")
    return level


def filter_event(event: Event, seat: int, game: Game, sealed: bool) -> Event:
    """``event`` as ``seat`` may see it: a sealed bid is hidden from everyone but its bidder
    until all bids are revealed."""
    if isinstance(event, BidMade) and sealed:
        return BidMade(event.seat, game.bids[seat] if event.seat == seat else None)
    return event


def _is_sidecar(text: str) -> bool:
    """Whether ``text`` is a session sidecar (given to --resume instead of its game)."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return False
    return is_sidecar_data(data)


def is_sidecar_data(data: object) -> bool:
    """Whether parsed JSON is a session sidecar rather than a record (``--resume`` and
    ``replay`` given the settings file kept beside a game)."""
    return isinstance(data, dict) and data.get("format") == SIDECAR_FORMAT


def game_of_sidecar(side: Path) -> Path:
    """The saved game a sidecar belongs to (the inverse of :func:`sidecar_path`)."""
    name = side.name
    if name.endswith(SIDECAR_SUFFIX):
        name = name[: -len(SIDECAR_SUFFIX)]
    game = side.with_name(name + ".json")
    bare = side.with_name(name)  # (a save named without .json has its settings beside too)
    if not game.exists() and name and bare != side and bare.is_file():
        return bare
    return game


def link_target(path: Path) -> Path:
    """``path``, or the file it points to when it is a symbolic link (where that file would
    be, when it is not there yet): where a save through a link is written, and its settings
    beside it. A loop of links is an ``OSError`` (ELOOP), as the system says it."""
    if not path.is_symlink():
        return path
    try:
        return path.resolve(strict=True)
    except FileNotFoundError:
        return Path(os.path.realpath(path))
    except RuntimeError:  # (Python 3.11 says a loop of links so)
        raise OSError(errno.ELOOP, os.strerror(errno.ELOOP), str(path)) from None


def sidecar_path(path: Path) -> Path:
    """Where the session settings of the record at ``path`` are kept."""
    name = path.name[: -len(".json")] if path.name.endswith(".json") else path.name
    return path.with_name(name + SIDECAR_SUFFIX)


def folder_in_the_way(path: Path) -> IsADirectoryError:
    """The error writing a file at ``path``, where a folder is, would raise (said before
    any write, by the commands that find such a folder first)."""
    return IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))


def read_at_most(handle: BinaryIO, limit: int) -> bytes:
    """What ``handle`` holds, up to ``limit`` bytes and one more (so that the caller knows
    it held more), read a megabyte at a time: ``handle.read(limit + 1)`` sets that much
    memory aside first, whatever the file holds, and /dev/zero is read without end."""
    chunks: list[bytes] = []
    size = 0
    while size <= limit:
        chunk = handle.read(min(1 << 20, limit + 1 - size))
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)


def write_text_atomic(path: Path, text: str) -> None:
    """Write through a temporary file, so a crash never leaves half a save. The temporary
    file is one of this write's own, created new beside ``path``: two sessions saving to
    one file at once (the same save resumed in two terminals) each write their own whole
    file, and the last one stays, where a shared temporary name had one of them write into
    the file the other had just renamed, and fail; nor is a file of the user's that
    happens to bear that name written over. A ``path`` that is a symbolic link is written
    where it points, and stays a link."""
    path = link_target(path)
    while True:
        # (the name cut short: a name near the longest a file may have must still do)
        tmp = path.with_name(f".{path.name[:200]}.{secrets.token_hex(6)}.tmp")
        try:
            handle = tmp.open("x", encoding="utf-8")
        except FileExistsError:  # (a name already drawn: draw another)
            continue
        break
    try:
        with handle:
            handle.write(text)
            # on the disk before it takes the save's name: after a power cut the name
            # holds the old save or the new one, never an empty file
            handle.flush()
            os.fsync(handle.fileno())
        tmp.replace(path)
    except BaseException:  # (Ctrl-C too: no .tmp left behind)
        tmp.unlink(missing_ok=True)
        raise


# -- the words shown to the player who tried --------------------------------------------------


def explain_to_player(error: IllegalActionError, view: PlayerView) -> str:
    """Why an action was refused, said to the player who tried it ("you must follow hearts"),
    from the rule that refused it and what that player sees."""
    rule = error.rule
    if rule == "follow_suit" and view.trick:
        suit = view.trick[0][1].suit
        return _("You must follow {suit}.").format(suit=suit_name(suit))
    if rule == "must_trump" and view.trick and view.trump is not None:
        return _("You have no {suit}: you must play a trump ({trump}).").format(
            suit=suit_name(view.trick[0][1].suit), trump=suit_name(view.trump)
        )
    if rule == "not_held":
        return _("You do not hold that card.")
    if rule == "hook":
        return ngettext(
            "As the dealer you may not bid {bid}: the bids would total the {size} trick "
            "(the hook).",
            "As the dealer you may not bid {bid}: the bids would total the {size} tricks "
            "(the hook).",
            view.hand_size,
        ).format(bid=view.forbidden_bid, size=view.hand_size)
    if rule == "under":
        made = sum(b for b in view.bids if b is not None)
        return ngettext(
            "The bids must stay under the {size} trick: with {total} bid so far you may bid "
            "at most {most}.",
            "The bids must stay under the {size} tricks: with {total} bid so far you may bid "
            "at most {most}.",
            view.hand_size,
        ).format(size=view.hand_size, total=made, most=max(view.hand_size - made - 1, 0))
    if rule == "bid_range":
        return _("A bid goes from 0 to {size}.").format(size=view.hand_size)
    if rule == "blind":
        return _("In the blind round the table plays your card: you cannot see it.")
    if rule == "phase" and view.is_my_turn and view.phase is Phase.BID:
        return _("Bid first: how many tricks will you take?")
    if rule == "phase" and view.is_my_turn and view.phase is Phase.PLAY:
        return _("The bidding is over: play a card.")
    if rule == "turn":
        if view.turn is not None:
            return _("It is not your turn: {name} is to play.").format(name=view.names[view.turn])
        return _("It is not your turn.")
    return str(error)


def bid_refusals(view: PlayerView) -> dict[int, str]:
    """For a player about to bid: each bid 0..hand size that is not allowed, and why."""
    if view.phase is not Phase.BID or not view.is_my_turn:
        return {}
    out: dict[int, str] = {}
    for bid in range(view.hand_size + 1):
        if bid in view.legal_actions:
            continue
        rule = "hook" if view.forbidden_bid == bid else "under"
        error = IllegalActionError("", seat=view.seat, rule=rule)
        out[bid] = explain_to_player(error, view)
    return out


def suit_name(suit: Suit) -> str:
    return suit.display_name()


def card_text(card: Card) -> str:
    """A card for people: ``A♠``, ``10♥``, tarot ``21``."""
    return card.display()


def save_as_new(session: GameSession, folder: Path) -> Path:
    """Save ``session``'s game in ``folder`` under a name of its own (the game's, numbered
    if need be), taken by creating the file: a game saved in the same second in another
    terminal takes the next name. If the save fails, the empty file that took the name goes
    too, whatever stopped it (no empty record is left to be resumed or replayed)."""
    from .history import game_file_name, new_file

    path = new_file(folder, game_file_name(session.game))
    try:
        return session.save(path)
    except BaseException:
        path.unlink(missing_ok=True)
        raise


def save_to_history(session: GameSession, folder: Path) -> Path:
    """Keep a finished game's record in the history folder (``ascenseur replay`` reads it)."""
    return save_as_new(session, folder)
