"""The game session: seats, bots, pacing steps, per-seat events, refusals, save and resume."""

from __future__ import annotations

import json
import random
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from ascenseur import Card, Game, Phase, preset
from ascenseur.core.errors import IllegalActionError, RecordError
from ascenseur.core.events import BidMade, BidsRevealed, CardPlayed, GameOver, TrickWon
from ascenseur.core.record import MAX_RECORD_BYTES, dumps, loads, replay, score_sheet
from ascenseur.services.history import game_file_name, new_file, saves_dir
from ascenseur.services.session import (
    GameSession,
    Seat,
    Step,
    bid_refusals,
    decision_seed,
    explain_to_player,
    save_to_history,
    sidecar_path,
)

NAMES = ["Ann", "Bob", "Cat", "Dan"]


def play_human_randomly(session: GameSession, rng: random.Random) -> None:
    """Drive a whole game: the human seats pick random legal actions from their view."""
    while True:
        session.run_bots()
        step, seat = session.next_step()
        if step is Step.OVER:
            return
        assert step is Step.HUMAN and seat is not None
        view = session.view(seat)
        session.act(seat, rng.choice(view.legal_actions))


def play_until(session: GameSession, rng: random.Random, done: Callable[[], bool]) -> None:
    """Advance the game (the human seats picking random legal actions) until ``done()``."""
    while not done():
        step, seat = session.next_step()
        if step is Step.HUMAN:
            assert seat is not None
            session.act(seat, rng.choice(session.view(seat).legal_actions))
        else:
            session.advance()


@pytest.mark.parametrize("name", ["classique", "prime", "ascensor", "enculette"])
def test_a_whole_game_of_each_preset_ends_with_the_engine_totals(name: str) -> None:
    rules = preset(name).override({"ladder": [1, 3, 2]})
    session = GameSession.new(rules, NAMES, levels="random", seed=5)
    play_human_randomly(session, random.Random(1))
    assert session.is_over
    events = session.events_for(0)
    over = [e for e in events if isinstance(e, GameOver)]
    assert len(over) == 1
    assert list(over[0].totals) == session.game.totals
    assert len(session.game.results) == 3


def test_the_same_seed_deals_and_plays_the_same_game() -> None:
    rules = preset("classique").override({"ladder": [3, 4]})
    a = GameSession.new(rules, NAMES, human_seats=(), levels="random", seed=11)
    b = GameSession.new(rules, NAMES, human_seats=(), levels="random", seed=11)
    a.run_bots()
    b.run_bots()
    assert a.is_over and b.is_over
    assert score_sheet(a.game) == score_sheet(b.game)
    c = GameSession.new(rules, NAMES, human_seats=(), levels="random", seed=12)
    c.run_bots()
    assert [r.dealt for r in c.game.results] != [r.dealt for r in a.game.results]


def test_next_step_stops_at_the_human_and_refuses_out_of_turn() -> None:
    session = GameSession.new(preset("classique"), NAMES, levels="random", seed=3, first_dealer=3)
    assert session.next_step() == (Step.DEAL, None)
    session.advance()
    # the player after the dealer (seat 0, the human) bids first
    assert session.next_step() == (Step.HUMAN, 0)
    assert session.advance() == []
    with pytest.raises(IllegalActionError) as refused:
        session.act(1, 0)
    assert refused.value.rule == "turn"
    assert (
        explain_to_player(refused.value, session.view(1)) == "It is not your turn: Ann is to play."
    )


def test_a_card_in_the_bidding_and_a_bid_in_the_play_are_explained_to_the_player() -> None:
    """The engine's own words ("a bid is a number of tricks") are for programs; a player
    who picks a card while bidding, or a bid while playing, is told what to do instead."""
    rules = preset("classique").override({"ladder": [2]})
    session = GameSession.new(rules, NAMES, human_seats=(0,), levels="random", seed=4)
    session.run_bots()
    view = session.view(0)
    assert view.phase is Phase.BID and view.is_my_turn and view.hand
    with pytest.raises(IllegalActionError) as refused:
        session.act(0, view.hand[0])
    assert explain_to_player(refused.value, view) == "Bid first: how many tricks will you take?"
    session.act(0, 0)
    session.run_bots()
    view = session.view(0)
    while not (view.phase is Phase.PLAY and view.is_my_turn):
        session.act(0, view.legal_actions[0])
        session.run_bots()
        view = session.view(0)
    with pytest.raises(IllegalActionError) as refused:
        session.act(0, 1)
    assert explain_to_player(refused.value, view) == "The bidding is over: play a card."


