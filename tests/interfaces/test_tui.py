"""The terminal game driven headless through Textual's pilot: whole games of every preset to
the end screen, refusals with their reasons, the hint, saving and resuming mid-trick, sealed
bids, the blind round, the setup screen, small terminals and the three languages.

The human presses keys as a player would: a digit to bid, Enter on the card the screen puts
the focus on (the first playable card, or the hinted one), Enter to close a score sheet.
Computer players are ``random`` bots with no pause, so each test stays fast.
"""

from __future__ import annotations

import asyncio
import io
import json
import random
import re
import shlex
import threading
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len
from rich.console import Console
from rich.style import Style
from rich.text import Text
from textual.pilot import Pilot
from textual.widgets import Button, Footer, Input, Label, Static

from ascenseur import Card, Phase, Rules, RulesError, preset
from ascenseur.bots import Hint, make_bot
from ascenseur.core.events import TrickWon
from ascenseur.core.record import dumps, replay, score_sheet
from ascenseur.i18n import _, language
from ascenseur.interfaces.tui import AscenseurApp, make_session
from ascenseur.interfaces.tui.game_screen import GameScreen, revealed_bids_text, side_layout
from ascenseur.interfaces.tui.screens import EndScreen, ScoreSheetScreen, SetupScreen, score_table
from ascenseur.services.session import HINT_LEVELS, GameSession, Step, sidecar_path

from .colours import contrast

NAMES = ["Ann", "Bob", "Cat", "Dan"]


def run(coro: Coroutine[Any, Any, None]) -> None:
    asyncio.run(coro)


def text_of(app: AscenseurApp, selector: str) -> str:
    """The text a widget shows, as plain text (Rich tables included)."""
    widget = app.screen.query_one(selector, Static)
    console = Console(width=200, file=io.StringIO(), record=True, color_system=None)
    console.print(widget.content)
    return console.export_text().strip()


def static_texts(app: AscenseurApp) -> list[str]:
    """The plain text of every Static of the screen on top (a dialog's lines included)."""
    return [w.render().plain for w in app.screen.query(Static)]  # type: ignore[union-attr]


def seat_texts(app: AscenseurApp) -> dict[int, str]:
    screen = app.screen
    assert isinstance(screen, GameScreen)
    return {s: text_of(app, f"#seat-{s}") for s in range(screen.session.players)}


async def play(
    pilot: Pilot[Any],
    app: AscenseurApp,
    session: GameSession,
    until: Callable[[], bool] | None = None,
    max_steps: int = 3000,
) -> None:
    """Play the human seat with the keyboard until ``until()`` holds or the end screen."""
    for _step in range(max_steps):
        await pilot.pause()
        screen = app.screen
        if until is not None and until():
            return
        if isinstance(screen, EndScreen):
            assert until is None, "the game ended before the condition was met"
            return
        if isinstance(screen, ScoreSheetScreen):
            await pilot.press("enter")
            continue
        if isinstance(screen, GameScreen):
            step, seat = session.next_step()
            if step is Step.HUMAN and seat == screen.seat:
                view = session.view(seat)
                if view.phase is Phase.BID:
                    bid = view.legal_actions[0]
                    if bid and 10 * bid <= view.hand_size:
                        await pilot.press(str(bid), "enter")  # (a 1 may begin a 1x: Enter)
                    else:
                        await pilot.press(str(bid))
                else:
                    await pilot.press("enter")
    raise AssertionError("the game did not get there")


async def play_to_the_score_sheet(
    pilot: Pilot[Any], app: AscenseurApp, session: GameSession
) -> None:
    """Play the human seat until a round is scored and its score sheet opens."""
    await play(pilot, app, session, until=lambda: isinstance(app.screen, ScoreSheetScreen))


def my_card_to_play(session: GameSession) -> Callable[[], bool]:
    """The condition: seat 0 (the player) is to play a card."""
    return lambda: session.view(0).is_my_turn and session.view(0).phase is Phase.PLAY


def my_blind_bid(session: GameSession, seat: int = 0) -> Callable[[], bool]:
    """The condition: the player (at ``seat``) is to bid in the blind round (no hand seen)."""

    def bidding_blind() -> bool:
        view = session.view(seat)
        return view.phase is Phase.BID and view.hand is None and view.is_my_turn

    return bidding_blind


def four_cards_of_prime(tmp_path: Path) -> tuple[GameSession, AscenseurApp]:
    """One hand of four cards under ``prime`` against random players, and its app."""
    session = make_session(
        preset("prime").override({"ladder": [4]}), names=NAMES, levels=["random"], seed=3
    )
    return session, new_app(session, tmp_path)


def new_app(session: GameSession, tmp_path: Path, **kwargs: Any) -> AscenseurApp:
    return AscenseurApp(session, delay=0, history=tmp_path / "history", **kwargs)


# -- whole games -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "ladder"),
    [("classique", [2, 3]), ("prime", [3, 3]), ("ascensor", [1, 3]), ("enculette", [1, 2])],
)
def test_a_whole_game_of_each_preset_reaches_the_end_screen(
    name: str, ladder: list[int], tmp_path: Path
) -> None:
    rules = preset(name).override({"ladder": ladder})
    session = make_session(rules, names=NAMES, levels=["random"], seed=12)

    async def scenario() -> None:
        app = new_app(session, tmp_path)
        async with app.run_test(size=(100, 30)) as pilot:
            await play(pilot, app, session)
            assert isinstance(app.screen, EndScreen)
            winners = [NAMES[s] for s in session.game.winners()]
            assert all(w in text_of(app, "#winners") for w in winners)
            chart = text_of(app, "#chart")
            assert all(n in chart for n in NAMES)

    run(scenario())
    assert session.is_over
    saved = list((tmp_path / "history").glob("*.json"))
    records = [p for p in saved if not p.name.endswith(".session.json")]
    assert len(records) == 1
    sheet = score_sheet(replay(json.loads(records[0].read_text(encoding="utf-8"))))
    assert sheet["finished"] and sheet["totals"] == session.game.totals


def test_many_winners_are_all_named_at_80_columns(tmp_path: Path) -> None:
    """Seven of eight players share the win of a one-card round (all bid 0): their names
    take more than a line, and the end screen wraps them rather than cut the last ones
    off at the edge of the screen."""
    names = [f"Joueuse {n}" for n in "ABCDEFGH"]
    session = GameSession.new(
        preset("prime").override({"ladder": [1]}),
        names,
        human_seats=tuple(range(8)),
        seed=5,
        first_dealer=7,
    )
    session.advance()  # the deal
    while session.game.phase is Phase.BID:
        session.act(session.game.turn, 0)
    while session.game.phase is Phase.PLAY:
        session.act(session.game.turn, session.view(session.game.turn).legal_actions[0])
    winners = [names[s] for s in session.game.winners()]
    assert len(winners) == 7
    app = new_app(session, tmp_path)

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.pause()
            assert isinstance(app.screen, EndScreen)
            line = app.screen.query_one("#winners", Static)
            assert app.screen.region.contains_region(line.region), line.region
            shown = " ".join(shown_lines(line))
            for name in winners:
                assert name in shown, shown

    run(scenario())


def test_a_full_enculette_ladder_with_ten_players_and_its_blind_round(tmp_path: Path) -> None:
    """The real preset ladder (21 tarot trumps for 10 players: 2, 1, 2 cards); in the blind
    one-card round the player sees every card but their own."""
    session = make_session(preset("enculette"), players=10, levels=["random"], seed=2)
    assert session.game.rounds == 3
    seen_blind = []

    def blind_round_shown() -> bool:
        view = session.view(0)
        if view.phase is Phase.BID and view.hand is None and view.is_my_turn:
            texts = seat_texts(app)
            others = [s for s in range(10) if s != 0]
            seen_blind.append(all(view.visible_hands[s][0].display() in texts[s] for s in others))
            return True
        return False

    app = new_app(session, tmp_path)

    async def scenario() -> None:
        async with app.run_test(size=(100, 40)) as pilot:
            await play(pilot, app, session, until=blind_round_shown)
            assert not app.screen.query(".card")
            assert "Blind round" in text_of(app, "#actions .note")
            await play(pilot, app, session)
            assert isinstance(app.screen, EndScreen)

    run(scenario())
    assert seen_blind == [True]
    assert session.is_over and len(session.game.results) == 3


# -- refusals, hint, pacing --------------------------------------------------------------------


def test_a_second_copy_of_a_ten_fits_its_button_on_one_line(tmp_path: Path) -> None:
    """ "10♦'" takes four of the button's five columns: with Textual's padding of one column
    either side, its prime wrapped to a second line, under a card that seemed the first
    copy."""
    rules = preset("classique").override({"decks": 2, "ladder": [3]})
    session = GameSession.new(
        rules, NAMES, human_seats=(0,), levels="random", seed=1, first_dealer=3
    )
    hands = [["TD'", "TH", "QS'"], ["2H", "3C", "4C"], ["5C", "6C", "7C"], ["7D", "8C", "9C"]]
    session.game.deal_hands([[Card.parse(c) for c in h] for h in hands], Card.parse("9S"))
    app = new_app(session, tmp_path)

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            for text in hands[0]:
                card = Card.parse(text)
                button = app.screen.query_one(f"#card-{int(card)}", Button)
                lines = [line.strip() for line in shown_lines(button)]
                assert lines == [card.display()], lines

    run(scenario())


def test_from_ten_cards_a_bid_of_two_digits_is_typed_digit_by_digit(tmp_path: Path) -> None:
    """With 12 cards, 1 then 2 bids 12; 1 then Enter bids 1; 1 then 5 is no bid of a
    12-card hand, refused with its reason; Esc or Backspace takes back a 1 held; below
    10 cards a 1 bids at once."""
    rules = preset("prime").override({"ladder": [12, 12, 12, 3]})
    session = GameSession.new(rules, NAMES[:3], human_seats=(0,), levels="random", seed=2)
    app = new_app(session, tmp_path)

    def my_bid() -> bool:
        view = session.view(0)
        return view.phase is Phase.BID and view.is_my_turn

    def bid_of_round(index: int) -> int | None:
        if len(session.game.results) > index:
            return session.game.results[index].bids[0]
        if len(session.game.results) == index and session.game.bids[0] >= 0:
            return session.game.bids[0]
        return None

    async def scenario() -> None:
        async with app.run_test(size=(100, 30)) as pilot:

            async def bid_typed(index: int, *keys: str) -> int | None:
                """Play to round ``index``'s bid of the player, type ``keys``, play on until
                the bid is made: the bid."""
                await play(pilot, app, session, until=lambda: len(session.game.results) == index)
                await play(pilot, app, session, until=my_bid)
                await pilot.press(*keys)
                await play(pilot, app, session, until=lambda: bid_of_round(index) is not None)
                return bid_of_round(index)

            await play(pilot, app, session, until=my_bid)
            await pilot.press("1")
            await pilot.pause()
            assert session.game.bids[0] < 0  # held: a bid of 1x may follow
            assert "a second digit for a bid of 10 to 12" in str(app.screen.message_text)
            assert await bid_typed(0, "2") == 12
            assert await bid_typed(1, "1", "enter") == 1
            await play(pilot, app, session, until=lambda: len(session.game.results) == 2)
            await play(pilot, app, session, until=my_bid)
            await pilot.press("1", "5")
            await pilot.pause()
            assert session.game.bids[0] < 0
            assert "from 0 to 12" in str(app.screen.message_text)
            await pilot.press("1", "escape")  # a 1 typed by mistake is taken back
            await pilot.pause()
            assert "Your turn to bid:" in str(app.screen.message_text)
            assert await bid_typed(2, "1", "backspace", "3") == 3
            assert await bid_typed(3, "1") == 1  # three cards: a 1 is the bid at once

    run(scenario())


def test_a_refused_bid_of_one_digit_lets_go_of_that_digit(tmp_path: Path) -> None:
    """From 10 cards a 1 is held for a second digit; Enter bids 1. When the hook refuses
    that 1, the digit is spent: the next digit typed, 0, bids 0 (it used to make 10)."""
    rules = preset("prime").override({"ladder": [10]})
    session = GameSession.new(
        rules, NAMES, human_seats=(0,), levels="random", seed=2, first_dealer=0
    )
    session.advance()  # the deal
    for seat, bid in ((1, 4), (2, 3), (3, 2)):  # 9 bid before the dealer: 1 is the hook's
        session.apply_bot(seat, bid)
    assert session.view(0).forbidden_bid == 1
    app = new_app(session, tmp_path)

    async def scenario() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press("1", "enter")
            await pilot.pause()
            assert session.game.bids[0] < 0
            assert "As the dealer you may not bid 1" in str(app.screen.message_text)
            await pilot.press("0")
            await pilot.pause()
            assert session.game.bids[0] == 0

    run(scenario())


def test_a_digit_typed_when_no_bid_is_due_says_why(tmp_path: Path) -> None:
    """A digit is a bid: typed once the bidding is over, or while another player is to
    bid, it says why nothing happens (it used to do nothing, without a word)."""
    session, app = four_cards_of_prime(tmp_path)

    async def scenario() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await play(pilot, app, session, until=my_card_to_play(session))
            played = len(session.game.trick) + 4 * len(session.game.tricks)
            await pilot.press("2")
            await pilot.pause()
            assert text_of(app, "#message") == "The bidding is over: play a card."
            assert len(session.game.trick) + 4 * len(session.game.tricks) == played

    run(scenario())

    # Another player is to bid (a long pause keeps the computer player from bidding).
    session = GameSession.new(
        preset("prime").override({"ladder": [4]}),
        NAMES,
        human_seats=(0,),
        levels="random",
        seed=3,
        first_dealer=0,
    )
    app = AscenseurApp(session, delay=60, history=tmp_path / "history")

    async def bots_turn() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert session.view(0).phase is Phase.BID and session.game.turn == 1
            await pilot.press("2")
            await pilot.pause()
            assert text_of(app, "#message") == "It is not your turn: Bob is to play."
            assert session.game.bids[0] < 0

    run(bots_turn())


