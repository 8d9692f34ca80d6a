"""The terminal game: a Textual application around a :class:`GameSession`."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from rich.terminal_theme import TerminalTheme
from textual.app import App

from ascenseur.core.engine import default_names
from ascenseur.core.rules import PlayersError, Rules, RulesError, option_from_text, preset
from ascenseur.i18n import _, ngettext
from ascenseur.interfaces.typed_text import (
    SETUP_LEVELS,
    apply_options,
    level_by_name,
    level_name,
    option_as_typed,
    parse_levels,
    parse_names,
    printable,
)
from ascenseur.services.history import history_dir
from ascenseur.services.save_lock import SaveInUseError, SaveLock
from ascenseur.services.session import DEFAULT_LEVEL, GameSession

from .game_screen import GameScreen
from .screens import SetupScreen
from .texts import ChoiceError, unknown_level

CSS = """
Screen { layout: vertical; }
#head { dock: top; height: auto; }
GameScreen.small { scrollbar-gutter: stable; }
GameScreen.small #status { height: auto; }
/* Textual's notices appear at the bottom right, where a crowded table pushes the hand and
   the bids: at the table they appear at the top, below the line of the round. */
GameScreen ToastRack { dock: top; align: right top; margin: 1 0 0 0; }
#status { height: 1; background: $boost; padding: 0 1; }
#too-small { height: auto; display: none; padding: 0 1; background: $warning; color: $text; }
#top { height: auto; }
#middle { height: auto; }
#left, #right { width: 1fr; height: auto; }
#center { width: 1fr; height: auto; min-height: 3; content-align: center middle; padding: 0 1; }
.seat { height: 3; padding: 0 1; width: 1fr; background: $surface; margin: 0 1 0 0;
        text-wrap: nowrap; text-overflow: ellipsis; }
#left .seat, #right .seat { width: 100%; margin: 0 0 0 0; }
.seat.compact { height: 1; }
#middle.compact #left, #middle.compact #right { width: 2fr; }
.seat.turn { background: $primary-background; }
/* On the light theme $primary-background is a dark blue, on which a player's magenta, red
   or blue name had a contrast of 1.4-1.6: a light blue tint there instead (1.7 at worst). */
App:light .seat.turn { background: $secondary 20%; }
.seat.me { margin: 1 0 0 0; }
#ladder { height: 1; padding: 0 1; content-align: center middle; width: 100%; }
#message { height: auto; min-height: 2; padding: 0 1; }
#actions { height: auto; padding: 0 1; }
#hand, #bids { grid-size: 13; grid-gutter: 0 1; grid-columns: 5; height: auto; }
#bids { margin: 1 0 0 0; }
/* one line: a grid's auto row measures the label in one of the columns it spans, which
   would give that row the height of the label wrapped five columns wide */
#bids .label { height: 1; max-height: 1; }
.card, .bid { width: 5; min-width: 5; }
.unplayable { text-style: dim; color: $text-muted; }
.playable { text-style: bold; }
.card:focus, .bid:focus { text-style: bold reverse; background: $accent; }
/* Reversed, the text takes the colour of the background and the block that of the text: on
   a dark theme, the accent's orange on the text's light grey (a contrast of 1.5, and of 1.2
   without colour, where both are greys). The text dark on the accent instead; on a light
   theme too, where a red card was the accent's orange on red. */
App:dark .card:focus, App:dark .bid:focus { color: $accent; background: $background; }
App:light .card:focus, App:light .bid:focus { color: $accent; background: $foreground; }
#setup Select:focus, #setup Input:focus { background: $accent 30%; }
.dialog { width: 90%; max-width: 100; height: auto; max-height: 95%; padding: 0 1;
          background: $panel; border: round $primary; }
.dialog-body { height: auto; max-height: 60vh; }
#sheet-body { overflow-x: auto; }
#sheet-head-box { height: auto; scrollbar-size-horizontal: 0; }
#sheet, #sheet-head { width: auto; }
ModalScreen { align: center middle; }
.title { text-style: bold; margin: 0 0 1 0; }
.note { color: $text-muted; }
.error { color: $error; height: auto; }
#setup { padding: 1 2; }
.row { height: 1; margin: 0 0 1 0; }
.field { width: 18; padding: 0 1 0 0; }
#preset-summary { margin: 0 0 1 0; }
#setup Input, #setup Select { width: 1fr; }
#end-top { height: auto; padding: 1 2 0 2; }
/* a Label is as wide as its text: the winners of a crowded table wrap instead of running
   off the screen */