def test_following_suit_is_explained_to_the_player() -> None:
    rules = preset("classique").override({"ladder": [2]})
    session = GameSession.new(
        rules, NAMES, human_seats=(1,), levels="random", seed=1, first_dealer=3
    )
    hands = [["AH", "4C"], ["2H", "3C"], ["5C", "6C"], ["7C", "8C"]]
    session.game.deal_hands([[Card.parse(c) for c in h] for h in hands], Card.parse("9S"))
    session.game.act(0, seat=0)
    session.act(1, 1)
    session.run_bots()  # the others bid, then Ann (seat 0) leads
    assert session.next_step() == (Step.HUMAN, 1)
    view = session.view(1)
    assert view.trick and view.trick[0][0] == 0
    led = view.trick[0][1]
    off_suit = next(c for c in view.hand or () if c.suit != led.suit)
    with pytest.raises(IllegalActionError) as refused:
        session.act(1, off_suit)
    assert refused.value.rule == "follow_suit"
    name = led.suit.display_name()
    assert explain_to_player(refused.value, view) == f"You must follow {name}."
    assert session.game.turn == 1  # nothing was played


def test_the_hook_is_explained_to_the_dealer() -> None:
    rules = preset("classique").override({"ladder": [3]})
    session = GameSession.new(
        rules, NAMES, human_seats=(3,), levels="random", seed=2, first_dealer=3
    )
    session.advance()
    for seat in (0, 1, 2):
        session.game.act(1 if seat == 0 else 0, seat=seat)
    view = session.view(3)
    assert view.forbidden_bid == 2
    refusals = bid_refusals(view)
    assert list(refusals) == [2]
    assert "dealer" in refusals[2] and "2" in refusals[2]
    with pytest.raises(IllegalActionError) as refused:
        session.act(3, 2)
    assert refused.value.rule == "hook"
    assert explain_to_player(refused.value, view) == refusals[2]


def test_the_under_limit_lists_every_refused_bid() -> None:
    rules = preset("ascensor").override({"ladder": [3]})
    session = GameSession.new(
        rules, NAMES, human_seats=(2,), levels="random", seed=2, first_dealer=3
    )
    session.advance()
    session.game.act(2, seat=0)
    session.game.act(0, seat=1)
    view = session.view(2)
    assert view.legal_actions == (0,)
    refusals = bid_refusals(view)
    assert sorted(refusals) == [1, 2, 3]
    assert "at most 0" in refusals[1]


def test_sealed_bids_stay_hidden_from_other_seats_until_revealed() -> None:
    rules = preset("classique").override(
        {"ladder": [2], "bidding": "simultaneous", "bid_limit": "none"}
    )
    session = GameSession.new(
        rules, NAMES, human_seats=(0,), levels="random", seed=4, first_dealer=3
    )
    session.advance()
    session.act(0, 1)
    session.run_bots()
    mine = [e for e in session.events_for(0) if isinstance(e, BidMade)]
    theirs = [e for e in session.events_for(1) if isinstance(e, BidMade)]
    assert [e.bid for e in mine] == [1, None, None, None]
    assert [e.bid for e in theirs] == [None, session.game.bids[1], None, None]


def test_sealed_bids_are_revealed_to_every_seat() -> None:
    rules = preset("classique").override(
        {"ladder": [2], "bidding": "simultaneous", "bid_limit": "none"}
    )
    session = GameSession.new(rules, NAMES, human_seats=(), levels="random", seed=4)
    session.advance()
    for _i in range(4):
        session.advance()
    for seat in range(4):
        events = session.events_for(seat)
        revealed = [e for e in events if isinstance(e, BidsRevealed)]
        assert revealed and list(revealed[0].bids) == session.game.bids


def test_the_blind_round_is_played_by_the_table() -> None:
    rules = preset("enculette").override({"ladder": [1]})
    session = GameSession.new(rules, NAMES, levels="random", seed=9)
    session.advance()
    view = session.view(0)
    assert view.hand is None and len(view.visible_hands) == 3
    while session.next_step()[0] is not Step.BLIND_CARD:
        step, _seat = session.next_step()
        if step is Step.HUMAN:
            session.act(0, session.view(0).legal_actions[0])
        else:
            session.advance()
    assert session.view(0).legal_actions == ()
    session.run_bots()
    assert session.is_over
    played = [e for e in session.events_for(2) if isinstance(e, CardPlayed)]
    assert len(played) == 4