def test_a_hint_lets_go_of_a_first_digit_held(tmp_path: Path) -> None:
    """From 10 cards a typed 1 is held for a second digit, and the line says so; a hint
    asked then takes that line's place, and the digit goes with it: the 3 typed after it
    bids 3 (it bid 13, the held 1 no longer shown anywhere)."""
    rules = preset("classique").override({"ladder": [13]})
    session = GameSession.new(
        rules, NAMES, human_seats=(0,), levels="random", seed=2, first_dealer=3
    )
    app = new_app(session, tmp_path)

    async def scenario() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert session.view(0).is_my_turn and session.view(0).phase is Phase.BID
            await pilot.press("1")
            await pilot.pause()
            assert text_of(app, "#message").startswith("1…")
            await pilot.press("h")
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert text_of(app, "#message").startswith("Hint:")
            await pilot.press("3")
            await pilot.pause()
            assert session.game.bids[0] == 3

    run(scenario())


def test_an_unplayable_card_is_refused_with_its_reason(tmp_path: Path) -> None:
    rules = preset("classique").override({"ladder": [2]})
    session = GameSession.new(
        rules, NAMES, human_seats=(1,), levels="random", seed=1, first_dealer=3
    )
    hands = [["AH", "4C"], ["2H", "3C"], ["5C", "6C"], ["7C", "8C"]]
    session.game.deal_hands([[Card.parse(c) for c in h] for h in hands], Card.parse("9S"))
    app = new_app(session, tmp_path)

    def my_turn_to_follow() -> bool:
        view = session.view(1)
        return view.phase is Phase.PLAY and view.is_my_turn and bool(view.trick)

    async def scenario() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await play(pilot, app, session, until=my_turn_to_follow)
            led = session.view(1).trick[0][1]
            wrong = Card.parse("3C") if led.suit.letter == "H" else Card.parse("2H")
            right = Card.parse("2H") if led.suit.letter == "H" else Card.parse("3C")
            button = app.screen.query_one(f"#card-{int(wrong)}", Button)
            assert button.has_class("unplayable")
            assert app.screen.query_one(f"#card-{int(right)}", Button).has_class("playable")
            await pilot.click(button)
            await pilot.pause()
            message = text_of(app, "#message")
            assert message == f"You must follow {led.suit.display_name()}."
            assert session.game.turn == 1 and len(session.game.trick) == 1
            await pilot.click(f"#card-{int(right)}")
            await pilot.pause()
            played = [c for t in session.game.tricks for c in t.cards] + session.game.trick
            assert right in played and wrong not in played

    run(scenario())


def test_a_refusal_names_a_player_as_the_table_shows_the_name(tmp_path: Path) -> None:
    """A name with a control character is written out on the seats; the refusal of a
    card chosen on another player's turn names that player the same way (it used to
    give the raw name, its escape sequence dropped by the terminal: "AnnRED")."""
    names = ["Ann\x1b[31mRED", "Bob", "Cat", "Dan"]
    session = GameSession.new(
        preset("prime").override({"ladder": [3]}),
        names,
        human_seats=(1,),
        levels="random",
        seed=3,
        first_dealer=3,
    )
    # a long pause keeps Ann, the first to bid, from bidding during the test
    app = AscenseurApp(session, delay=60, history=tmp_path / "history")

    async def scenario() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert session.view(1).phase is Phase.BID and session.game.turn == 0
            assert "Ann\\x1b[31mRED" in text_of(app, "#seat-0")
            await pilot.click(app.screen.query(".card").first(Button))
            await pilot.pause()
            assert text_of(app, "#message") == "It is not your turn: Ann\\x1b[31mRED is to play."

    run(scenario())


def test_the_dealer_sees_which_bid_the_hook_forbids_and_why(tmp_path: Path) -> None:
    rules = preset("classique").override({"ladder": [3]})
    session = GameSession.new(
        rules, NAMES, human_seats=(3,), levels="random", seed=5, first_dealer=3
    )
    session.advance()
    for seat, bid in ((0, 1), (1, 0), (2, 0)):
        session.apply_bot(seat, bid)
    app = new_app(session, tmp_path)

    async def scenario() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await play(pilot, app, session, until=lambda: session.view(3).is_my_turn)
            view = session.view(3)
            forbidden = view.forbidden_bid
            assert forbidden == 2
            assert f"Your turn to bid: {' '.join(map(str, view.legal_actions))}." in text_of(
                app, "#message"
            )
            assert "bids so far: 1 for 3 tricks" in text_of(app, "#center")
            button = app.screen.query_one(f"#bid-{forbidden}", Button)
            assert button.has_class("unplayable")
            await pilot.click(button)
            await pilot.pause()
            message = text_of(app, "#message")
            assert message.startswith(f"As the dealer you may not bid {forbidden}")
            assert session.game.phase is Phase.BID and session.game.turn == 3

    run(scenario())


def test_the_hint_shows_a_legal_suggestion_and_its_reason(tmp_path: Path) -> None:
    session, app = four_cards_of_prime(tmp_path)

    async def scenario() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await play(pilot, app, session, until=my_card_to_play(session))
            await pilot.press("h")
            await app.workers.wait_for_complete()
            await pilot.pause()
            message = text_of(app, "#message")
            view = session.view(0)
            expected = make_bot(HINT_LEVELS[0], session.hint_seed(view)).hint(view)
            # The reason names the move itself ("7♠: …"): said once.
            assert message == "Hint: " + expected.reason + "."
            focused = app.focused
            assert focused is not None and focused.id is not None
            card = Card(int(focused.id.removeprefix("card-")))
            assert card == expected.action and card in view.legal_actions
            assert card.display() in message
            await pilot.press("enter")
            await pilot.pause()
            assert card in [c for t in session.game.tricks for c in t.cards] + list(
                session.game.trick
            )

    run(scenario())


def test_a_hint_that_arrives_after_the_move_is_not_shown(tmp_path: Path) -> None:
    """A hint takes time on a large hand; a player who plays meanwhile must not then be
    told what to play for a turn already past. The real hint, held back until the card
    is played."""
    session, app = four_cards_of_prime(tmp_path)
    gate = threading.Event()
    thought_out = session.hint

    def slow_hint(seat: int) -> Hint:
        gate.wait(timeout=30)
        return thought_out(seat)

    session.hint = slow_hint  # type: ignore[method-assign]

    async def scenario() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await play(pilot, app, session, until=my_card_to_play(session))
            played_before = len(session.game.tricks), len(session.game.trick)
            await pilot.press("h")
            await pilot.pause()
            await pilot.press("enter")  # the focused card is played
            await pilot.pause()
            assert (len(session.game.tricks), len(session.game.trick)) != played_before
            gate.set()
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert not text_of(app, "#message").startswith("Hint:")

    run(scenario())


@pytest.mark.parametrize("lang", ["en", "fr", "es"])
def test_every_key_of_the_footer_is_on_screen_at_80_columns(tmp_path: Path, lang: str) -> None:
    """French words are long: the footer must still show each key and its word, at
    either pace."""
    with language(lang):
        session = make_session(preset("prime").override({"ladder": [4]}), levels=["random"])
        app = AscenseurApp(session, delay=1.0, history=tmp_path)

        async def scenario() -> None:
            async with app.run_test(size=(80, 24)) as pilot:
                for _pace in ("normal", "fast"):
                    await pilot.pause()
                    keys = list(app.screen.query("FooterKey"))
                    assert len(keys) == 6
                    for key in keys:
                        assert app.screen.region.contains_region(key.region), key
                    await pilot.press("f")

        run(scenario())


def test_the_speed_key_switches_the_pace(tmp_path: Path) -> None:
    session = make_session(preset("classique").override({"ladder": [1]}), levels=["random"], seed=1)
    app = AscenseurApp(session, delay=5.0, history=tmp_path)

    async def scenario() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            screen = app.screen
            assert isinstance(screen, GameScreen) and not screen.fast
            await pilot.press("f")
            assert screen.fast
            await play(pilot, app, session)
            assert isinstance(app.screen, EndScreen)

    run(scenario())


# -- saving and resuming -----------------------------------------------------------------------


def test_save_mid_trick_and_resume_it(tmp_path: Path) -> None:
    rules = preset("ascensor").override({"ladder": [3, 2]})
    session = GameSession.new(rules, NAMES, human_seats=(2,), levels="random", seed=8)
    save = tmp_path / "saved.json"
    app = new_app(session, tmp_path, save_path=save)

    def mid_trick() -> bool:
        view = session.view(2)
        return view.phase is Phase.PLAY and view.is_my_turn and bool(view.trick)

    async def first_part() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await play(pilot, app, session, until=mid_trick)
            await pilot.press("q")
            await pilot.pause()

    run(first_part())
    assert app.return_value == save
    before = session.view(2)
    resumed = GameSession.resume(save)
    assert resumed.view(2) == before
    assert [s.level for s in resumed.seats] == ["random", "random", None, "random"]
    app2 = new_app(resumed, tmp_path, save_path=save)

    async def second_part() -> None:
        async with app2.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            texts = seat_texts(app2)
            for seat, card in before.trick:
                assert card.display() in texts[seat]
            await play(pilot, app2, resumed)
            assert isinstance(app2.screen, EndScreen)

    run(second_part())
    assert resumed.is_over and len(resumed.game.results) == 2


def test_a_game_holds_its_save_against_a_second_game_until_it_lets_go(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Saved once with `s`, a game holds its save: another game (another terminal) cannot
    resume it and write over it. A new game from the end screen lets go of it, as does the
    game's end of the app."""
    from ascenseur.services.save_lock import SaveInUseError, SaveLock

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))  # where `s` saves
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path))  # the locks
    rules = preset("prime").override({"ladder": [2]})
    session = make_session(rules, names=NAMES, levels=["random"], seed=3)
    app = new_app(session, tmp_path)

    def free(path: Path) -> bool:
        try:
            SaveLock.take(path).release()
        except SaveInUseError:
            return False
        return True

    async def scenario() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await play(pilot, app, session, until=my_card_to_play(session))
            await pilot.press("s")
            await pilot.pause()
            saved = app.saved_to
            assert saved is not None and saved.exists()
            assert not free(saved)
            await play(pilot, app, session)  # to the end screen
            assert not free(saved)  # (the end is written there too)
            await pilot.press("n")  # a new game, from the setup screen
            await pilot.pause()
            assert isinstance(app.screen, SetupScreen)
            await pilot.click("#start")
            await pilot.pause()
            assert isinstance(app.screen, GameScreen)
            assert free(saved)

    run(scenario())
    # a resumed game (`play --resume` takes the lock) lets go when its app closes
    save = tmp_path / "resumed.json"
    session.save(save)
    lock = SaveLock.take(save)
    resumed = new_app(GameSession.resume(save), tmp_path, save_path=save, save_lock=lock)

    async def resumed_and_closed() -> None:
        async with resumed.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert not free(save)

    run(resumed_and_closed())
    assert free(save)


def test_the_score_sheet_follows_each_round(tmp_path: Path) -> None:
    rules = preset("ascensor").override({"ladder": [2, 1]})
    session = make_session(rules, names=NAMES, levels=["random"], seed=4)
    app = new_app(session, tmp_path)

    async def scenario() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await play_to_the_score_sheet(pilot, app, session)
            result = session.game.results[0]
            sheet = text_of(app, "#sheet")
            for s in range(4):
                cell = f"{result.bids[s]}/{result.won[s]} {result.points[s]:+d} {result.totals[s]}"
                assert cell in sheet
            assert "10 plus 5 per trick" in text_of(app, ".note")

    run(scenario())


# -- what a player may see ---------------------------------------------------------------------


def sealed_session() -> GameSession:
    """Sealed bids, 3 cards; the player sits at seat 3, the dealer, and so bids last."""
    rules = preset("classique").override(
        {"ladder": [3], "bidding": "simultaneous", "bid_limit": "none"}
    )
    return GameSession.new(rules, NAMES, human_seats=(3,), levels="random", seed=6, first_dealer=3)


def test_revealed_bids_name_each_bid_apart_from_its_player() -> None:
    names = ["Player 1", "Player 2", "Player 3"]
    assert revealed_bids_text(names, [1, 0, 2]) == (
        "Bids revealed: Player 1: 1, Player 2: 0, Player 3: 2"
    )
    with language("fr"):
        assert revealed_bids_text(names, [1, 0, 2]).endswith(
            "Player 1 : 1, Player 2 : 0, Player 3 : 2"
        )


def test_the_first_play_after_sealed_bids_still_says_them(tmp_path: Path) -> None:
    """The line that reveals the sealed bids is said as bidding ends; the player's first
    card comes with it, so that the line is read rather than replaced at once."""
    session = sealed_session()
    app = new_app(session, tmp_path)

    def first_play() -> bool:
        view = session.view(3)
        return view.phase is Phase.PLAY and view.is_my_turn and not view.tricks

    async def scenario() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await play(pilot, app, session, until=first_play)
            await pilot.pause()
            bids = session.view(3).bids
            revealed = revealed_bids_text(NAMES, [b for b in bids if b is not None])
            assert str(app.screen.message_text) == f"{revealed}. Your turn: play a card."

    run(scenario())


@pytest.mark.parametrize("lang", ["en", "fr", "es"])
def test_the_revealed_bids_of_twenty_players_are_said_whole_at_80_by_24(
    tmp_path: Path, lang: str
) -> None:
    """Twenty sealed bids take five lines, with the player's turn at their end: the line
    grows to say them all (it was cut at four lines, "Your turn: play a"), and the table
    still fits 80×24, the hand in view."""
    rules = preset("classique").override(
        {"ladder": [3], "bidding": "simultaneous", "bid_limit": "none"}
    )
    with language(lang):
        session = make_session(rules, players=20, levels=["random"], seed=4)
        app = new_app(session, tmp_path)

        def first_play() -> bool:
            view = session.view(0)
            return view.phase is Phase.PLAY and view.is_my_turn and not view.tricks

        async def scenario() -> None:
            async with app.run_test(size=(80, 24)) as pilot:
                await play(pilot, app, session, until=first_play)
                await pilot.pause()
                said = str(app.screen.message_text)
                assert said.endswith(_("Your turn: play a card."))
                shown = " ".join(shown_lines(app.screen.query_one("#message", Static)))
                assert " ".join(shown.split()) == " ".join(said.split())
                focused = app.focused
                assert focused is not None and focused.id is not None
                assert focused.id.startswith("card-")
                assert app.screen.region.contains_region(focused.region)

        run(scenario())