#winners { width: 100%; }
#end { height: 1fr; padding: 0 2 1 2; }
#final-sheet { margin: 0 0 1 0; }
"""


#: The sixteen colours of a terminal as Rich rounds other colours to them (its standard
#: palette): a named colour drawn in one of these is drawn in the terminal's own.
SIXTEEN_COLOURS = [
    (0, 0, 0),
    (170, 0, 0),
    (0, 170, 0),
    (170, 85, 0),
    (0, 0, 170),
    (170, 0, 170),
    (0, 170, 170),
    (170, 170, 170),
    (85, 85, 85),
    (255, 85, 85),
    (85, 255, 85),
    (255, 255, 85),
    (85, 85, 255),
    (255, 85, 255),
    (85, 255, 255),
    (255, 255, 255),
]


def in_sixteen_colours(theme: TerminalTheme) -> TerminalTheme:
    """``theme`` with its sixteen named colours those a terminal of 16 colours shows."""
    return TerminalTheme(
        theme.background_color, theme.foreground_color, SIXTEEN_COLOURS[:8], SIXTEEN_COLOURS[8:]
    )


def in_text_colour(theme: TerminalTheme) -> TerminalTheme:
    """``theme`` with its sixteen named colours all drawn in its text colour."""
    text = theme.foreground_color
    return TerminalTheme(theme.background_color, text, [text] * 8, [text] * 8)


class AscenseurApp(App[Path | None]):
    """``ascenseur play``: a game against computer players, or the setup screen first.

    The application returns the path the game was saved to (when the player saved and quit),
    so the command can say how to resume it."""

    CSS = CSS
    TITLE = "Ascenseur"
    ENABLE_COMMAND_PALETTE = False

    def __init__(
        self,
        session: GameSession | None = None,
        *,
        delay: float = 0.6,
        history: Path | None = None,
        save_path: Path | None = None,
        setup_defaults: Mapping[str, str] | None = None,
        setup_seed: int | None = None,
        save_lock: SaveLock | None = None,
    ) -> None:
        super().__init__()
        self.session = session
        #: The save this game is written to, held against another game resuming it.
        self.save_lock = save_lock
        self.delay = delay
        self.history = history
        self.save_path = save_path
        self.setup_defaults = dict(setup_defaults or {})
        #: The seed of the game started from the setup screen (--seed), else a new one.
        self.setup_seed = setup_seed
        self.saved_to: Path | None = None

    def on_mount(self) -> None:
        if self.console.color_system == "standard" and not self.no_color:
            # A terminal of 8 or 16 colours (TERM=xterm, TERM=linux): Textual drew the
            # named colours in its own shades, then rounded them to the terminal's: the red
            # of ♥ and ♦ on the table to magenta (a player's colour, and not the red the
            # score sheet speaks of), yellow to red. In the terminal's own colours instead.
            self.ansi_theme_dark = in_sixteen_colours(self.ansi_theme_dark)
            self.ansi_theme_light = in_sixteen_colours(self.ansi_theme_light)
        if self.no_color:
            # NO_COLOR: Textual draws each colour as a grey of its brightness, and the
            # named colours of the table (the red of ♥ and ♦, the players' names, the
            # scores made and missed) came out dark grey on the dark background, some
            # near it (a playable K♥ darker than an unplayable 2♠). In the text's colour
            # instead: what they say is also said without colour (the suit, the name, ▶).
            self.ansi_theme_dark = in_text_colour(self.ansi_theme_dark)
            self.ansi_theme_light = in_text_colour(self.ansi_theme_light)
        if self.session is not None:
            self.push_screen(self.game_screen(self.session))
        else:
            self.push_screen(SetupScreen(self.setup_defaults))

    def game_screen(self, session: GameSession) -> GameScreen:
        return GameScreen(session, delay=self.delay, history=self.history, save_path=self.save_path)

    def action_help_quit(self) -> None:
        """Ctrl+C does not quit a Textual app: say which key does, in the game's language
        (Textual's own notice is in English)."""
        quit_key = "ctrl+q"  # (Textual's own binding: it quits without saving)
        bindings = self.active_bindings.items()
        save_key = next((bound for bound, a in bindings if a.binding.action == "save_quit"), None)
        if save_key is not None:
            # in full (the footer's word for it may be shorter, "quitter"), and the app's
            # own key that quits without saving beside it
            message = _(
                "Press {key} to save and quit, or {quit_key} to quit without saving."
            ).format(key=save_key, quit_key=quit_key)
        elif any(
            isinstance(screen, GameScreen) and not screen.session.game.is_over
            for screen in self.screen_stack
        ):
            # a screen over a game in progress (the rules): its q only closes it, and the
            # app's ctrl+q would lose the game without a word
            message = _(
                "Press Escape to go back to the game, where q saves and quits; {quit_key} "
                "quits without saving."
            ).format(quit_key=quit_key)
        else:
            key, action = quit_key, _("quit")  # (a screen that only closes: the app's key)
            for bound, active in bindings:
                if active.binding.action in ("quit", "app.quit"):
                    key = bound
                    action = active.binding.description or action
                    break
            message = _("Press {key} to {action}.").format(key=key, action=action)
        self.notify(message, title=_("Do you want to quit?"))

    def history_folder(self) -> Path:
        return history_dir(self.history)

    def hold_save(self, path: Path) -> None:
        """Hold the save the game is now written to (the first ``s`` of a new game)."""
        if self.save_lock is not None and self.save_lock.save == path:
            return
        self.let_go_of_save()
        try:
            self.save_lock = SaveLock.take(path)
        except SaveInUseError:
            self.save_lock = None  # (a file just made, held elsewhere already: not ours)

    def let_go_of_save(self) -> None:
        if self.save_lock is not None:
            self.save_lock.release()
            self.save_lock = None

    def on_unmount(self) -> None:
        """The app is closing: its save may be resumed elsewhere now (the end of the process
        would drop the lock too, but an app may close long before, as in the tests)."""
        self.let_go_of_save()

    def start_game(self, session: GameSession) -> None:
        """Leave the setup screen for the table (a --seed seeds this first game only)."""
        self.setup_seed = None
        self.session = session
        self.save_path = None
        self.let_go_of_save()  # (the game before it no longer writes there)
        self.switch_screen(self.game_screen(session))

    def open_setup(self) -> None:
        """Back to the setup screen for a new game."""
        self.run_worker(self._open_setup(), exclusive=True, group="screens")

    async def _open_setup(self) -> None:
        while len(self.screen_stack) > 2:
            await self.pop_screen()
        await self.switch_screen(SetupScreen(self.setup_defaults))


# -- building a game from the player's choices -------------------------------------------------


def too_few_or_many_names(count: int, players: int) -> ChoiceError:
    """The refusal of ``count`` names for a table of ``players`` ("1 name for 4 players")."""
    return ChoiceError(
        "names",
        ngettext("{count} name for {n} players", "{count} names for {n} players", count).format(
            count=count, n=players
        ),
    )


def parse_option_list(text: str) -> dict[str, Any]:
    """``"void_rule=free; ladder=[1,2]"`` → options (``;`` or new lines between them)."""
    options: dict[str, Any] = {}
    for part in text.replace("\n", ";").split(";"):
        part = part.strip()
        if not part:
            continue
        if "=" not in part:
            raise RulesError(part, _("write an option as name=value"))
        name, value = part.split("=", 1)
        name = name.strip()
        if "=" in value:  # no option's value has one: two options without their ";"
            raise RulesError(name, _("separate the options with ; (void_rule=free; ladder=[1,2])"))
        options[name] = option_from_text(name, value.strip())
    return options


def make_session(
    rules: Rules,
    *,
    players: int | None = None,
    names: Sequence[str] | None = None,
    seat: int = 1,
    levels: Sequence[str] | None = None,
    seed: int | None = None,
) -> GameSession:
    """A new session from what a player chose: ``seat`` counts from 1; ``levels`` gives one
    level for every computer player, or one per seat (the human's is ignored)."""
    names = [n.strip() for n in names or () if n.strip()]
    if players is None:
        players = len(names) if names else 4
    if names and len(names) != players:
        raise too_few_or_many_names(len(names), players)
    rules.validate(players)  # (first: 30,000,000 players must not be named one by one)
    if not names:
        names = list(default_names(players))
    if not 1 <= seat <= players:
        raise ChoiceError(
            "seat",
            _("there is no seat {seat}: seats go from 1 to {n}").format(seat=seat, n=players),
        )
    chosen = [level_by_name(level) for level in levels or () if level.strip()]
    per_seat: list[str | None] | str
    for i, level in enumerate(chosen):
        human = len(chosen) == players and i == seat - 1
        if level not in SETUP_LEVELS and not human:
            raise unknown_level(level)
    if not chosen:
        per_seat = DEFAULT_LEVEL
    elif len(chosen) == 1:
        per_seat = chosen[0]
    elif len(chosen) == players:
        per_seat = list(chosen)
    elif len(chosen) == players - 1:
        per_seat = [*chosen[: seat - 1], None, *chosen[seat - 1 :]]
    else:
        raise ChoiceError(
            "levels",
            _("give one level, one per computer player ({n}) or one per seat ({seats})").format(
                n=players - 1, seats=players
            ),
        )
    try:
        return GameSession.new(rules, names, human_seats=(seat - 1,), levels=per_seat, seed=seed)
    except RulesError as error:
        # The count was checked above: what the engine refuses now is the names given
        # (two alike), the field to mend.
        if isinstance(error, PlayersError):
            raise ChoiceError("names", error.reason) from None
        raise


def _whole_number(text: str, field: str) -> int | None:
    """A count typed in the setup screen (digits only: ``int`` would also take ``3_2``
    or ``+3``, and refuse ``-`` in Python's words), or ``None`` when the field is empty."""
    if not text:
        return None
    if not (text.isascii() and text.isdigit()):
        raise ChoiceError(
            field, _("{text} is not a whole number such as 4").format(text=printable(text))
        )
    return int(text)


def setup_values_of(session: GameSession) -> dict[str, str]:
    """The setup screen's fields that make ``session``'s game again (its rules as the
    preset and the options changed from it, its players, names, seat and levels): what the
    end screen's "new game" opens on after a resumed game. Names the field could not give
    back as they are (one with a comma) are left to the defaults; a table of several people
    is offered with one of them and one level for the others; a level that could not play
    the game is offered as the one that played instead."""
    rules = session.game.rules
    options = [option_as_typed(key, value) for key, value in rules.overrides().items()]
    names = [s.name for s in session.seats]
    shown_names = ", ".join(names)
    humans = session.human_seats
    seat = humans[0] if humans else 0
    # the levels that play: one of a settings file that could not play here is not offered
    # again, to be refused by the setup screen (see GameSession.fallbacks)
    levels = [session.level_played(s.level) for s in session.seats if s.level]
    one_level = len(set(levels)) <= 1 or len(humans) > 1
    return {
        "preset": rules.preset,
        "options": "; ".join(options),
        "players": str(session.players),
        "names": shown_names if parse_names(shown_names) == names else "",
        "seat": str(seat + 1),
        "level": levels[0] if levels and levels[0] in SETUP_LEVELS else DEFAULT_LEVEL,
        "levels": "" if one_level else ", ".join(level_name(level) for level in levels),
    }


def _field_of(parse: Callable[[str], list[str]], text: str, field: str) -> list[str]:
    """``parse(text)``, its refusal (an empty name, a level left out) named as the setup
    field's, so the screen names that field and puts the focus there."""
    try:
        return parse(text)
    except ValueError as error:
        raise ChoiceError(field, str(error)) from None


def build_session(values: Mapping[str, str], seed: int | None) -> GameSession:
    """A session from the setup screen's fields (all text)."""
    rules = preset(values.get("preset") or "classique")
    options = parse_option_list(values.get("options", ""))
    if options:
        rules = apply_options(rules, [options])
    players_text = values.get("players", "").strip()
    names = _field_of(parse_names, values.get("names", ""), "names")
    players = _whole_number(players_text, "players")
    if players is not None and names and len(names) != players:
        raise too_few_or_many_names(len(names), players)
    seat_text = values.get("seat", "").strip()
    seat = _whole_number(seat_text, "seat")
    levels = _field_of(parse_levels, values.get("levels", ""), "levels") or [
        values.get("level") or DEFAULT_LEVEL
    ]
    return make_session(
        rules,
        players=players,
        names=names or None,
        seat=1 if seat is None else seat,
        levels=levels,
        seed=seed,
    )