def test_in_the_blind_round_no_card_tried_tells_the_player_their_own() -> None:
    """Every card a player tries while the table is to play their unseen card is refused
    with the same words, before the engine (which knows the hands) sees it: no refusal
    tells which card it is, and none is played."""
    rules = preset("enculette").override({"ladder": [1]})
    session = GameSession.new(rules, NAMES, levels="random", seed=9)
    while session.next_step() != (Step.BLIND_CARD, 0):
        step, _seat = session.next_step()
        if step is Step.HUMAN:
            session.act(0, session.view(0).legal_actions[0])
        else:
            session.advance()
    view = session.view(0)
    before = dumps(session.game)
    refusals = set()
    for card in session.game.rules.deck_cards(len(NAMES)):
        with pytest.raises(IllegalActionError) as refused:
            session.act(0, card)
        assert refused.value.rule == "blind"
        refusals.add((str(refused.value), explain_to_player(refused.value, view)))
    assert refusals == {
        (
            "in the blind round the table plays every card: nobody sees their own",
            "In the blind round the table plays your card: you cannot see it.",
        )
    }
    assert dumps(session.game) == before
    session.run_bots()
    assert session.is_over


def test_every_trick_is_announced_to_every_seat() -> None:
    rules = preset("prime").override({"ladder": [3]})
    session = GameSession.new(rules, NAMES, human_seats=(), levels="random", seed=8)
    session.run_bots()
    for seat in range(4):
        won = [e for e in session.events_for(seat) if isinstance(e, TrickWon)]
        assert len(won) == 3
    assert session.events_for(0) == []


def test_save_and_resume_mid_trick_goes_on_with_the_same_seats(tmp_path: Path) -> None:
    rules = preset("classique").override({"ladder": [3, 2]})
    session = GameSession.new(rules, NAMES, human_seats=(2,), levels="random", seed=21)
    session.run_bots()
    rng = random.Random(0)
    play_until(session, rng, lambda: session.game.phase is Phase.PLAY and bool(session.game.trick))
    path = session.save(tmp_path / "game.json")
    record = loads(path.read_text(encoding="utf-8"))
    assert set(record) == {"format", "rules", "players", "rounds"}
    assert sidecar_path(path).name == "game.session.json"
    resumed = GameSession.resume(path)
    assert resumed.seats == session.seats
    assert resumed.seed == session.seed
    assert resumed.view(2) == session.view(2)
    assert resumed.game.trick == session.game.trick
    play_human_randomly(resumed, rng)
    assert resumed.is_over
    # a resumed game deals the next round as the original would have
    play_human_randomly(session, random.Random(99))
    assert resumed.game.results[1].dealt == session.game.results[1].dealt


@pytest.mark.parametrize(
    ("name", "levels"),
    [("classique", ["random", "easy", "hard"]), ("enculette", ["medium", "easy", "random"])],
)
def test_a_resumed_game_goes_on_as_the_original_would_have(
    tmp_path: Path, name: str, levels: list[str]
) -> None:
    """The computer players are seeded by each decision, not by the ones they made before:
    saved mid-trick and resumed, the game goes on move for move as the original does (the
    easy player's slips and the random player's moves included), to the same end."""
    rules = preset(name).override({"ladder": [3, 2, 3]})
    session = GameSession.new(rules, NAMES, human_seats=(0,), levels=[None, *levels], seed=5)
    play_until(
        session,
        random.Random(3),
        lambda: session.game.round_index == 1 and bool(session.game.trick),
    )
    path = session.save(tmp_path / "game.json")
    resumed = GameSession.resume(path)
    play_human_randomly(session, random.Random(7))
    play_human_randomly(resumed, random.Random(7))
    assert dumps(resumed.game) == dumps(session.game)
    # the bots had choices to make: a game from another seed goes otherwise
    other = GameSession.new(rules, NAMES, human_seats=(0,), levels=[None, *levels], seed=6)
    play_human_randomly(other, random.Random(7))
    assert [r.bids for r in other.game.results] != [r.bids for r in session.game.results]


def test_a_record_without_sidecar_resumes_with_seat_0_human(tmp_path: Path) -> None:
    rules = preset("prime").override({"ladder": [2]})
    session = GameSession.new(rules, NAMES, human_seats=(), levels="random", seed=1)
    session.advance()
    path = session.save(tmp_path / "x.json")
    sidecar_path(path).unlink()
    resumed = GameSession.resume(path, level="random")
    assert resumed.seats[0] == Seat("Ann", None)
    assert [s.level for s in resumed.seats[1:]] == ["random"] * 3


def test_resuming_the_sidecar_instead_of_the_game_says_which_file_to_resume(
    tmp_path: Path,
) -> None:
    rules = preset("prime").override({"ladder": [2]})
    session = GameSession.new(rules, NAMES, human_seats=(), levels="random", seed=1)
    session.advance()
    path = session.save(tmp_path / "x.json")
    with pytest.raises(RecordError) as refused:
        GameSession.resume(sidecar_path(path))
    assert str(refused.value) == (
        f"{sidecar_path(path)} holds the settings kept beside a saved game, not the game: "
        f"resume the game itself, {path}"
    )