def test_sealed_bids_stay_hidden_until_all_are_in(tmp_path: Path) -> None:
    session = sealed_session()
    app = new_app(session, tmp_path)

    async def scenario() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await play(pilot, app, session, until=lambda: session.view(3).is_my_turn)
            texts = seat_texts(app)
            for s in (0, 1, 2):
                assert "bid ✓" in texts[s]
                assert f"bid {session.game.bids[s]}" not in texts[s]
            # no total of bids nobody may see yet: how many are written
            assert text_of(app, "#center") == "sealed bids: 3 of 4 written"
            await pilot.press("1")
            await play(pilot, app, session, until=lambda: session.game.phase is Phase.PLAY)
            await pilot.pause()
            texts = seat_texts(app)
            for s in range(4):
                assert f"bid {session.game.bids[s]}" in texts[s]

    run(scenario())


@pytest.mark.parametrize(
    ("direction", "players", "expected"),
    [
        ("clockwise", 4, ([1], [2], [3])),
        ("counterclockwise", 4, ([3], [2], [1])),
        # (left column from the bottom up, top row left to right, right column top down)
        ("clockwise", 11, ([1, 2, 3], [4, 5, 6, 7], [8, 9, 10])),
        ("counterclockwise", 11, ([10, 9, 8], [7, 6, 5, 4], [3, 2, 1])),
        # from 12 players, one line a seat down both sides
        ("clockwise", 12, ([1, 2, 3, 4, 5, 6], [], [7, 8, 9, 10, 11])),
        ("counterclockwise", 12, ([11, 10, 9, 8, 7, 6], [], [5, 4, 3, 2, 1])),
    ],
)
def test_the_table_is_drawn_in_the_turn_direction(
    direction: str, players: int, expected: tuple[list[int], list[int], list[int]]
) -> None:
    """Walking round the table from the player: clockwise the next player sits on the left,
    counter-clockwise on the right; seats follow one another all the way round."""
    from ascenseur.core.rules import Direction

    assert side_layout(0, players, Direction(direction)) == expected


def test_the_game_stays_usable_at_80_by_24(tmp_path: Path) -> None:
    rules = preset("classique").override({"ladder": [13]})
    session = make_session(rules, names=NAMES, levels=["random"], seed=9)
    app = new_app(session, tmp_path)

    async def scenario() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.resize_terminal(80, 24)
            await play(pilot, app, session, until=my_card_to_play(session))
            screen_region = app.screen.region
            cards = list(app.screen.query(".card"))
            assert len(cards) == 13
            for widget in [*cards, *app.screen.query(".seat"), app.screen.query_one("#message")]:
                assert screen_region.contains_region(widget.region), widget
            await pilot.press("enter")
            await pilot.pause()
            assert len(session.view(0).hand or ()) == 12

    run(scenario())


# -- the setup screen --------------------------------------------------------------------------


async def start_from_setup(pilot: Pilot[Any], app: AscenseurApp, **fields: str) -> None:
    """Type ``fields`` (by id: ``players="3"``) into the setup screen, then press Start."""
    for field, value in fields.items():
        app.screen.query_one(f"#{field}", Input).value = value
    # (the fields' changes are handled first, as they are when a player types: a change
    # handled after the click cleared the refusal it had just made, now and then)
    await pilot.pause()
    await pilot.click("#start")
    await pilot.pause()


def test_the_setup_screen_starts_the_game_chosen(tmp_path: Path) -> None:
    app = AscenseurApp(None, delay=0, history=tmp_path)

    async def scenario() -> None:
        async with app.run_test(size=(100, 40)) as pilot:
            assert isinstance(app.screen, SetupScreen)
            await start_from_setup(
                pilot, app, players="3", names="Zoé, Íñigo, Ada", seat="2", options="ladder=[4,5]"
            )
            screen = app.screen
            assert isinstance(screen, GameScreen)
            assert screen.seat == 1
            assert screen.session.game.names == ("Zoé", "Íñigo", "Ada")
            assert screen.session.game.rules.hand_sizes(3) == (4, 5)
            assert "Íñigo (you)" in text_of(app, "#seat-1")

    run(scenario())


def test_the_setup_screen_keeps_the_seed_and_takes_a_scoring_number(tmp_path: Path) -> None:
    app = AscenseurApp(None, delay=0, history=tmp_path, setup_seed=11)

    async def scenario() -> None:
        async with app.run_test(size=(100, 40)) as pilot:
            options = "ladder=[2]; scoring.made_base=7; scoring.pool=0"
            await start_from_setup(pilot, app, options=options)
            assert isinstance(app.screen, GameScreen), text_of(app, "#setup-error")
            session = app.screen.session
            assert session.seed == 11
            scoring = session.game.rules.scoring
            assert scoring.made_base == 7 and scoring.pool is False
            assert app.setup_seed is None  # the next game from the screen: a seed of its own

    run(scenario())


def test_the_setup_screen_explains_a_refused_option(tmp_path: Path) -> None:
    app = AscenseurApp(None, delay=0, history=tmp_path)

    async def scenario() -> None:
        async with app.run_test(size=(100, 40)) as pilot:
            await start_from_setup(pilot, app, options="void_rule=sometimes")
            assert isinstance(app.screen, SetupScreen)
            assert "void_rule" in text_of(app, "#setup-error")

    run(scenario())


@pytest.mark.parametrize("name", ["foo", "players"])
def test_an_option_named_players_is_one_of_the_options_field(tmp_path: Path, name: str) -> None:
    """``players=3`` typed among the options is an option the rules do not have: refused
    under its own name in the Options field, as ``foo=3`` is, not taken for a refused count
    of players (which the Players field names)."""
    app = AscenseurApp(None, delay=0, history=tmp_path)

    async def scenario() -> None:
        async with app.run_test(size=(100, 40)) as pilot:
            await start_from_setup(pilot, app, options=f"{name}=3", players="4")
            assert isinstance(app.screen, SetupScreen)
            shown = text_of(app, "#setup-error")
            assert shown.startswith(f"Options: {name}: no such option; the options"), shown
            assert app.focused is app.screen.query_one("#options", Input)

    run(scenario())


@pytest.mark.parametrize(("field", "typed"), [("players", "3_2"), ("players", "+3"), ("seat", "-")])
def test_the_setup_screen_refuses_a_count_that_is_no_whole_number(
    tmp_path: Path, field: str, typed: str
) -> None:
    """The number fields take only digits (Python's int() would take 3_2 as 32, and
    refuse "-" in its own English words): the refusal names what was typed, in the
    player's language, with the focus on the field; mending a field clears it."""
    with language("fr"):
        app = AscenseurApp(None, delay=0, history=tmp_path)

        async def scenario() -> None:
            async with app.run_test(size=(100, 40)) as pilot:
                await start_from_setup(pilot, app, **{field: typed})
                assert isinstance(app.screen, SetupScreen)
                shown = text_of(app, "#setup-error")
                label = {"players": "Joueurs", "seat": "Votre place"}[field]
                assert shown == f"{label} : {typed} n'est pas un nombre entier comme 4", shown
                assert app.focused is app.screen.query_one(f"#{field}", Input)
                await pilot.press("backspace")
                await pilot.pause()
                assert text_of(app, "#setup-error") == ""

        run(scenario())


def test_the_setup_screen_puts_the_focus_on_the_field_refused(tmp_path: Path) -> None:
    app = AscenseurApp(None, delay=0, history=tmp_path)

    async def scenario() -> None:
        async with app.run_test(size=(100, 40)) as pilot:
            await start_from_setup(pilot, app, levels="medium,zzz,hard")
            assert "zzz" in text_of(app, "#setup-error")
            assert app.focused is app.screen.query_one("#levels", Input)
            await start_from_setup(pilot, app, levels="", players="7", names="Ann,Bob")
            assert text_of(app, "#setup-error") == "Names: 2 names for 7 players"
            assert app.focused is app.screen.query_one("#names", Input)
            app.screen.query_one("#players", Input).value = "2"  # a change clears it
            await pilot.pause()
            assert text_of(app, "#setup-error") == ""
            app.screen.query_one("#seat", Input).focus()  # (Start moves it to the field at fault)
            await start_from_setup(pilot, app, players="3", names="Ann,Ann,Bob")
            assert "Ann" in text_of(app, "#setup-error")
            assert app.focused is app.screen.query_one("#names", Input)  # not Players
            await start_from_setup(pilot, app, names="", seat="0")  # (0 is no seat, not 1)
            assert text_of(app, "#setup-error") == (
                "Your seat: there is no seat 0: seats go from 1 to 3"
            )
            assert app.focused is app.screen.query_one("#seat", Input)
            # an empty name, an empty level: their own fields', not the Options field's
            await start_from_setup(pilot, app, seat="1", players="5", names="A, B, C, D,")
            assert text_of(app, "#setup-error") == (
                "Names: name 5 of 5 is empty; give one name per player"
            )
            assert app.focused is app.screen.query_one("#names", Input)
            await start_from_setup(pilot, app, players="", names="", levels="easy,,hard")
            assert text_of(app, "#setup-error") == (
                "Levels by seat: level 2 of 3 is not given; give one level per player"
            )
            assert app.focused is app.screen.query_one("#levels", Input)
            # a count far beyond the rules is refused as it is, not after naming each player
            await start_from_setup(pilot, app, levels="", players="30000000")
            assert text_of(app, "#setup-error") == (
                "Players: the preset classique is played by 3 to 20 players, not 30000000"
            )

    run(scenario())


def test_the_number_fields_of_the_setup_screen_take_digits_only(tmp_path: Path) -> None:
    """Typed into Players or Your seat, a sign, a dot or a letter is not taken (Textual's
    integer field takes a sign: "-3")."""
    app = AscenseurApp(None, delay=0, history=tmp_path)

    async def scenario() -> None:
        async with app.run_test(size=(100, 40)) as pilot:
            for field in ("players", "seat"):
                box = app.screen.query_one(f"#{field}", Input)
                box.value = ""
                box.focus()
                await pilot.press(*"-+3e.x_5")
                await pilot.pause()
                assert box.value == "35"

    run(scenario())


@pytest.mark.parametrize("lang", ["en", "fr", "es"])
def test_every_setup_label_is_shown_whole_in_every_language(tmp_path: Path, lang: str) -> None:
    """The labels' column fits the longest label of the language ("Niveles por asiento"
    was cut to "Niveles por", while the refusals named the field in full)."""
    with language(lang):
        app = AscenseurApp(None, delay=0, history=tmp_path)

        async def scenario() -> None:
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.pause()
                labels = list(app.screen.query(".field").results(Label))
                assert len(labels) == 7
                for label in labels:
                    text = str(label.render())
                    assert cell_len(text) <= label.content_region.width, (text, label.region)

        run(scenario())


def test_the_setup_screen_says_a_refused_player_count_in_its_own_words(tmp_path: Path) -> None:
    """The refusal names the field as the screen labels it ("Joueurs", not the option's
    "players"), and the focus stays in the field where Enter was pressed, so that the
    player can correct it."""
    with language("fr"):
        app = AscenseurApp(None, delay=0, history=tmp_path)

        async def scenario() -> None:
            async with app.run_test(size=(100, 40)) as pilot:
                await pilot.pause()
                assert app.focused is app.screen.query_one("#preset")  # the first field
                await pilot.press("shift+tab")  # back from the first field: Start, no stop
                assert app.focused is app.screen.query_one("#start")
                field = app.screen.query_one("#players", Input)
                field.value = "2"
                field.focus()
                await pilot.press("enter")
                await pilot.pause()
                assert isinstance(app.screen, SetupScreen)
                shown = text_of(app, "#setup-error")
                assert shown.startswith(
                    "Joueurs : la variante classique se joue de 3 à 20 joueurs"
                ), shown
                assert app.focused is field

        run(scenario())


def test_the_default_game_is_four_players_classique_against_medium() -> None:
    session = make_session(preset("classique"))
    assert session.players == 4 and session.game.rules.preset == "classique"
    assert [s.level for s in session.seats] == [None, "medium", "medium", "medium"]


# -- languages ---------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "fr", "es"])
def test_the_game_speaks_the_chosen_language(lang: str, tmp_path: Path) -> None:
    rules = preset("classique").override({"ladder": [2]})
    session = make_session(rules, names=NAMES, levels=["random"], seed=1)

    async def scenario() -> None:
        app = new_app(session, tmp_path)
        async with app.run_test(size=(100, 30)) as pilot:
            await play(pilot, app, session, until=my_card_to_play(session))
            expected = _("Your turn: play a card.")
            assert text_of(app, "#message") == expected
            assert _("round {n}/{total}").format(n=1, total=1) in text_of(app, "#status")
            await pilot.press("h")
            await app.workers.wait_for_complete()
            await pilot.pause()
            # the hint is computed in a thread: it must still speak the player's language
            view = session.view(0)
            reason = make_bot(HINT_LEVELS[0], session.hint_seed(view)).hint(view).reason
            assert text_of(app, "#message") == _("Hint: {reason}.").format(reason=reason)
            if lang != "en":
                assert expected != "Your turn: play a card."

    with language(lang):
        run(scenario())


def test_sheet_and_rules_keys_then_a_new_game_from_the_end_screen(tmp_path: Path) -> None:
    rules = preset("prime").override({"ladder": [1]})
    session = make_session(rules, names=NAMES, levels=["random"], seed=2)
    app = new_app(session, tmp_path)

    async def scenario() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await play(pilot, app, session, until=lambda: session.view(0).is_my_turn)
            await pilot.press("r")
            assert "void_rule = free" in text_of(app, ".dialog-body Static")
            await pilot.press("escape")
            await pilot.press("t")
            assert isinstance(app.screen, ScoreSheetScreen)
            await pilot.press("escape")
            assert isinstance(app.screen, GameScreen)
            await play(pilot, app, session)
            assert isinstance(app.screen, EndScreen)
            await pilot.press("n")
            await pilot.pause()
            assert isinstance(app.screen, SetupScreen)
            await start_from_setup(pilot, app)
            assert isinstance(app.screen, GameScreen)
            assert app.screen.session is not session

    run(scenario())