def test_a_record_saved_with_a_byte_order_mark_resumes(tmp_path: Path) -> None:
    rules = preset("prime").override({"ladder": [2]})
    session = GameSession.new(rules, NAMES, human_seats=(), levels="random", seed=1)
    session.advance()
    path = session.save(tmp_path / "x.json")
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())  # as some editors save it
    resumed = GameSession.resume(path)
    assert resumed.game.bids == session.game.bids
    assert resumed.game.dealt == session.game.dealt


def test_finished_games_go_to_the_history_and_replay(tmp_path: Path) -> None:
    rules = preset("ascensor").override({"ladder": [1, 2]})
    session = GameSession.new(rules, NAMES, human_seats=(), levels="random", seed=6)
    session.run_bots()
    path = save_to_history(session, tmp_path / "history")
    again = save_to_history(session, tmp_path / "history")
    assert path != again and path.parent == tmp_path / "history"
    sheet = score_sheet(replay(json.loads(path.read_text(encoding="utf-8"))))
    assert sheet["finished"] and sheet["totals"] == session.game.totals


def test_a_link_to_nowhere_in_the_history_does_not_hold_the_game_up(tmp_path: Path) -> None:
    """A dangling symbolic link bearing the game's file name looked free (``exists``
    follows links) but could not be created: the history asked for the same name again
    and again, and the game hung at its end. The link keeps its name; the game takes the
    next one."""
    rules = preset("ascensor").override({"ladder": [1]})
    session = GameSession.new(rules, NAMES, human_seats=(), levels="random", seed=6)
    session.run_bots()
    folder = tmp_path / "history"
    folder.mkdir()
    name = game_file_name(session.game)
    (folder / name).symlink_to(tmp_path / "nowhere.json")
    kept = save_to_history(session, folder)
    assert kept.name == name.removesuffix(".json") + "-2.json"
    assert (folder / name).is_symlink() and not (tmp_path / "nowhere.json").exists()
    assert score_sheet(replay(json.loads(kept.read_text(encoding="utf-8"))))["finished"]


def test_a_new_game_refuses_a_level_that_is_no_bot() -> None:
    """A typo ("hrad") used to become a random player without a word."""
    with pytest.raises(ValueError, match="hrad is not a bot; choose among random"):
        GameSession.new(preset("classique"), NAMES, levels="hrad", seed=1)
    with pytest.raises(ValueError, match="there is no seat 4: the seats go from 0 to 3"):
        GameSession.new(preset("classique"), NAMES, human_seats=(4,), seed=1)


def test_a_level_a_saved_game_names_but_this_version_lacks_falls_back_and_says_so() -> None:
    """Resuming, the sidecar's levels are taken as they are: one this version cannot play
    goes on as a random player, and the session says so (the screen shows it)."""
    game = Game.new(preset("classique"), NAMES, first_dealer=0)
    seats = [Seat(NAMES[0], None), *(Seat(name, "no-such-level") for name in NAMES[1:])]
    session = GameSession(game, seats, seed=1)
    assert session.fallbacks == {"no-such-level": "random"}
    session.advance()
    session.run_bots()
    assert session.next_step()[0] is Step.HUMAN
    with pytest.raises(IllegalActionError, match="seat 0 has no computer player"):
        session.decide(0)
    with pytest.raises(IllegalActionError, match="there is no seat 9"):
        session.events_for(9)


def test_the_hint_is_a_legal_action_with_a_reason() -> None:
    session = GameSession.new(preset("classique"), NAMES, levels="random", seed=1)
    session.run_bots()
    view = session.view(0)
    hint = session.hint(0)
    assert hint.action in view.legal_actions
    assert hint.reason


def test_the_hint_is_the_same_each_time_for_one_decision_and_drawn_afresh_for_the_next() -> None:
    """Asked twice for one decision, the hint says the same (a player pressing the key
    again must not be told another move, or other figures); the next decision's hint has
    a seed of its own."""
    rules = preset("prime").override({"ladder": [6]})
    session = GameSession.new(rules, NAMES, human_seats=(0,), levels="random", seed=3)
    session.run_bots()
    seeds = set()
    while not session.is_over:
        view = session.view(0)
        first = session.hint(0)
        assert session.hint(0) == first
        seeds.add(session.hint_seed(view))
        session.act(0, first.action)
        session.run_bots()
    assert len(seeds) == 7  # the bid and six cards


def test_every_decision_point_of_the_largest_tables_has_a_hint_seed_of_its_own() -> None:
    """Up to 20 bids and 104 cards played in a round (20 players, two decks): no two
    decision points share a seed, across rounds too."""
    points = [
        (round_index, bids, played)
        for round_index in range(40)
        for bids in range(21)
        for played in range(105)
    ]
    seeds = {decision_seed(12345, point) for point in points}
    assert len(seeds) == len(points)
    assert decision_seed(0, (0, 10, 0)) != decision_seed(0, (1, 0, 0))


def test_bad_seats_and_levels_are_refused() -> None:
    with pytest.raises(ValueError):
        GameSession.new(preset("classique"), NAMES, human_seats=(4,))
    with pytest.raises(ValueError, match="2 levels for 4 players"):
        GameSession.new(preset("classique"), NAMES, levels=["easy", "easy"])
    with pytest.raises(ValueError, match="1 level for 4 players"):
        GameSession.new(preset("classique"), NAMES, levels=["easy"])


def test_a_reconnecting_seat_gets_the_events_it_missed_by_version() -> None:
    rules = preset("classique").override(
        {"ladder": [3], "bidding": "simultaneous", "bid_limit": "none"}
    )
    session = GameSession.new(rules, NAMES, human_seats=(), levels="random", seed=2)
    session.advance()
    session.advance()
    seen = session.version
    assert seen == 2  # the deal and one sealed bid
    session.run_bots()
    missed = session.events_since(1, seen)
    assert missed is not None
    assert [v for v, _e in missed] == list(range(seen + 1, session.version + 1))
    bids = [e for _v, e in missed if isinstance(e, BidMade)]
    assert [e.bid for e in bids if e.seat != 1] == [None, None]
    assert session.events_since(1, session.version) == []


def test_a_seat_that_missed_too_much_must_start_again_from_its_view() -> None:
    rules = preset("classique").override({"ladder": [13] * 8})
    session = GameSession.new(rules, NAMES, human_seats=(), levels="random", seed=2)
    session.run_bots()
    assert session.version > 512
    assert session.events_since(0, 0) is None
    kept = session.events_since(0, session.version - 10)
    assert kept is not None and len(kept) == 10


@pytest.mark.parametrize(
    "sidecar",
    [
        '{"seed": "x", "seats": []}',
        "not json",
        '{"seed": 5}',
        '{"seed": 5, "seats": [1, 2, 3, 4]}',
        # a level that is not a name (nor null for a human)
        '{"seed": 5, "seats": [{"level": null}, {"level": []}, {}, {}]}',
        '{"seed": 5, "seats": [{"level": null}, {"level": {}}, {}, {}]}',
        '{"seed": 5, "seats": [{"level": null}, {"level": 5}, {}, {}]}',
        '{"seed": 5, "seats": [{"level": true}, {}, {}, {}]}',
        # every seat is written with its level: a seat without one is no human
        '{"seed": 5, "seats": [{"level": null}, {}, {"level": "hard"}, {"level": "hard"}]}',
    ],
)
def test_a_damaged_sidecar_is_reported_and_the_defaults_used(tmp_path: Path, sidecar: str) -> None:
    rules = preset("prime").override({"ladder": [2]})
    session = GameSession.new(rules, NAMES, human_seats=(0,), levels="hard", seed=1)
    session.advance()
    path = session.save(tmp_path / "x.json")
    assert GameSession.resume(path).damaged_sidecar is None
    sidecar_path(path).write_text(sidecar, encoding="utf-8")
    resumed = GameSession.resume(path, level="random")
    assert resumed.damaged_sidecar == sidecar_path(path)
    assert [s.level for s in resumed.seats] == [None, "random", "random", "random"]


@pytest.mark.parametrize("level", ["ismcts", "grandmaster"])
@pytest.mark.parametrize("given", [None, "hard"])
def test_a_level_in_the_sidecar_that_cannot_play_this_table_gives_way_to_the_level_given(
    tmp_path: Path, level: str, given: str | None
) -> None:
    """OpenSpiel's bot plays only its own tables (not prime), and a name that is no level
    plays nothing: either, written in a settings file, is played at the level given for
    levels the save lost (``--level``, medium by default), which the session says (the
    screen shows its fallbacks), and the game goes on to its end."""
    session = GameSession.new(preset("prime").override({"ladder": [2]}), NAMES, seed=1)
    session.advance()
    path = session.save(tmp_path / "x.json")
    side = sidecar_path(path)
    data = json.loads(side.read_text(encoding="utf-8"))
    data["seats"][1]["level"] = level
    side.write_text(json.dumps(data), encoding="utf-8")
    resumed = GameSession.resume(path) if given is None else GameSession.resume(path, level=given)
    assert resumed.damaged_sidecar is None
    assert resumed.fallbacks == {level: given or "medium"}
    assert resumed.bots[1].name == (given or "medium")
    while not resumed.is_over:
        step, seat = resumed.next_step()
        if step is Step.HUMAN:
            assert seat is not None
            resumed.act(seat, resumed.view(seat).legal_actions[0])
        else:
            resumed.advance()
    assert len(resumed.game.results) == 1