@pytest.mark.parametrize(
    ("preset_name", "players", "cards"),
    [("prime", 8, 6), ("classique", 11, 4), ("classique", 12, 4), ("classique", 20, 5)],
)
def test_every_table_fits_at_80_by_24(
    tmp_path: Path, preset_name: str, players: int, cards: int
) -> None:
    """Every seat, every card of the hand, the bids and the message are on screen at 80×24,
    up to the 20 players of classique (from 12, the other seats take one line each)."""
    rules = preset(preset_name).override({"ladder": [cards]})
    session = make_session(rules, players=players, levels=["random"], seed=1)
    app = new_app(session, tmp_path)

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await play(pilot, app, session, until=lambda: session.view(0).is_my_turn)
            region = app.screen.region
            widgets = [*app.screen.query(".seat"), *app.screen.query(".card")]
            widgets += [*app.screen.query(".bid"), app.screen.query_one("#message")]
            assert len(app.screen.query(".seat")) == players
            assert len(app.screen.query(".card")) == cards
            for widget in widgets:
                assert region.contains_region(widget.region), widget
            if players >= 12:
                # a seat's line shows its name and bid/won before anything is cut
                name = session.seats[1].name
                line = str(app.screen.query_one("#seat-1", Static).render())
                assert name in line and "/0" in line

    run(scenario())


def test_the_level_of_every_seat_is_whole_at_eleven_players_in_80_columns(
    tmp_path: Path,
) -> None:
    """The top seats of 9 to 11 players have 18 columns: their third line keeps one space
    before the level, and drops the unit of a total of two digits or a negative one, so
    that "medium" is not cut to "medi…"."""
    rules = preset("classique").override({"ladder": [1, 2, 3, 2, 1, 1, 1], "scoring": "ascensor"})
    session = session_after_rounds(rules, 11, 6, level="medium")
    totals = session.game.totals
    assert any(t < 0 for t in totals) and any(t >= 10 for t in totals)
    app = new_app(session, tmp_path)

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await play(pilot, app, session, until=lambda: session.view(0).is_my_turn)
            for s in range(1, 11):
                lines = shown_lines(app.screen.query_one(f"#seat-{s}", Static))
                assert lines[2].rstrip().endswith("medium"), (s, lines)
                assert str(totals[s]) in lines[2], (s, lines)

    run(scenario())


def test_save_and_quit_from_the_score_sheet_between_rounds(tmp_path: Path) -> None:
    rules = preset("classique").override({"ladder": [1, 2]})
    session = make_session(rules, names=NAMES, levels=["random"], seed=5)
    save = tmp_path / "between.json"
    app = new_app(session, tmp_path, save_path=save)

    async def scenario() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await play_to_the_score_sheet(pilot, app, session)
            await pilot.press("q")
            await pilot.pause()

    run(scenario())
    assert app.return_value == save
    resumed = GameSession.resume(save)
    assert resumed.game.phase is Phase.DEAL and len(resumed.game.results) == 1
    assert resumed.game.totals == session.game.totals


def test_levels_are_given_per_computer_player_or_per_seat() -> None:
    rules = preset("classique")
    skip_mine = make_session(rules, seat=2, levels=["easy", "hard", "expert"], seed=1)
    assert [s.level for s in skip_mine.seats] == ["easy", None, "hard", "expert"]
    per_seat = make_session(rules, seat=3, levels=["easy", "hard", "x", "medium"], seed=1)
    assert [s.level for s in per_seat.seats] == ["easy", "hard", None, "medium"]
    assert per_seat.fallbacks == {}
    with pytest.raises(ValueError, match="one per computer player"):
        make_session(rules, levels=["easy", "hard"])
    with pytest.raises(ValueError, match="unknown level 'master'"):
        make_session(rules, levels=["master"])


def test_a_short_game_against_every_level_of_computer_player(tmp_path: Path) -> None:
    rules = preset("ascensor").override({"ladder": [2, 3]})
    session = make_session(rules, names=NAMES, levels=["easy", "medium", "hard"], seed=7)
    assert [s.level for s in session.seats] == [None, "easy", "medium", "hard"]
    assert session.fallbacks == {}
    app = new_app(session, tmp_path)

    async def scenario() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await play(pilot, app, session)
            assert isinstance(app.screen, EndScreen)

    run(scenario())
    assert session.is_over


# -- found by play-testing: what a player must be able to see ---------------------------------


def test_the_blind_round_shows_every_held_card_uncut_at_80_by_24(tmp_path: Path) -> None:
    """In the blind round the others' cards are all a player has to go on: each comes first
    on its seat's line, where a narrow seat cannot cut it."""
    rules = preset("enculette").override({"max_cards": 2})
    session = make_session(rules, names=NAMES, levels=["random"], seed=6)
    app = new_app(session, tmp_path)
    checked = []

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await play(pilot, app, session, until=my_blind_bid(session))
            view = session.view(0)
            for s in range(1, 4):
                seat = app.screen.query_one(f"#seat-{s}", Static)
                width = seat.content_region.width
                third_line = seat.render().plain.split("\n")[2]  # type: ignore[union-attr]
                assert view.visible_hands[s][0].display() in third_line[:width], third_line
                # and no empty card slot pushes the points and the level off the seat
                assert cell_len(third_line.rstrip()) <= width, third_line
                assert third_line.rstrip().endswith(_("random")), third_line
                checked.append(s)

    run(scenario())
    assert checked == [1, 2, 3]


def test_the_focused_card_stands_out(tmp_path: Path) -> None:
    session, app = four_cards_of_prime(tmp_path)

    async def scenario() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await play(pilot, app, session, until=my_card_to_play(session))
            cards = list(app.screen.query(".card.playable"))
            assert len(cards) >= 2
            focused = app.focused
            assert focused in cards
            assert focused.rich_style.reverse
            assert not any(c.rich_style.reverse for c in cards if c is not focused)
            await pilot.press("right")
            await pilot.pause()
            assert app.focused is not focused and app.focused.rich_style.reverse

    run(scenario())


def test_the_last_trick_of_a_round_stays_on_the_table_under_the_score_sheet(
    tmp_path: Path,
) -> None:
    """The view forgets a round's tricks once it is scored; the screen still shows its last
    trick (✔ on the winner's card) until the next deal, and the round just played."""
    rules = preset("classique").override({"ladder": [2, 3]})
    session = make_session(rules, names=NAMES, levels=["random"], seed=1)
    app = new_app(session, tmp_path)

    async def scenario() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await play_to_the_score_sheet(pilot, app, session)
            # The true last trick: who played each card, and who took it, by replaying the
            # record up to it and playing its cards again.
            record = json.loads(dumps(session.game))
            first = record["rounds"][0]
            last = first["tricks"][-1]
            record["rounds"] = [{**first, "tricks": first["tricks"][:-1]}]
            game = replay(record).game
            by_seat = {(game.leader + i) % 4: Card.parse(c) for i, c in enumerate(last)}
            events = [event for c in last for event in game.play(c)]
            winner = next(e.seat for e in events if isinstance(e, TrickWon))
            game_screen = app.screen_stack[-2]
            assert isinstance(game_screen, GameScreen)
            for s in range(4):
                seat = game_screen.query_one(f"#seat-{s}", Static)
                lines = seat.render().plain.split("\n")  # type: ignore[union-attr]
                assert lines[2].startswith(by_seat[s].display() + ("✔" if s == winner else ""))
                # beside it, the bid and tricks of that round, not the next one's blanks
                scored = session.game.results[0]
                assert lines[1] == f"bid {scored.bids[s]} · won {scored.won[s]}"
                # and that round's dealer, not the next one's
                assert ("dealer" in lines[0]) == (s == scored.dealer), (s, lines[0])
            status = game_screen.query_one("#status", Static).render().plain  # type: ignore[union-attr]
            assert "1/2" in status
            # and its hand size and trump, which the cards on the table were played under
            trump = session.game.results[0].trump
            assert trump is not None
            assert status.endswith(f"round 1/2 · 2 cards · trump {trump.display()}"), status
            ladder = game_screen.query_one("#ladder", Static).render().plain  # type: ignore[union-attr]
            assert ladder.split() == ["[2]", "3"]

    run(scenario())


def test_sealed_bids_made_are_still_marked_after_a_resume(tmp_path: Path) -> None:
    session = sealed_session()
    path = tmp_path / "saved.json"

    async def first() -> None:
        app = new_app(session, tmp_path)
        async with app.run_test(size=(100, 30)) as pilot:
            await play(pilot, app, session, until=lambda: session.view(3).is_my_turn)
            session.save(path)

    run(first())
    resumed = GameSession.resume(path)

    async def second() -> None:
        app = new_app(resumed, tmp_path)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            texts = seat_texts(app)
            assert [("bid ✓" in texts[s]) for s in range(4)] == [True, True, True, False]

    run(second())


def test_levels_by_seat_take_the_names_the_screen_shows() -> None:
    rules = preset("classique").override({"ladder": [1]})
    with language("fr"):
        session = make_session(rules, names=NAMES, levels=["facile", "Difficile", "moyen"])
        assert [seat.level for seat in session.seats] == [None, "easy", "hard", "medium"]
        with pytest.raises(ValueError, match="facile, moyen, difficile, expert"):
            make_session(rules, names=NAMES, levels=["dur"])


def test_every_player_colour_shows_on_the_light_theme() -> None:
    """Textual's light theme (TEXTUAL_THEME=textual-light) draws the named colours of the
    names and of the chart in its palette: a player in bright white, and the chart's
    white ``*``, were white on light grey (a contrast of 1.3 on a seat). Each colour of a
    player, and of the chart's ``*``, stands out from the seats and the screen."""
    from rich.color import Color
    from rich.style import Style
    from textual.app import App

    from ascenseur.interfaces.tui.chart import seat_color, totals_chart

    app: App[None] = App()
    light = app.get_theme("textual-light")
    assert light is not None and light.surface is not None and light.background is not None
    palette = app.ansi_theme_light
    backgrounds = [Color.parse(light.surface), Color.parse(light.background)]
    chart = totals_chart([f"P{n}" for n in range(8)], [[1] * 8, [2] * 8])  # all on one line
    styles = [f"bold {seat_color(seat)}" for seat in range(8)]
    styles += [str(span.style) for span in chart.spans if "dim" not in str(span.style)]
    for style in styles:
        colour = Style.parse(style).color or Color.default()
        drawn = colour.get_truecolor(palette, foreground=True)
        for background in backgrounds:
            under = background.get_truecolor(palette, foreground=False)
            assert contrast(drawn, under) > 1.5, (style, drawn, under)


@pytest.mark.parametrize("theme", ["textual-dark", "textual-light"])
def test_every_player_colour_shows_on_the_seat_whose_turn_it_is(tmp_path: Path, theme: str) -> None:
    """The seat whose turn it is has a background of its own; on the light theme it was the
    theme's dark blue, on which a player's magenta, red or blue name had a contrast of
    1.4–1.6. Each colour of a player stands out from that seat as from the others."""
    from rich.color import Color
    from textual.app import App

    from ascenseur.interfaces.tui.chart import SEAT_COLORS

    session, app = four_cards_of_prime(tmp_path)

    async def scenario() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            app.theme = theme
            await play(pilot, app, session, until=lambda: session.view(0).is_my_turn)
            await pilot.pause()
            turn = app.screen.query_one("#seat-0")
            assert turn.has_class("turn")
            other = app.screen.query_one("#seat-1")
            assert not other.has_class("turn")
            # (a terminal of true colours: the headless one has 16, so the app took theirs)
            plain = App()
            palette = plain.ansi_theme_light if theme == "textual-light" else plain.ansi_theme_dark
            turn_background = turn.background_colors[1].rich_color
            assert turn_background != other.background_colors[1].rich_color  # it is marked
            under = turn_background.get_truecolor(palette, foreground=False)
            for name in SEAT_COLORS:
                colour = Color.parse(name)
                drawn = colour.get_truecolor(palette, foreground=True)
                assert contrast(drawn, under) > 1.5, (theme, name, drawn, under)

    run(scenario())


def test_the_chart_explains_its_star() -> None:
    from ascenseur.interfaces.tui.chart import totals_chart

    # Every game starts with all totals at 0: the star is there, and said.
    together = totals_chart(["Ann", "Bob"], [[1, 1], [3, 0]]).plain
    assert together.count("*") == 3  # rounds 0 and 1, and the legend
    assert "* several players at about the same total" in together
    alone = totals_chart(["Ann"], [[2], [3]]).plain
    assert "*" not in alone and "several" not in alone


def test_the_chart_legend_breaks_between_entries() -> None:
    from ascenseur.interfaces.tui.chart import marker, totals_chart

    names = [f"Jugador {n}" for n in range(1, 21)]
    chart = totals_chart(names, [list(range(20))], width=70).plain
    legend = [line for line in chart.split("\n") if "Jugador" in line]
    assert all(len(line.rstrip()) <= 70 for line in legend), legend
    for seat, name in enumerate(names):
        assert any(f"{marker(seat)} {name}" in line for line in legend), (name, legend)


def footer_keys(app: AscenseurApp) -> list[tuple[str, str]]:
    """The keys and words the footer of the screen on top shows, as (key, description)."""
    return [(key.key, key.description) for key in app.screen.query("FooterKey")]  # type: ignore[attr-defined]