@pytest.mark.parametrize(
    "sidecar", ['{"seed": 1e400, "seats": [{}, {}, {}, {}]}', "[" * 100_000 + "]" * 100_000]
)
def test_a_sidecar_that_breaks_the_reader_is_damaged_not_a_crash(
    tmp_path: Path, sidecar: str
) -> None:
    session = GameSession.new(preset("prime").override({"ladder": [2]}), NAMES, seed=1)
    session.advance()
    path = session.save(tmp_path / "x.json")
    sidecar_path(path).write_text(sidecar, encoding="utf-8")
    assert GameSession.resume(path).damaged_sidecar == sidecar_path(path)


def test_a_save_that_is_not_utf8_is_refused_not_a_crash(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_bytes(b'{"format": "ascenseur/1", "players": "\xe9"}')
    with pytest.raises(RecordError, match=r"x.json is not UTF-8 text \(byte 38\)"):
        GameSession.resume(path)


def test_a_hint_between_moves_worth_the_same_says_so_not_zero_more() -> None:
    """Where the move suggested scores no more than another one (a margin shown as 0.0),
    the hint says "as much as another card" rather than "0.0 more than the next best"."""
    # (a game with such a hint among the first twelve: the policy's playouts shape which)
    session = GameSession.new(preset("prime"), ["Ann", "Bob", "Cid", "Dan"], levels="hard", seed=2)
    reasons = []
    while not session.is_over and len(reasons) < 12:
        step, seat = session.next_step()
        if step is Step.HUMAN:
            hint = session.hint(0)
            reasons.append(hint.reason)
            session.act(0, hint.action)
        elif step is Step.BOT:
            assert seat is not None
            session.apply_bot(seat, session.decide(seat))
        else:
            session.advance()
    assert any(r.endswith("on average, as much as another card") for r in reasons), reasons
    assert not any(" 0.0 more than" in r for r in reasons), reasons


@pytest.mark.parametrize("seed", ["x", 1.5, True])
def test_new_refuses_a_seed_that_is_not_a_whole_number(seed: object) -> None:
    """ "x" was a TypeError from inside (can only concatenate str), and 1.5 was taken."""
    kind = type(seed).__name__
    with pytest.raises(
        TypeError, match=rf"^GameSession\.new\(\) takes an integer seed .*not {kind}$"
    ):
        GameSession.new(preset("classique"), NAMES, seed=seed)  # type: ignore[arg-type]


@pytest.mark.parametrize("names", ["ABC", b"ABC", 3])
def test_new_refuses_names_that_are_not_a_list_of_names(names: object) -> None:
    """A text was three players, A, B and C, where Game.new refuses it for that reason."""
    kind = type(names).__name__
    with pytest.raises(
        TypeError, match=rf"^GameSession\.new\(\) takes a list of names, not {kind}$"
    ):
        GameSession.new(preset("classique"), names, seed=1)  # type: ignore[arg-type]
    assert GameSession.new(preset("classique"), ("A", "B", "C"), seed=1).game.names == (
        "A",
        "B",
        "C",
    )


def test_a_save_writes_through_a_temporary_file_of_its_own(tmp_path: Path) -> None:
    """The temporary file was ``NAME.json.tmp`` for every save: a file of the user's of
    that name was written over and renamed away, and two sessions saving one game at once
    wrote into the same temporary file, so that one of them failed (no such file)."""
    mine = tmp_path / "game.json.tmp"
    mine.write_text("my notes", encoding="utf-8")
    session = GameSession.new(preset("prime").override({"ladder": [2]}), NAMES, seed=1)
    session.advance()
    path = session.save(tmp_path / "game.json")
    assert mine.read_text(encoding="utf-8") == "my notes"
    assert GameSession.resume(path).game.dealt == session.game.dealt
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "game.json",
        "game.json.tmp",
        "game.session.json",
    ]