def test_at_full_speed_the_seats_follow_the_computer_players_as_they_think(
    tmp_path: Path,
) -> None:
    """With no pause, the table used to be drawn only on the player's turn: while a computer
    player thought, the line said "Bob bids 2." beside Bob's "bid –". Watched while the
    computer players think (they think in a thread, the screen is between two moves), every
    bid made is on its seat."""
    rules = preset("classique").override({"ladder": [8]})
    session = GameSession.new(rules, NAMES, levels="hard", seed=3, first_dealer=0)
    app = new_app(session, tmp_path)  # delay 0: full speed
    seen = 0

    async def scenario() -> None:
        nonlocal seen
        async with app.run_test(size=(100, 30)) as pilot:
            for _step in range(20_000):
                await pilot.pause(0.001)
                view = session.view(0)
                if view.is_my_turn:
                    break
                if session.next_step()[0] is not Step.BOT or view.phase is not Phase.BID:
                    continue
                made = {s: b for s, b in enumerate(view.bids) if b is not None}
                for s, bid in made.items():
                    assert f"bid {bid} · won 0" in text_of(app, f"#seat-{s}"), (s, bid)
                seen += bool(made)
            assert session.view(0).is_my_turn

    run(scenario())
    assert seen > 0, seen  # the screen was caught at least once between two computer bids


def test_the_sheet_and_rules_dialogs_show_their_own_keys_not_the_games(tmp_path: Path) -> None:
    """Over a dialog the game's footer (hint, rules, faster…) promised keys that do nothing
    there: each dialog has a footer of its own, in the language in force, covering it."""
    rules = preset("prime").override({"ladder": [1, 2]})
    session = make_session(rules, names=NAMES, levels=["random"], seed=2)
    app = new_app(session, tmp_path)

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await play(pilot, app, session, until=lambda: session.view(0).is_my_turn)
            assert ("h", "hint") in footer_keys(app)
            await pilot.press("t")
            await pilot.pause()
            assert isinstance(app.screen, ScoreSheetScreen)
            sheet_keys = footer_keys(app)
            assert sheet_keys == [("escape", "continue"), ("s", "save"), ("q", "save & quit")]
            footer = app.screen.query_one(Footer)
            assert footer.region.y == 23 and footer.region.width == 80
            await pilot.press("escape")
            await pilot.press("r")
            await pilot.pause()
            assert footer_keys(app) == [("escape", "back")]
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, GameScreen)

    run(scenario())
    with language("fr"):
        french = make_session(rules, names=NAMES, levels=["random"], seed=2)
        french_app = new_app(french, tmp_path)

        async def in_french() -> None:
            async with french_app.run_test(size=(80, 24)) as pilot:
                await pilot.pause()
                await pilot.press("t")
                await pilot.pause()
                assert ("escape", _("continue")) in footer_keys(french_app)
                assert _("continue") != "continue"

        run(in_french())


def test_the_rules_screen_marks_the_options_changed(tmp_path: Path) -> None:
    rules = preset("prime").override({"ladder": [1, 2], "void_rule": "must-trump"})
    session = make_session(rules, names=NAMES, levels=["random"], seed=2)
    app = new_app(session, tmp_path)

    async def scenario() -> None:
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.pause()
            await pilot.press("r")
            await pilot.pause()
            shown = "\n".join(static_texts(app))
            assert "ladder = [1, 2]   (changed; the preset says up-down-double-peak)" in shown
            assert "void_rule = must-trump   (changed; the preset says free)" in shown
            assert "bid_limit = hook   (changed" not in shown

    run(scenario())


def test_the_score_sheet_opens_on_the_round_just_played(tmp_path: Path) -> None:
    rules = preset("classique").override({"ladder": [1] * 20})
    session = make_session(rules, names=NAMES, levels=["random"], seed=5)
    app = new_app(session, tmp_path)

    def sheet_after_round_19() -> bool:
        screen = app.screen
        return isinstance(screen, ScoreSheetScreen) and screen.finished_round == 18

    async def scenario() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await play(pilot, app, session, until=sheet_after_round_19)
            await pilot.pause()
            body = app.screen.query_one(".dialog-body")
            assert body.max_scroll_y > 0
            assert body.scroll_y == body.max_scroll_y
            await pilot.press("up")
            await pilot.pause()
            assert body.scroll_y == body.max_scroll_y - 1
            assert app.focused is not None and app.focused.id == "continue"

    run(scenario())


@pytest.mark.parametrize("lang", ["en", "fr", "es"])
def test_the_dialogs_keep_their_last_line_on_a_short_screen(tmp_path: Path, lang: str) -> None:
    """The body of a dialog (the score sheet's rounds, the rules' options) scrolls within
    what the rest of the dialog leaves it: at 40×15 the rounds pushed the sheet's Continue
    button out of the dialog, and the rules' "Press Escape" line likewise. Checked there,
    at 50×15 and after the screen shrinks under an open sheet."""
    rules = preset("classique").override({"ladder": [1] * 12})
    session = make_session(rules, names=NAMES, levels=["random"], seed=5)
    app = new_app(session, tmp_path)

    def sheet_after_round(n: int) -> Callable[[], bool]:
        def there() -> bool:
            screen = app.screen
            return isinstance(screen, ScoreSheetScreen) and screen.finished_round == n

        return there

    def assert_whole(box_id: str, body_id: str, last: Any) -> None:
        box = app.screen.query_one(box_id).region
        body = app.screen.query_one(body_id).region
        inner_bottom = box.bottom - 1  # the border's line
        assert body.height >= 1
        assert body.bottom <= last.region.y, (body, last.region)
        assert last.region.bottom <= inner_bottom, (box, last.region)
        assert box.bottom <= app.size.height - 1  # above the footer

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await play(pilot, app, session, until=sheet_after_round(7))
            for size in ((40, 15), (50, 15), (40, 16), (80, 24)):
                await pilot.resize_terminal(*size)
                await pilot.pause()
                await pilot.pause()
                sheet = app.screen
                assert isinstance(sheet, ScoreSheetScreen)
                assert_whole("#sheet-box", "#sheet-body", sheet.query_one("#continue"))
            await pilot.resize_terminal(40, 15)
            await pilot.press("enter")
            await pilot.pause()
            await pilot.press("r")
            await pilot.pause()
            await pilot.pause()
            notes = app.screen.query("#rules-box > .note")
            assert_whole("#rules-box", "#rules-body", notes.last())

    with language(lang):
        run(scenario())


def test_the_footer_says_what_f_does_now_and_tarot_trumps_are_named(tmp_path: Path) -> None:
    rules = preset("enculette").override({"ladder": [2]})
    session = make_session(rules, names=NAMES, levels=["random"], seed=2)
    app = AscenseurApp(session, delay=0.5, history=tmp_path / "history")

    def f_says() -> str:
        return str(app.active_bindings["f"].binding.description)

    async def scenario() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await play(pilot, app, session, until=lambda: session.view(0).is_my_turn)
            assert "tarot trumps, no trump suit" in text_of(app, "#status")
            assert f_says() == "faster"
            await pilot.press("f")
            await pilot.pause()
            assert f_says() == "normal pace"
            await pilot.press("f")
            await pilot.pause()
            assert f_says() == "faster"

    run(scenario())
    # with no pause at all (--delay 0) there is no pace to change: the key is not offered
    unpaced = AscenseurApp(session, delay=0, history=tmp_path / "history")

    async def without_pause() -> None:
        async with unpaced.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert "f" not in unpaced.active_bindings
            assert "h" in unpaced.active_bindings

    run(without_pause())


def test_a_terminal_below_80_by_24_is_told_so_while_it_is(tmp_path: Path) -> None:
    """A line at the top says so while the terminal is too small, and goes when it is large
    enough again, leaving the notices (a save's path) as they were."""
    session = make_session(preset("classique").override({"ladder": [3]}), levels=["random"], seed=1)
    app = new_app(session, tmp_path)
    app.NOTIFICATION_TIMEOUT = 600  # a notice lives 5 s: longer than a slow run may take

    def warning() -> str | None:
        notice = app.screen.query_one("#too-small", Static)
        return str(notice.render()) if notice.display else None

    async def scenario() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert warning() is None
            app.notify("Saved to somewhere")
            await pilot.resize_terminal(50, 14)
            await pilot.pause()
            assert warning() == "This terminal is 50×14: the table needs at least 80×24."
            await pilot.resize_terminal(60, 14)
            await pilot.pause()
            assert warning() == "This terminal is 60×14: the table needs at least 80×24."
            await pilot.resize_terminal(80, 24)
            await pilot.pause()
            assert warning() is None
            # Textual keeps the notifications shown in the app (no public list of them).
            assert [str(note.message) for note in app._notifications] == ["Saved to somewhere"]

    run(scenario())


def test_a_game_resumed_in_the_last_trick_of_a_round_keeps_all_of_it_on_the_table(
    tmp_path: Path,
) -> None:
    """Cards played before the save count in the trick kept under the score sheet."""
    rules = preset("prime").override({"ladder": [1, 1]})
    session = GameSession.new(rules, NAMES, human_seats=(0,), levels="random", seed=4)
    session.advance()  # the deal
    while not (session.view(0).is_my_turn and session.view(0).phase is Phase.PLAY):
        step, _seat = session.next_step()
        if step is Step.HUMAN:
            session.act(0, session.view(0).legal_actions[0])
        else:
            session.advance()
    played_before = dict(session.view(0).trick)
    assert played_before  # someone led before the save
    resumed = GameSession.resume(session.save(tmp_path / "s.json"))
    app = new_app(resumed, tmp_path)

    async def scenario() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await play_to_the_score_sheet(pilot, app, resumed)
            game_screen = app.screen_stack[-2]
            assert isinstance(game_screen, GameScreen) and game_screen.last_trick is not None
            winner, cards = game_screen.last_trick
            assert len(cards) == 4 and cards.items() >= played_before.items()
            assert winner == resumed.game.results[0].won.index(1)

    run(scenario())


def test_a_damaged_session_file_and_a_failed_save_are_said_on_screen(tmp_path: Path) -> None:
    session = GameSession.new(
        preset("prime").override({"ladder": [2]}), NAMES, human_seats=(0,), seed=1
    )
    session.advance()
    path = session.save(tmp_path / "x.json")
    sidecar_path(path).write_text("not json", encoding="utf-8")
    resumed = GameSession.resume(path, level="random")
    app = new_app(resumed, tmp_path, save_path=Path("/proc/no-such-place/x.json"))

    def said() -> list[str]:
        # Textual keeps the notifications shown in the app (no public list of them).
        return [str(note.message) for note in app._notifications]

    async def scenario() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert any(
                "x.session.json could not be read" in text and "--level" in text for text in said()
            )
            await pilot.press("s")
            await pilot.pause()
            assert any(text.startswith("Could not save to /proc/no-such-place") for text in said())
            assert resumed.game.phase is not Phase.OVER  # the game goes on

    run(scenario())


def finished(path: Path) -> bool:
    return bool(score_sheet(replay(json.loads(path.read_text(encoding="utf-8"))))["finished"])


def records_in(folder: Path) -> list[Path]:
    return sorted(p for p in folder.glob("*.json") if not p.name.endswith(".session.json"))


@pytest.mark.parametrize("resumed", [False, True], ids=["new game", "resumed game"])
def test_a_finished_game_the_history_cannot_take_is_kept_and_said_where(
    resumed: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The history's folder gone during the game (a file in its place): the game goes to its
    own save, else to the saves folder, and the notice and the end screen say where."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    saves = tmp_path / "data" / "ascenseur" / "saves"
    history = tmp_path / "history"
    history.write_text("not a folder", encoding="utf-8")
    session = GameSession.new(
        preset("prime").override({"ladder": [2]}), NAMES, levels="random", seed=4
    )
    save_path = None
    if resumed:
        save_path = session.save(tmp_path / "saved.json")
        session = GameSession.resume(save_path)
    app = AscenseurApp(session, delay=0, history=history, save_path=save_path)

    async def scenario() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await play(pilot, app, session)
            assert isinstance(app.screen, EndScreen)
            kept = save_path or records_in(saves)[0]
            notes = [str(note.message) for note in app._notifications]
            assert (
                "Could not save the game to the history (a file of that name is already "
                f"there): saved to {kept} instead (ascenseur replay {kept})."
            ) in notes
            said = " ".join(text_of(app, "#saved-to").split())  # (wrapped at 100 columns)
            assert said == f"Not in the history: saved to {kept} (ascenseur replay {kept})"

    run(scenario())
    assert history.read_text(encoding="utf-8") == "not a folder"
    kept = [save_path] if save_path is not None else records_in(saves)
    assert len(kept) == 1 and finished(kept[0])
    assert not saves.exists() or save_path is None  # a resumed game stays in its own save


def test_a_finished_game_nothing_can_take_says_both_reasons(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("", encoding="utf-8")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocked))
    session = GameSession.new(
        preset("prime").override({"ladder": [1]}), NAMES, levels="random", seed=4
    )
    app = AscenseurApp(session, delay=0, history=blocked / "history")

    async def scenario() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await play(pilot, app, session)
            assert isinstance(app.screen, EndScreen)
            notes = [str(note.message) for note in app._notifications]
            assert any(
                note.startswith(
                    "Could not save the game to the history (a part of the path is not a "
                    f"folder), nor to {blocked}/ascenseur/saves/"
                )
                and note.endswith("(a part of the path is not a folder).")
                for note in notes
            ), notes
            assert not app.screen.query("#saved-to")

    run(scenario())


def test_a_saves_folder_that_cannot_even_be_looked_at_is_a_failed_save_not_a_crash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A name too long for the system: checking whether a save is there already raises
    too. Saving with s, and keeping a finished game the history cannot take, say why."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / ("x" * 300)))
    history = tmp_path / "history"
    history.write_text("not a folder", encoding="utf-8")
    session = GameSession.new(
        preset("prime").override({"ladder": [1]}), NAMES, levels="random", seed=4
    )
    app = AscenseurApp(session, delay=0, history=history)

    async def scenario() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press("s")
            await pilot.pause()
            notes = [str(note.message) for note in app._notifications]
            assert any(note.startswith("Could not save to ") for note in notes), notes
            await play(pilot, app, session)
            assert isinstance(app.screen, EndScreen)
            notes = [str(note.message) for note in app._notifications]
            assert any(
                note.startswith("Could not save the game to the history (") and ", nor to " in note
                for note in notes
            ), notes

    run(scenario())