def test_two_sessions_saving_one_file_at_once_both_succeed(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    failures: list[OSError] = []

    def save_often(seed: int) -> None:
        session = GameSession.new(preset("prime").override({"ladder": [3]}), NAMES, seed=seed)
        session.advance()
        for _i in range(150):
            try:
                session.save(path)
            except OSError as error:
                failures.append(error)

    threads = [threading.Thread(target=save_often, args=(seed,)) for seed in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    assert GameSession.resume(path).damaged_sidecar is None
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_games_that_end_at_once_each_keep_their_own_file_in_the_history(tmp_path: Path) -> None:
    """The history names a game by the second it ended: two games ending in the same
    second (two terminals) both saw the name free and the second wrote over the first."""
    folder = tmp_path / "history"
    kept: list[Path] = []

    def keep_games(seed: int) -> None:
        rules = preset("ascensor").override({"ladder": [1]})
        session = GameSession.new(rules, NAMES, human_seats=(), levels="random", seed=seed)
        session.run_bots()
        for _i in range(60):
            kept.append(save_to_history(session, folder))

    threads = [threading.Thread(target=keep_games, args=(seed,)) for seed in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(set(kept)) == 180
    records = [p for p in folder.iterdir() if not p.name.endswith(".session.json")]
    assert sorted(records) == sorted(kept)
    for path in kept:
        assert score_sheet(replay(loads(path.read_text(encoding="utf-8"))))["finished"]


def test_a_save_that_is_a_symbolic_link_is_written_through_the_link(tmp_path: Path) -> None:
    """A save kept as a link to a file elsewhere (a synchronised folder) lost its link:
    the save was written beside it and renamed over the link, and the file it pointed to
    kept the old game."""
    (tmp_path / "sync").mkdir()
    target = tmp_path / "sync" / "game.json"
    session = GameSession.new(preset("prime").override({"ladder": [2]}), NAMES, seed=1)
    session.save(target)
    link = tmp_path / "game.json"
    link.symlink_to(target)
    session.advance()
    session.save(link)
    assert link.is_symlink()
    assert GameSession.resume(target).game.dealt == session.game.dealt
    # its settings go beside the game, where it points: read alike through both names
    later = GameSession.new(preset("prime").override({"ladder": [2]}), NAMES, seed=9)
    later.save(link)
    assert not sidecar_path(link).exists()
    assert GameSession.resume(target).seed == GameSession.resume(link).seed == 9


def test_a_settings_file_saved_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    """The game beside it is read past a byte-order mark (some editors write one), but
    its settings file was then damaged: the levels and the seed were lost."""
    rules = preset("prime").override({"ladder": [2, 3]})
    session = GameSession.new(rules, NAMES, human_seats=(2,), levels="hard", seed=77)
    session.advance()
    path = session.save(tmp_path / "x.json")
    side = sidecar_path(path)
    side.write_bytes(b"\xef\xbb\xbf" + side.read_bytes())
    resumed = GameSession.resume(path)
    assert resumed.damaged_sidecar is None
    assert resumed.seats == session.seats
    assert resumed.seed == 77


@pytest.mark.parametrize(
    "change",
    [
        {"seed": 77.9},  # was read as 77
        {"seed": True},  # was read as 1
        {"seed": "77"},
        {"format": "ascenseur-session/9"},  # a settings file of another kind or version
        {"format": None},
    ],
)
def test_a_settings_file_read_otherwise_than_written_is_damaged(
    tmp_path: Path, change: dict[str, object]
) -> None:
    rules = preset("prime").override({"ladder": [2]})
    session = GameSession.new(rules, NAMES, human_seats=(0,), levels="hard", seed=77)
    session.advance()
    path = session.save(tmp_path / "x.json")
    side = sidecar_path(path)
    data = json.loads(side.read_text(encoding="utf-8"))
    side.write_text(json.dumps({**data, **change}), encoding="utf-8")
    resumed = GameSession.resume(path, level="random")
    assert resumed.damaged_sidecar == side
    assert [s.level for s in resumed.seats] == [None, "random", "random", "random"]


def test_a_settings_file_that_gives_a_key_twice_is_damaged(tmp_path: Path) -> None:
    """``"seed": 5, "seed": 6`` was read as 6 without a word."""
    rules = preset("prime").override({"ladder": [2]})
    session = GameSession.new(rules, NAMES, human_seats=(0,), levels="hard", seed=5)
    session.advance()
    path = session.save(tmp_path / "x.json")
    side = sidecar_path(path)
    side.write_text(side.read_text(encoding="utf-8").replace('"seed": 5', '"seed": 5, "seed": 6'))
    assert GameSession.resume(path).damaged_sidecar == side


def test_a_file_too_large_to_be_a_save_is_refused_not_read_to_the_end(tmp_path: Path) -> None:
    """/dev/zero or /dev/full, given to --resume, were read until the memory ran out."""
    with pytest.raises(RecordError, match=r"^/dev/zero is too large to be a saved game"):
        GameSession.resume(Path("/dev/zero"))
    path = tmp_path / "big.json"
    with path.open("wb") as handle:
        handle.truncate(MAX_RECORD_BYTES + 1)
    with pytest.raises(RecordError, match=r"big\.json is too large .*\(more than 100 MB\)$"):
        GameSession.resume(path)


@pytest.mark.parametrize("level", ["random", "easy"])
def test_a_game_saved_and_resumed_goes_on_as_it_would_have_gone_on(
    tmp_path: Path, level: str
) -> None:
    """The deals were drawn afresh on resuming, but the computer players were built anew
    and drew their choices from the start of their generators again: a seeded game saved
    and resumed was played otherwise than the same game played through."""
    rules = preset("prime").override({"ladder": [2, 4, 3]})
    through = GameSession.new(rules, NAMES, human_seats=(), levels=level, seed=8)
    through.run_bots()
    session = GameSession.new(rules, NAMES, human_seats=(), levels=level, seed=8)
    path = tmp_path / "game.json"
    steps = 0
    while not session.is_over:
        session.advance()
        steps += 1
        if steps % 3 == 0:
            session.save(path)
            session = GameSession.resume(path)
    assert dumps(session.game) == dumps(through.game)


def test_a_game_saved_without_a_name_takes_a_file_of_its_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A save without a name is named by the second it was made: two games saved in the
    same second (two terminals) were both given the name that was free, and the second
    save wrote over the first."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    game = GameSession.new(preset("prime"), NAMES, seed=1).game
    first = new_file(saves_dir(), game_file_name(game))
    second = new_file(saves_dir(), game_file_name(game))
    assert first != second
    assert first.parent == second.parent == tmp_path / "data" / "ascenseur" / "saves"
    assert first.exists() and second.exists()  # (taken: the save is written over them)


def test_the_settings_of_a_save_named_without_json_name_that_save(tmp_path: Path) -> None:
    """``mygame`` keeps its settings in ``mygame.session.json``, given which --resume
    said to resume ``mygame.json``, a file that is not there."""
    session = GameSession.new(preset("prime").override({"ladder": [2]}), NAMES, seed=1)
    path = session.save(tmp_path / "mygame")
    assert sidecar_path(path).name == "mygame.session.json"
    with pytest.raises(RecordError) as refused:
        GameSession.resume(sidecar_path(path))
    assert str(refused.value).endswith(f"resume the game itself, {path}")


def test_a_save_whose_name_is_near_the_longest_a_file_may_have_is_written(
    tmp_path: Path,
) -> None:
    session = GameSession.new(preset("prime").override({"ladder": [2]}), NAMES, seed=1)
    path = session.save(tmp_path / ("g" * 235 + ".json"))  # (and its settings beside)
    assert GameSession.resume(path).game.names == session.game.names


def test_a_settings_file_too_large_to_be_one_is_damaged_not_read_to_the_end(
    tmp_path: Path,
) -> None:
    """The game is read up to a limit; its settings file, a link to /dev/zero, was read
    until the memory ran out."""
    rules = preset("prime").override({"ladder": [2]})
    session = GameSession.new(rules, NAMES, human_seats=(0,), levels="hard", seed=5)
    session.advance()
    path = session.save(tmp_path / "x.json")
    side = sidecar_path(path)
    side.unlink()
    side.symlink_to("/dev/zero")
    assert GameSession.resume(path).damaged_sidecar == side


def test_read_at_most_stops_one_byte_past_its_limit_and_reads_a_pipe_whole() -> None:
    import io
    import os

    from ascenseur.services.session import read_at_most

    assert read_at_most(io.BytesIO(b"abc"), 10) == b"abc"
    assert read_at_most(io.BytesIO(b"x" * 3_000_000), 2_500_000) == b"x" * 2_500_001
    with open("/dev/zero", "rb") as endless:
        assert len(read_at_most(endless, 5_000_000)) == 5_000_001
    reading, writing = os.pipe()
    with os.fdopen(writing, "wb") as writer, os.fdopen(reading, "rb") as reader:
        writer.write(b"record")
        writer.close()
        assert read_at_most(reader, 100) == b"record"


def test_a_save_that_is_a_loop_of_links_is_refused_not_replaced(tmp_path: Path) -> None:
    """A link in a loop (a → b → a) was replaced by a file without a word."""
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    a.symlink_to(b)
    b.symlink_to(a)
    session = GameSession.new(preset("prime").override({"ladder": [2]}), NAMES, seed=1)
    with pytest.raises(OSError, match="symbolic links"):
        session.save(a)
    assert a.is_symlink() and b.is_symlink()


def test_a_settings_file_renamed_without_its_suffix_is_not_named_as_its_own_game(
    tmp_path: Path,
) -> None:
    """Given a settings file renamed ``settings.json``, the refusal said to resume
    ``settings.json`` itself."""
    rules = preset("prime").override({"ladder": [2]})
    session = GameSession.new(rules, NAMES, human_seats=(), levels="random", seed=1)
    session.advance()
    path = session.save(tmp_path / "x.json")
    renamed = sidecar_path(path).rename(tmp_path / "settings.json")
    with pytest.raises(RecordError) as refused:
        GameSession.resume(renamed)
    assert not str(refused.value).endswith(f"resume the game itself, {renamed}")