def test_the_setup_screen_reads_a_flag_as_1_or_0() -> None:
    from ascenseur.interfaces.tui import build_session

    values = {"preset": "classique", "options": "strip_to_multiple=0; ladder=[1]", "players": "5"}
    assert build_session(values, seed=1).game.rules.strip_to_multiple is False


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ("void_rule=free, ladder=[1,2]", "void_rule: separate the options with ;"),
        ("max_cards=none; ladder=1,2", None),
    ],
)
def test_the_setup_screen_options_are_separated_by_semicolons(
    options: str, message: str | None
) -> None:
    from ascenseur.interfaces.tui import build_session

    values = {"preset": "classique", "options": options, "players": "3"}
    if message is None:
        rules = build_session(values, seed=1).game.rules
        assert rules.max_cards is None and rules.ladder == (1, 2)
    else:
        with pytest.raises(RulesError, match=message):
            build_session(values, seed=1)


def test_the_setup_screen_refuses_an_empty_name() -> None:
    from ascenseur.interfaces.tui import build_session

    values = {"preset": "classique", "names": "Ann,,Cat", "players": "3"}
    with pytest.raises(ValueError, match="name 2 of 3 is empty"):
        build_session(values, seed=1)


def test_the_setup_screen_refuses_an_empty_level_as_the_command_line_does() -> None:
    """An empty level between commas used to be dropped, and the count of levels then
    refused in other words than ``play --levels`` uses."""
    from ascenseur.interfaces.tui import build_session

    values = {"preset": "classique", "players": "4", "levels": "easy,, hard"}
    with pytest.raises(ValueError, match="level 2 of 3 is not given; give one level per player"):
        build_session(values, seed=1)
    values["levels"] = "easy, medium ,hard"
    levels = [seat.level for seat in build_session(values, seed=1).seats]
    assert levels == [None, "easy", "medium", "hard"]


def session_after_rounds(
    rules: Rules, players: int, rounds: int, level: str = "random"
) -> GameSession:
    """A session whose first ``rounds`` rounds random bots have played (seeded); its
    computer players are of ``level`` from then on."""
    session = make_session(rules, players=players, levels=[level], seed=1)
    bots = [make_bot("random", seed) for seed in range(players)]
    game = session.game
    while len(game.results) < rounds:
        if game.phase is Phase.DEAL:
            game.deal(random.Random(len(game.results)))
        else:
            game.apply(bots[game.turn].choose(game.view(game.turn)))
    return session


def shown_lines(widget: Static) -> list[str]:
    """The lines a widget shows on screen, as plain text (its padding and border too)."""
    return [strip.text for strip in widget.render_lines(widget.region.reset_offset)]


@pytest.mark.parametrize(("width", "cells"), [(80, "total"), (100, "bid-won-total")])
def test_the_score_sheet_of_eight_players_fits_and_keeps_its_names_in_view(
    tmp_path: Path, width: int, cells: str
) -> None:
    """At 80 columns, eight players' cells say less (the total, coloured) rather than
    wrap; names are cut keeping their last word, so Player 3 and Player 4 stay apart; the
    names stay above the rounds while these scroll."""
    rules = preset("prime").override({"ladder": [1] * 12})
    session = session_after_rounds(rules, 8, 11)
    game = session.game
    app = new_app(session, tmp_path)

    async def scenario() -> None:
        async with app.run_test(size=(width, 24)) as pilot:
            await pilot.pause()
            app.push_screen(ScoreSheetScreen(session, 0))
            await pilot.pause()
            await pilot.pause()
            head = app.screen.query_one("#sheet-head", Static)
            body = app.screen.query_one("#sheet", Static)
            names = re.split(r"\s{2,}", shown_lines(head)[0].strip())  # one space in a name
            assert names[:2] == ["#", "cards"] and len(names) == 10
            for seat, name in enumerate(names[2:], start=1):
                assert name.endswith(str(seat))  # "Pl… 3": cut in the middle
            rows = [line.split() for line in shown_lines(body)[:11]]
            for number, (row, result) in enumerate(zip(rows, game.results, strict=True), 1):
                if cells == "total":
                    expected = [str(t) for t in result.totals]
                else:
                    expected = [
                        f"{b}/{w} {t}".split()
                        for b, w, t in zip(result.bids, result.won, result.totals, strict=True)
                    ]
                    expected = [part for pair in expected for part in pair]
                assert row == [str(number), "1", *expected]
            scroll = app.screen.query_one(".dialog-body")
            assert scroll.scroll_y == scroll.max_scroll_y  # opened on the last round
            assert app.screen.region.contains_region(head.region)
            assert head.region.y < scroll.region.y

    run(scenario())


@pytest.mark.parametrize("colour", [True, False])
def test_a_missed_bid_reads_without_colour_in_a_sheet_of_totals(colour: bool) -> None:
    """Where a cell shows the total alone (eight players at 80 columns), green and red
    said alone whether the bid was made: a missed total is underlined too, which a
    terminal without colours (NO_COLOR, or one that cannot tell red from green for its
    player) still shows, and the caption says so."""
    rules = preset("prime").override({"ladder": [1] * 12})
    session = session_after_rounds(rules, 8, 11)
    results = session.game.results
    _head, body = score_table(session, 0, 66, colour=colour)  # the dialog at 80 columns
    caption = str(body.caption)
    assert "underlined: missed" in caption
    assert ("green" in caption) is colour
    missed = 0
    for seat in range(8):
        cells = list(body.columns[2 + seat].cells)
        assert len(cells) == len(results)
        for cell, result in zip(cells, results, strict=True):
            assert isinstance(cell, Text)
            underlined = any(Style.parse(str(span.style)).underline for span in cell.spans)
            assert underlined is (result.bids[seat] != result.won[seat]), (seat, cell)
            missed += underlined
    assert missed > 0


@pytest.mark.parametrize(
    ("lang", "said", "over_the_game"),
    [
        (
            "en",
            "Press q to save and quit, or ctrl+q to quit without saving.",
            "Press Escape to go back to the game, where q saves and quits; ctrl+q quits "
            "without saving.",
        ),
        (
            "fr",
            "Appuyez sur q pour enregistrer et quitter, ou sur ctrl+q pour quitter sans "
            "enregistrer.",
            "Appuyez sur Échap pour revenir à la partie, où q enregistre et quitte ; ctrl+q "
            "quitte sans enregistrer.",
        ),
    ],
)
def test_ctrl_c_says_which_key_quits_in_the_game_language(
    tmp_path: Path, lang: str, said: str, over_the_game: str
) -> None:
    rules = preset("prime").override({"ladder": [2]})
    with language(lang):
        session = make_session(rules, names=NAMES, levels=["random"], seed=3)
        app = new_app(session, tmp_path)

        async def scenario() -> None:
            async with app.run_test(size=(100, 30)) as pilot:
                await pilot.pause()
                await pilot.press("ctrl+c")
                await pilot.pause()
                # Textual keeps the notifications shown in the app (no public list of them).
                notes = [(str(n.title), str(n.message)) for n in app._notifications]
                assert notes, "no notice"
                title, message = notes[-1]
                assert title == _("Do you want to quit?")
                assert message == said
                await pilot.press("t")  # the score sheet, over the table
                await pilot.pause()
                assert isinstance(app.screen, ScoreSheetScreen)
                await pilot.press("ctrl+c")
                await pilot.pause()
                assert len(app._notifications) == len(notes) + 1
                assert str(list(app._notifications)[-1].message) == said
                await pilot.press("escape")
                await pilot.pause()
                await pilot.press("r")  # the rules screen: it only closes
                await pilot.pause()
                await pilot.press("ctrl+c")
                await pilot.pause()
                assert len(app._notifications) == len(notes) + 2
                # over a game in progress: back to the game to save; ctrl+q would lose it
                assert str(list(app._notifications)[-1].message) == over_the_game

        run(scenario())


@pytest.mark.parametrize(
    ("players", "width", "readable"),
    [
        (12, 66, True),
        (20, 66, False),
        (12, 96, True),
        (20, 80, True),
        (20, 72, False),
        (16, 60, True),
    ],
)
def test_the_score_sheet_names_of_a_big_table_stay_apart(
    players: int, width: int, readable: bool
) -> None:
    """Cut to fit, Player 1 and Player 11 still read apart: the last word is kept, with
    at least a "…" before it ("…11") unless even the tightest sheet has no room for that
    (twenty players in 66 or 72 columns)."""
    rules = preset("classique").override({"ladder": [1, 1]})
    session = session_after_rounds(rules, players, 1)
    console = Console(width=width, file=io.StringIO(), record=True, color_system=None)
    console.print(score_table(session, 0, width)[0])  # the head: the names
    head = console.export_text().splitlines()[0]
    assert len(head.rstrip()) <= width
    names = re.split(r"\s{2,}", head.strip())[2:]
    if len(names) != players:  # the narrowest layout: one column between columns
        names = head.split()[2:]
    assert len(names) == players
    for seat, name in enumerate(names, start=1):
        assert re.search(rf"(^|\D){seat}$", name), (seat, name)
        if readable:
            assert not name.isdigit(), (seat, head)


def test_a_score_sheet_wider_than_the_screen_scrolls_sideways_with_its_names(
    tmp_path: Path,
) -> None:
    """Twenty players scored in fives (totals like -40) do not fit 80 columns even with the
    totals alone: the sheet keeps every figure whole and scrolls sideways, names included."""
    rules = preset("classique").override({"scoring": "ascensor"})
    session = session_after_rounds(rules, 20, 6)
    game = session.game
    app = new_app(session, tmp_path)

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.push_screen(ScoreSheetScreen(session, 0))
            await pilot.pause()
            await pilot.pause()
            body = app.screen.query_one("#sheet-body")
            head_box = app.screen.query_one("#sheet-head-box")
            assert body.max_scroll_x > 0
            rows = shown_lines(app.screen.query_one("#sheet", Static))
            assert not any("…" in row for row in rows[:6])  # every figure whole
            last = game.results[-1].totals
            assert rows[5].split()[2:] == [str(total) for total in last]
            for _press in range(4):
                await pilot.press("right")
            await pilot.pause()
            assert body.scroll_x > 0 and head_box.scroll_x == body.scroll_x

    run(scenario())


def test_a_name_with_control_characters_cannot_drive_the_terminal(tmp_path: Path) -> None:
    """A hand-edited record may name a player "\\x1b[2J…" (clear the screen): every place
    the game shows a name writes such characters out instead."""
    rules = preset("prime").override({"ladder": [1]})
    names = ["Ann", "\x1b[2JEve", "Cat", "Dan"]
    session = GameSession.new(rules, names, human_seats=(0,), levels="random", seed=3)
    app = new_app(session, tmp_path)

    async def scenario() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            shown = seat_texts(app)[1]
            assert "\\x1b[2JEve" in shown
            assert "\x1b" not in shown
            await play(pilot, app, session)
            assert isinstance(app.screen, EndScreen)
            head, _body = score_table(session, 0, 100)
            assert "\\x1b[2JEve" in str(head.columns[3].header)

    run(scenario())


@pytest.mark.parametrize(
    ("names", "lang"),
    [
        (["Jean-Søren Kierkegaard-Ørsted-Lindqvist", "Zoé🎉", "Ñandú"], "fr"),
        ([f"Player {n}" for n in range(1, 21)], "es"),
        ([f"Joueur {n}" for n in range(1, 10)], "fr"),
        ([f"Player {n}" for n in range(1, 12)], "en"),
    ],
)
def test_the_dealer_is_marked_however_long_the_names(
    names: list[str], lang: str, tmp_path: Path
) -> None:
    """A long name is cut to leave room for the dealer's mark (a crowded line of a big
    table shrinks the mark to one letter); the name keeps its closing number."""
    rules = preset("classique").override({"ladder": [1, 2]})
    me = len(names) - 1

    async def check(app: AscenseurApp, session: GameSession) -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen)
            view = session.view(me)
            for s in range(len(names)):
                box = screen.query_one(f"#seat-{s}", Static)
                lines = box.render().plain.split("\n")  # type: ignore[union-attr]
                line = lines[0]
                if len(lines) > 1:  # the bid and the tricks won stay whole too
                    assert cell_len(lines[1]) <= box.content_region.width, lines[1]
                marked = line.rstrip().endswith((_("dealer"), f" {_('D')}"))
                assert marked == (s == view.dealer), (s, line)
                assert cell_len(line) <= box.content_region.width, line
                number = re.search(r"[0-9]+$", names[s])
                if number is not None:
                    assert re.search(rf"(^|\D){number.group()}\b", line), line

    # every dealer of the small table; a few of a big one, the top seats among them
    dealers = range(3) if len(names) <= 3 else (0, 1, len(names) // 2)
    for dealer in dealers:
        with language(lang):
            session = GameSession.new(
                rules, names, human_seats=(me,), levels="random", seed=2, first_dealer=dealer
            )
            run(check(new_app(session, tmp_path), session))


def test_names_cut_to_a_few_columns_stay_told_apart() -> None:
    """In a score sheet of twelve, "Ana" and "Clementina" cut to two columns were both
    "na": a clash is cut another way ("A…", "C…"), each clash on its own, and a wide
    character is never cut to a lone "…"."""
    from ascenseur.interfaces.tui.texts import cut_names

    def cuts(names: tuple[str, ...], widths: list[int]) -> list[str]:
        return [cut.plain for cut in cut_names([Text(n) for n in names], widths)]

    names = ("Ana", "Bernardino", "Clementina", "Player 10", "Player 11")
    assert cuts(names, [2, 2, 2, 3, 3]) == ["A…", "no", "C…", "…10", "…11"]
    # a closing number alone, read as a score, only where nothing more fits
    assert cuts(names, [2, 2, 2, 2, 2]) == ["A…", "no", "C…", "10", "11"]
    assert cuts(("Player 6", "Player 7"), [2, 1]) == ["…6", "7"]
    # two clashes at once, one of wide characters
    assert cuts(("Christophe", "Christine", "李小龙", "王小龙"), [3] * 4) == [
        "…he", "…ne", "李…", "王…"
    ]  # fmt: skip
    assert cuts(("Christophe", "Christine"), [4, 4]) == ["…phe", "…ine"]
    # Names that fit, or cut apart already, are left as they are; a name cut like a whole
    # one is cut another way, never to a lone "…".
    assert cuts(("Ann", "Bob"), [3, 3]) == ["Ann", "Bob"]
    assert cuts(("na", "Clementina"), [2, 2]) == ["na", "C…"]
    assert cuts(("11", "Player 11"), [2, 2]) == ["11", "P…"]
    assert "…" not in cuts(("b", "x", "B", "Bb"), [2, 3, 3, 1])


def compact_line_parts(line: str) -> tuple[str, str]:
    """A compact seat's line split into its name and what follows ("Pla…6", "–/0 …")."""
    found = re.match(r"^[▶ ] (.+?) ([–✓0-9]+/[0-9]+ .*)$", line)
    assert found is not None, line
    return found.group(1), found.group(2)


@pytest.mark.parametrize(("lang", "width"), [("en", 80), ("fr", 80), ("es", 80), ("fr", 66)])
def test_the_blind_round_of_a_big_table_keeps_the_dealer_and_readable_names(
    lang: str, width: int, tmp_path: Path
) -> None:
    """Twelve players at 80×24 in a blind round of one card: a seat's line shows the card
    it holds with no empty card slot beside it, so the dealer's mark stays whole and the
    names keep a letter or a "…" before their number ("Pl…11", "…11", never "11", read as
    a score). In 66 columns, the French "en main" leaves so little room that a crowded
    line drops the unit of its total ("0", not "0 pt") rather than cut the name more."""
    rules = preset("classique").override({"blind_single_card": True, "ladder": [1, 2]})
    me = 4

    async def check(app: AscenseurApp) -> None:
        async with app.run_test(size=(width, 24)) as pilot:
            await play(pilot, app, session, until=my_blind_bid(session, me))
            screen = app.screen
            assert isinstance(screen, GameScreen)
            view = session.view(me)
            assert view.visible_hands
            for s in range(12):
                if s == me:
                    continue
                box = screen.query_one(f"#seat-{s}", Static)
                line = box.render().plain  # type: ignore[union-attr]
                assert cell_len(line) <= box.content_region.width, line
                assert "·" not in line, line  # no empty card slot beside the card held
                assert view.visible_hands[s][0].display() in line, line
                marked = line.endswith((f" {_('dealer')}", f" {_('D')}"))
                assert marked == (s == view.dealer), (s, line)
                name, rest = compact_line_parts(line)
                assert re.search(rf"\D{s + 1}$", name), (s, line)  # a letter or "…" first
                units.append(rest.split()[-2 if marked else -1] != str(view.totals[s]))
            # the score sheet's names neither ("P…1", "…11": not "1", "11")
            await pilot.press("t")
            await pilot.pause()
            await pilot.pause()
            assert isinstance(app.screen, ScoreSheetScreen)
            head = shown_lines(app.screen.query_one("#sheet-head", Static))[0]
            names = head.split()[2:]
            assert len(names) == 12, head
            for s, name in enumerate(names, start=1):
                assert re.fullmatch(rf"\S*\D{s}", name), (s, head)

    units: list[bool] = []
    # the dealer of the game reported (seat 6, on the right), and a seat on the left (in
    # 66 columns, below the 80 the table is drawn for, Player 12 dealing, with a 10♦ held,
    # is still cut to "12")
    for dealer in (None, 11) if width >= 80 else (None,):
        with language(lang):
            session = GameSession.new(
                rules,
                [f"Player {n}" for n in range(1, 13)],
                human_seats=(me,),
                levels="easy",
                seed=32,
                first_dealer=dealer,
            )
            run(check(new_app(session, tmp_path)))
    assert all(units) if width >= 80 else not all(units)


def shows(app: AscenseurApp, widget: Any) -> bool:
    """Whether ``widget`` is on screen, not scrolled away nor covered: the screen finds it
    at its first cell and at its last."""
    region = widget.region
    if not region or not app.screen.region.contains_region(region):
        return False
    corners = [(region.x, region.y), (region.right - 1, region.bottom - 1)]
    return all(app.screen.get_widget_at(x, y)[0] is widget for x, y in corners)


@pytest.mark.parametrize("width", [40, 60, 100])
def test_the_ladder_keeps_the_current_round_in_view_however_narrow(
    tmp_path: Path, width: int
) -> None:
    """The ladder shows a window of its rounds around the current one, cut to the width of
    its line: at round 21 of 25 the current 5 stays on screen (it was cut to 74 columns
    whatever the terminal, so past the edge below 80), also after a resize."""
    session = make_session(preset("classique"), players=4, levels=["random"], seed=1)
    sizes = session.game.rules.hand_sizes(4)
    assert len(sizes) == 25 and sizes[20] == 5
    for size in sizes[:20]:  # the first 20 rounds, from a score sheet
        session.game.record_summary([size, 1, 0, 0], [size, 0, 0, 0])
    app = new_app(session, tmp_path)

    def ladder_fits() -> None:
        ladder = app.screen.query_one("#ladder", Static)
        shown = text_of(app, "#ladder")
        assert "[5]" in shown, shown
        assert cell_len(shown) <= ladder.content_region.width, (shown, ladder.content_region)

    async def scenario() -> None:
        async with app.run_test(size=(width, 24)) as pilot:
            await play(pilot, app, session, until=lambda: session.view(0).is_my_turn)
            await pilot.pause()
            ladder_fits()
            await pilot.resize_terminal(width + 20, 24)
            await pilot.pause()
            await pilot.pause()
            ladder_fits()

    run(scenario())


@pytest.mark.parametrize(("seed", "lang"), [(3, "en"), (46, "en"), (46, "fr")])
def test_below_80_by_24_the_top_lines_stay_and_the_bids_are_in_view(
    seed: int, lang: str, tmp_path: Path
) -> None:
    """At 60×20 eight players do not fit: the warning and the top line (the trump) stay on
    screen whatever scrolls, the table scrolls to the bids the player must choose from, then
    to their hand, and the arrow and page keys scroll the rest back into view. The scroll
    bar's coming narrows nothing drawn before it: no seat is cut, and the French warning,
    on two lines, covers no bid."""
    with language(lang):
        session = make_session(preset("classique"), players=8, levels=["random"], seed=seed)
        app = new_app(session, tmp_path)

    def bidding() -> bool:
        return session.view(0).is_my_turn and session.view(0).phase is Phase.BID

    async def scenario() -> None:
        async with app.run_test(size=(60, 20)) as pilot:
            await play(pilot, app, session, until=bidding)
            await pilot.pause()
            screen = app.screen
            warning = screen.query_one("#too-small", Static)
            status = screen.query_one("#status", Static)
            said = _("This terminal is {width}×{height}: the table needs at least {w}×{h}.")
            assert str(warning.render()) == said.format(width=60, height=20, w=80, h=24)
            assert shows(app, warning) and shows(app, status)
            for seat in screen.query(".seat"):
                for line in seat.render().plain.split("\n"):  # type: ignore[union-attr]
                    assert cell_len(line) <= seat.content_region.width, line
            trump = session.view(0).trump_card
            assert trump is not None  # on screen, not cut off the end of a French line
            shown = " ".join(" ".join(shown_lines(status)).split())  # (wrapped when narrow)
            assert _("trump ") + trump.display() in shown
            bids = list(screen.query(".bid"))
            assert bids and all(shows(app, bid) for bid in bids)
            assert screen.max_scroll_y > 0  # the table does not fit: it scrolls
            top_seat = screen.query_one("#seat-4", Static)  # the top row of eight
            assert not shows(app, top_seat)
            for key in ("pageup", "up"):
                await pilot.press(key)
                await pilot.pause()
            assert shows(app, top_seat)
            assert shows(app, warning) and shows(app, status)
            await play(pilot, app, session, until=my_card_to_play(session))
            await pilot.pause()
            assert app.focused is not None and app.focused.has_class("card")
            assert shows(app, app.focused)
            assert shows(app, warning) and shows(app, status)

    with language(lang):
        run(scenario())


@pytest.mark.parametrize(
    ("players", "options", "lang", "said"),
    [
        (
            10,
            {},
            "en",
            "Two decks: A♠' is the second copy of A♠; of two equal cards, the first played wins.",
        ),
        (
            11,
            {"duplicate_cards": "deck-order"},
            "fr",
            "Deux jeux : A♠' est la seconde copie de A♠ ; de deux cartes identiques, c'est "
            "celle du premier jeu qui l'emporte (A♠ bat A♠').",
        ),
        (
            4,
            {"decks": 2},
            "es",
            "Dos barajas: A♠' es la segunda copia de A♠; de dos cartas iguales gana la que "
            "se jugó primero.",
        ),
        (9, {}, "en", None),
    ],
    ids=["ten-players", "deck-order-fr", "two-decks-es", "one-deck"],
)
def test_the_rules_screen_explains_the_mark_of_a_second_copy(
    players: int, options: dict[str, Any], lang: str, said: str | None, tmp_path: Path
) -> None:
    """From 10 players classique deals two decks, and a card of the second carries a prime
    (A♠'): the rules screen says what it means and which of two equal cards wins; with one
    deck it says nothing of it."""
    rules = preset("classique").override({"ladder": [1], **options})

    async def scenario() -> None:
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.pause()
            await pilot.press("r")
            await pilot.pause()
            shown = "\n".join(" ".join(text.split()) for text in static_texts(app))
            if said is None:
                assert "A♠'" not in shown and "Two decks" not in shown
            else:
                assert said in shown

    with language(lang):
        session = make_session(rules, players=players, levels=["random"], seed=2)
        app = new_app(session, tmp_path)
        run(scenario())


@pytest.mark.parametrize(
    ("width", "height", "per_row"),
    [(100, 30, 13), (80, 24, 13), (80, 20, 12), (70, 20, 11), (60, 20, 9), (50, 20, 7)],
)
def test_every_card_and_bid_is_on_screen_however_narrow_the_terminal(
    width: int, height: int, per_row: int, tmp_path: Path
) -> None:
    """Thirteen cards (or fourteen bids) fill 77 columns: in a narrower terminal (or one so
    short that the scroll bar takes two columns) they wrap to more rows rather than run off
    its edge, where they could be chosen but not seen; the blind round's note keeps all its
    words."""
    session = make_session(
        preset("classique").override({"ladder": [13], "decks": 2}),
        players=3,
        levels=["random"],
        seed=22,
    )
    app = new_app(session, tmp_path)

    def bidding() -> bool:
        return session.view(0).is_my_turn and session.view(0).phase is Phase.BID

    async def all_shown(pilot: Pilot[Any], kind: str, count: int) -> None:
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.per_row == per_row
        buttons = list(screen.query(kind))
        assert len(buttons) == count
        rows = {b.virtual_region.y for b in buttons}
        cells = count + (min(3, per_row) if kind == ".bid" else 0)  # ("Your bid:" spans 3)
        assert len(rows) == -(-cells // per_row)  # as many rows as the width needs
        for button in buttons:  # each whole on screen once scrolled to (the height is short)
            screen.scroll_to_widget(button, animate=False)
            await pilot.pause()
            assert shows(app, button), (kind, button.id, button.region)

    async def scenario() -> None:
        async with app.run_test(size=(width, height)) as pilot:
            await play(pilot, app, session, until=bidding)
            await pilot.pause()
            await all_shown(pilot, ".bid", 14)
            await play(pilot, app, session, until=my_card_to_play(session))
            await pilot.pause()
            await all_shown(pilot, ".card", 13)

    run(scenario())

    blind = make_session(
        preset("enculette").override({"ladder": [1]}), players=3, levels=["random"], seed=5
    )
    blind_app = new_app(blind, tmp_path)

    async def blind_round() -> None:
        async with blind_app.run_test(size=(width, height)) as pilot:
            await play(pilot, blind_app, blind, until=lambda: blind.view(0).is_my_turn)
            await pilot.pause()
            note = blind_app.screen.query_one("#hand .note", Static)
            assert note.virtual_region.right <= width
            shown = " ".join(note.render().plain.split())  # type: ignore[union-attr]
            assert shown == "Blind round: you see everyone's card but your own."

    run(blind_round())


@pytest.mark.parametrize("lang", ["en", "fr", "es"])
def test_the_rows_of_bids_follow_each_other_without_blank_lines(tmp_path: Path, lang: str) -> None:
    """The grid measured the "Your bid:" label in one of the three columns it spans, so its
    row took the height of the label wrapped five columns wide: a blank line under the first
    row of bids in English, two in French. Every row of bids is one line, one after the
    other, like the rows of the hand."""
    with language(lang):
        rules = preset("classique").override({"ladder": [12]})
        session = make_session(rules, players=4, levels=["random"], seed=1)
        app = new_app(session, tmp_path)

        def bidding() -> bool:
            return session.view(0).is_my_turn and session.view(0).phase is Phase.BID

        async def scenario() -> None:
            async with app.run_test(size=(80, 24)) as pilot:
                await play(pilot, app, session, until=bidding)
                await pilot.pause()
                label = app.screen.query_one("#bids .label", Static)
                rows = sorted({b.region.y for b in app.screen.query(".bid")})
                assert len(rows) == 2  # "Your bid:" and 0–9, then 10–12
                assert rows == [label.region.y, label.region.y + 1]
                assert label.render().plain == _("Your bid:")  # type: ignore[union-attr]

        run(scenario())


@pytest.mark.parametrize("phase", [Phase.BID, Phase.PLAY])
@pytest.mark.parametrize(("width", "players"), [(60, 8), (79, 10), (100, 10)])
def test_a_notice_never_covers_the_hand_or_the_bids(
    tmp_path: Path, width: int, players: int, phase: Phase
) -> None:
    """Textual's notices appear at the bottom right, where a crowded table at 24 rows pushes
    the hand and the bids: at the table they appear at the top, below the line of the
    round."""
    session = make_session(
        preset("classique").override({"ladder": [5]}), players=players, levels=["random"], seed=22
    )
    app = AscenseurApp(session, delay=0.05, history=tmp_path / "history")

    def my_turn() -> bool:
        return session.view(0).is_my_turn and session.view(0).phase is phase

    async def scenario() -> None:
        async with app.run_test(size=(width, 24), notifications=True) as pilot:
            await play(pilot, app, session, until=my_turn)
            await pilot.press("f")  # "Computer players play at once."
            await pilot.pause()
            screen = app.screen
            toasts = [w for w in screen.walk_children() if type(w).__name__ == "Toast"]
            assert len(toasts) == 1
            notice = toasts[0].region
            assert notice.height > 0
            choices = list(screen.query(".card, .bid"))
            assert choices
            for widget in [*choices, screen.query_one("#message")]:
                assert not notice.overlaps(widget.region), (widget.id, widget.region, notice)
            assert notice.y > screen.query_one("#status").region.y

    run(scenario())


def test_at_full_speed_the_line_says_how_the_last_trick_went(tmp_path: Path) -> None:
    """With no pause the last trick is never on the table when a computer player took it and
    led at once: the player's turn says who took it, with its cards, the winner's marked."""
    session, app = four_cards_of_prime(tmp_path)

    def following_after_a_trick() -> bool:
        view = session.view(0)
        return view.is_my_turn and view.phase is Phase.PLAY and bool(view.trick and view.tricks)

    async def scenario() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await play(pilot, app, session, until=following_after_a_trick)
            await pilot.pause()
            view = session.view(0)
            last = view.tricks[-1]
            cards = [c.display() for c in last.cards]
            winner_card = last.cards[last.seats(view.players).index(last.winner)].display()
            cards[cards.index(winner_card)] += "✔"
            assert str(app.screen.message_text) == (
                f"{NAMES[last.winner]} took the last trick: {' '.join(cards)}. "
                "Your turn: play a card."
            )

    run(scenario())


@pytest.mark.parametrize("seed", [3, 4, 5])
def test_at_full_speed_the_end_screen_says_how_the_last_trick_went(
    tmp_path: Path, seed: int
) -> None:
    """The game's last trick goes straight to the end screen at full speed, so that screen
    tells it: its winner and its cards in the order played, the winner's marked."""
    session = make_session(
        preset("prime").override({"ladder": [4]}), names=NAMES, levels=["random"], seed=seed
    )
    app = new_app(session, tmp_path)

    async def scenario() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await play(pilot, app, session)
            assert isinstance(app.screen, EndScreen)
            shown = text_of(app, "#last-trick")

        # The engine says who took the last trick: the record replayed without its last
        # card, then that card played.
        record = json.loads(dumps(session.game))
        last_trick = record["rounds"][-1]["tricks"][-1]
        record["rounds"][-1]["tricks"][-1] = last_trick[:-1]
        game = replay(record).game
        last_seat = game.turn
        won = [e for e in game.play(last_trick[-1]) if isinstance(e, TrickWon)]
        winner = won[0].seat
        # the cards in the order played, from the seats before the last one to play
        players = len(NAMES)
        expected = [Card.parse(c).display() for c in last_trick]
        expected[(winner - last_seat - 1) % players] += "✔"
        assert shown == f"{NAMES[winner]} took the last trick: {' '.join(expected)}."

    run(scenario())


def test_a_finished_game_resumed_opens_on_the_end_screen_without_a_trick_to_tell(
    tmp_path: Path,
) -> None:
    """A finished game saved and resumed opens on its end screen; the screen has seen none of
    its tricks, so it tells none rather than a wrong one."""
    session = make_session(
        preset("prime").override({"ladder": [2]}), names=NAMES, levels=["random"], seed=6
    )
    app = new_app(session, tmp_path)

    async def first_part() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await play(pilot, app, session)
            assert app.screen.query("#last-trick")

    run(first_part())
    assert session.is_over
    resumed = GameSession.resume(session.save(tmp_path / "finished.json"))
    app2 = new_app(resumed, tmp_path, save_path=tmp_path / "finished.json")

    async def second_part() -> None:
        async with app2.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert isinstance(app2.screen, EndScreen)
            assert not app2.screen.query("#last-trick")

    run(second_part())


@pytest.mark.parametrize("players", [8, 9, 10])
@pytest.mark.parametrize("lang", ["en", "fr", "es"])
def test_the_blind_round_fits_at_80_by_24(tmp_path: Path, players: int, lang: str) -> None:
    """The blind round's note takes the line of the hand: with it every seat, the bids and
    the message are still on screen at 80×24, in every language."""
    with language(lang):
        session = make_session(preset("enculette"), players=players, levels=["random"], seed=2)
        app = new_app(session, tmp_path)

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await play(pilot, app, session, until=my_blind_bid(session))
            await pilot.pause()
            screen = app.screen
            widgets = [*screen.query(".seat"), *screen.query(".bid")]
            widgets += [screen.query_one("#message"), screen.query_one("#hand .note")]
            assert len(screen.query(".seat")) == players
            for widget in widgets:
                assert shows(app, widget), widget

    with language(lang):
        run(scenario())


def test_a_new_game_opens_on_the_table_just_played(tmp_path: Path) -> None:
    """ "New game" at the end opens the setup screen on the choices of the game just played:
    those typed on the setup screen, as they were typed."""
    app = AscenseurApp(None, delay=0, history=tmp_path)
    typed = {"options": "ladder=[1]; void_rule=free", "players": "3", "names": "Ann, Bob, Cid"}

    async def scenario() -> None:
        async with app.run_test(size=(100, 40)) as pilot:
            await start_from_setup(pilot, app, **typed)
            assert isinstance(app.screen, GameScreen), text_of(app, "#setup-error")
            await play(pilot, app, app.screen.session)
            assert isinstance(app.screen, EndScreen)
            await pilot.press("n")
            await pilot.pause()
            assert isinstance(app.screen, SetupScreen)
            for field, value in typed.items():
                assert app.screen.query_one(f"#{field}", Input).value == value

    run(scenario())


@pytest.mark.parametrize(
    ("options", "levels", "seat"),
    [
        ({"preset": "prime"}, ["hard"], 1),
        ({"preset": "enculette", "decks": 2, "ladder": [2, 1]}, ["easy", "expert"], 3),
        (
            {
                "preset": "classique",
                "scoring": {
                    "made_base": 5,
                    "made_per_trick": 2,
                    "missed_per_trick": 1,
                    "missed_per_diff": 0,
                    "pool": False,
                },
            },
            ["random"],
            2,
        ),
    ],
)
def test_the_setup_fields_of_a_game_make_that_game_again(
    options: dict[str, Any], levels: list[str], seat: int
) -> None:
    """After a resumed game, "new game" opens on the fields of that game (setup_values_of):
    they give its rules, players, names, seat and levels again."""
    from ascenseur import rules_from_mapping
    from ascenseur.interfaces.tui.app import build_session, setup_values_of

    rules = rules_from_mapping(options)
    session = make_session(rules, names=["Ann", "Bob", "Cid"], seat=seat, levels=levels, seed=1)
    with language("fr"):  # the levels as the screen shows them ("facile")
        values = setup_values_of(session)
        again = build_session(values, seed=2)
    assert again.game.rules == session.game.rules
    assert again.seats == session.seats
    assert again.human_seats == session.human_seats
    if len(set(levels)) > 1:
        assert values["levels"] == "facile, expert"


def test_the_setup_fields_of_a_game_they_cannot_give_again_are_left_to_the_defaults() -> None:
    """A name with a comma cannot be typed in the names field (a comma parts the names): the
    names are left to the defaults rather than split; a table of two people is offered with
    one of them, the computer players at one level."""
    from ascenseur.interfaces.tui.app import build_session, setup_values_of

    rules = preset("prime").override({"ladder": [1]})
    session = GameSession.new(rules, ["Smith, J", "Bob", "Cid"], levels="hard", seed=1)
    values = setup_values_of(session)
    assert values["names"] == ""
    assert build_session(values, seed=2).players == 3
    two = GameSession.new(
        rules,
        ["Ann", "Bob", "Cid", "Dan"],
        human_seats=(0, 2),
        levels=[None, "easy", None, "hard"],
        seed=1,
    )
    values = setup_values_of(two)
    assert (values["seat"], values["level"], values["levels"]) == ("1", "easy", "")
    assert build_session(values, seed=2).human_seats == [0]


@pytest.mark.parametrize(("players", "width"), [(8, 66), (8, 60), (12, 66), (12, 90)])
def test_the_names_of_a_score_sheet_are_cut_alike(players: int, width: int) -> None:
    """Room left over that is not enough to widen every cut name alike is left unused:
    "Pla…1 … Pla…8", not "Play…1 Play…2 Pla…3" (names cut by where the room ran out)."""
    session = make_session(preset("classique"), players=players, levels=["random"], seed=1)
    rng = random.Random(1)
    for _round in range(3):
        session.game.deal(rng)
        session.game.random_playout(rng)
    head, _body = score_table(session, 0, width)
    shown = [column.header.plain for column in head.columns[2:]]  # type: ignore[union-attr]
    same_digits = [n for i, n in enumerate(shown) if i < 9]  # "Player 1" … "Player 9"
    assert len({cell_len(n) for n in same_digits}) == 1, shown
    assert all(n.endswith(str(i + 1)) for i, n in enumerate(shown)), shown


#: The keys a player might press at any moment, the quitting ones aside.
ANY_KEYS = [*"0123456789", "enter", "left", "right", "tab", "shift+tab", "h", "t", "r", "f"]
ANY_KEYS += ["escape", "backspace", "up", "down", "pageup", "pagedown", "home", "end", "n", "s"]


@pytest.mark.parametrize(
    ("seed", "name", "options", "players", "lang"),
    [
        (1, "enculette", {}, 3, "fr"),
        (2, "prime", {"ladder": [3], "bidding": "simultaneous", "bid_limit": "none"}, 4, "en"),
        (3, "classique", {"ladder": [12, 2], "decks": 2}, 3, "es"),
    ],
)
def test_keys_pressed_at_random_never_break_the_game(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    seed: int,
    name: str,
    options: dict[str, Any],
    players: int,
    lang: str,
) -> None:
    """Whatever keys are pressed, at any moment (during the bots' play, over the score
    sheet, the rules, the end and setup screens) and whatever the terminal's size, nothing
    fails, and the game played stays a legal game: its record replays to the same sheet,
    and so does every save `s` made of it."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))  # where `s` saves
    rules = preset(name).override(options) if options else preset(name)
    with language(lang):
        session = make_session(rules, players=players, levels=["random"], seed=seed)
        app = AscenseurApp(session, delay=0.01 * (seed % 2), history=tmp_path / "history")
    rng = random.Random(seed)

    async def scenario() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            for step in range(150):
                shown = type(app.screen).__name__
                key = rng.choice(ANY_KEYS)
                if key == "escape" and shown in ("EndScreen", "SetupScreen"):
                    continue  # (Esc quits there)
                await pilot.press(key)
                if step % 40 == 0:
                    await pilot.resize_terminal(rng.choice([60, 80, 100]), rng.choice([20, 30]))
            await pilot.pause()

    with language(lang):
        run(scenario())
    assert score_sheet(replay(json.loads(dumps(session.game)))) == score_sheet(session.game)
    saves = [p for p in (tmp_path / "data").rglob("*.json") if ".session." not in p.name]
    assert saves  # (the seeds are such that `s` is pressed during the game)
    for saved in saves:
        replay(json.loads(saved.read_text(encoding="utf-8")))  # (refused if not legal)


def test_a_level_of_the_settings_file_that_cannot_play_here_is_said_on_screen(
    tmp_path: Path,
) -> None:
    """OpenSpiel's bot, named in a settings file beside a game of prime (not one of its
    tables), is played at the level given for lost levels, and the screen says so."""
    session = GameSession.new(preset("prime").override({"ladder": [2]}), NAMES, seed=1)
    session.advance()
    path = session.save(tmp_path / "x.json")
    side = sidecar_path(path)
    data = json.loads(side.read_text(encoding="utf-8"))
    data["seats"][2]["level"] = "ismcts"
    side.write_text(json.dumps(data), encoding="utf-8")
    resumed = GameSession.resume(path)
    app = new_app(resumed, tmp_path, save_path=path)

    async def scenario() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            notes = [str(note.message) for note in app._notifications]
            assert "The level ismcts cannot play this game here: medium computer players play." in (
                notes
            ), notes
            # the seat shows the level that plays, not the one that could not
            seat = text_of(app, "#seat-2")
            assert seat.endswith("medium") and "ismcts" not in seat, seat

    run(scenario())
    # and "new game" at its end offers the level that played, which the setup screen takes
    from ascenseur.interfaces.tui.app import build_session, setup_values_of

    data["seats"][1]["level"] = "hard"
    side.write_text(json.dumps(data), encoding="utf-8")
    mixed = GameSession.resume(path)
    values = setup_values_of(mixed)
    assert values["levels"] == "hard, medium, medium", values
    assert [s.level for s in build_session(values, seed=2).seats] == [
        None,
        "hard",
        "medium",
        "medium",
    ]


def test_the_end_screen_gives_a_replay_command_that_works_in_a_folder_with_a_space(
    tmp_path: Path,
) -> None:
    """``--history "my games"``: the end screen said ``ascenseur replay my games/….json``,
    which a shell reads as two files."""
    history = tmp_path / "my games"
    session = GameSession.new(
        preset("prime").override({"ladder": [1]}), NAMES, levels="random", seed=4
    )
    app = AscenseurApp(session, delay=0, history=history)

    async def scenario() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await play(pilot, app, session)
            assert isinstance(app.screen, EndScreen)
            (kept,) = records_in(history)
            said = " ".join(text_of(app, "#saved-to").split())  # (wrapped at 100 columns)
            assert said == f"Saved to the history: '{kept}' (ascenseur replay '{kept}')"
            command = said.split("(", 1)[1].rstrip(")")
            assert shlex.split(command) == ["ascenseur", "replay", str(kept)]

    run(scenario())
