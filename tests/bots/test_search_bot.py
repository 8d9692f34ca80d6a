"""The search bot: worlds from the view, policy playouts, exact endgame, budget, hints."""

from __future__ import annotations

import random
import re

from ascenseur import Card, Game, Phase, preset
from ascenseur.bots import Budget, SearchBot, make_bot
from ascenseur.bots.heuristics import choose_card
from ascenseur.bots.search import (
    Valuer,
    bid_likelihood,
    play_likelihood,
    policy_playout,
    solve_exact,
    unplayed_cards,
)
from ascenseur.i18n import decimal, language


def two_card_endgame() -> Game:
    """Three players, two cards each, clubs trump: seat 1 leads and bid 2."""
    rules = preset("prime").override({"ladder": [2]})
    game = Game.new(rules, 3, first_dealer=0)
    hands = [["QS", "4H"], ["AS", "2H"], ["KS", "3H"]]
    game.deal_hands([[Card.parse(c) for c in h] for h in hands], Card.parse("2C"))
    for bid in (2, 0, 1):  # seats 1, 2, then the dealer 0
        game.bid(bid)
    return game


def _after_the_bids(players: int, size: int, seed: int) -> Game:
    """A round of prime with ``size`` cards dealt from ``seed``, everyone having bid."""
    rules = preset("prime").override({"ladder": [size]})
    game = Game.new(rules, players, first_dealer=0)
    game.deal(random.Random(seed))
    while game.phase is Phase.BID:
        game.push(game.legal_actions()[0])
    return game


def test_the_exact_endgame_agrees_with_the_engine() -> None:
    game = two_card_endgame()
    points = solve_exact(game.copy())
    # Checked by hand: seat 1 can win only the spade trick; hearts go to the 4H of seat 0.
    played = game.copy()
    for card in ("AS", "KS", "QS", "2H", "3H", "4H"):
        played.play(card)
    assert played.results[-1].points == points


def test_policy_playouts_finish_the_round() -> None:
    game = two_card_endgame()
    policy_playout(game)
    assert game.phase is Phase.OVER
    assert sum(game.results[-1].won) == 2


def test_the_budget_bounds_the_worlds() -> None:
    rules = preset("prime").override({"ladder": [5]})
    game = Game.new(rules, 4, first_dealer=0)
    game.deal(random.Random(1))
    view = game.view(game.turn)
    bot = SearchBot(1)
    bot.choose(view, Budget(iterations=6 * len(view.legal_actions)))
    assert bot.last_worlds == 6
    assert set(bot.last_values) == set(view.legal_actions)


def _strong_hand_bids_first() -> Game:
    """Three players, five cards: seat 1, first to bid, holds four aces and the king of
    trumps (worth about 4.8 tricks to the model)."""
    rules = preset("prime").override({"ladder": [5]})
    game = Game.new(rules, 3, first_dealer=0)
    strong = [Card.parse(c) for c in ("AS", "AH", "AD", "AC", "KS")]
    weak = [Card.parse(c) for c in ("2S", "3H", "4D", "5C", "2D")]
    other = [Card.parse(c) for c in ("7S", "8H", "9D", "7C", "6D")]
    game.deal_hands([other, strong, weak], Card.parse("3S"))
    return game


def _strong_hand_bid(bid: int) -> Game:
    """The deal of :func:`_strong_hand_bids_first` after the strong hand bid ``bid``."""
    game = _strong_hand_bids_first()
    game.bid(bid)
    return game


def test_bids_weight_the_worlds_where_they_fit_the_hands() -> None:
    fitting = _strong_hand_bid(4)
    wrong = _strong_hand_bid(0)
    assert bid_likelihood(fitting, [1], False) > 50 * bid_likelihood(wrong, [1], False)


def test_a_bid_bias_moves_the_bid_that_fits_best() -> None:
    """The model may be told that players bid lower (or higher) than it would."""
    three = _strong_hand_bid(3)
    four = _strong_hand_bid(4)
    assert bid_likelihood(four, [1], False) > bid_likelihood(three, [1], False)
    assert bid_likelihood(three, [1], False, bias=-2.0) > bid_likelihood(
        four, [1], False, bias=-2.0
    )


def test_near_the_end_a_player_far_behind_values_the_chance_to_win() -> None:
    rules = preset("prime").override({"ladder": [1, 3]})
    game = Game.new(rules, 3, first_dealer=0)
    game.record_summary([0, 1, 1], [0, 1, 0])  # totals 10, 11, 0
    game.deal(random.Random(4))
    valuer = Valuer(game.view(2))
    # 13 points pass the leader when the others score nothing: worth more than its points.
    assert valuer.value([0, 0, 13]) - valuer.value([0, 0, 10]) > 3
    longer = preset("prime").override({"ladder": [1, 2, 3]})
    early = Valuer(Game.new(longer, 3).view(0))
    assert early.value([13, 0, 0]) == 13


def test_rivalry_counts_the_others_points_against_ours_until_the_last_rounds() -> None:
    rules = preset("prime").override({"ladder": [1, 2, 3]})
    early = Game.new(rules, 3, first_dealer=0)
    early.deal(random.Random(2))
    view = early.view(0)
    assert Valuer(view).value([11, 10, 0]) == 11
    assert Valuer(view, rivalry=0.5).value([11, 10, 0]) == 11 - 0.5 * (10 + 0) / 2
    # Setting an opponent is worth something even when our own points do not change.
    assert Valuer(view, rivalry=0.5).value([0, 0, 0]) > Valuer(view, rivalry=0.5).value([0, 12, 0])
    # In the last rounds the value is already the chance to finish first; no double count.
    last = Game.new(preset("prime").override({"ladder": [1, 3]}), 3, first_dealer=0)
    last.record_summary([0, 1, 1], [0, 1, 0])  # totals 10, 11, 0
    last.deal(random.Random(2))
    for points in ([11, 10, 0], [0, 13, 0], [13, 0, 13]):
        assert Valuer(last.view(0), 0.5).value(points) == Valuer(last.view(0)).value(points)
    bot = SearchBot(5, iterations=40)
    bot.rivalry = 1.0
    plain = SearchBot(5, iterations=40)
    game = two_card_endgame()
    bot.choose(game.view(game.turn))
    plain.choose(game.view(game.turn))
    assert bot.last_values != plain.last_values


def test_hints_say_why_in_one_line() -> None:
    for level in ("hard", "expert"):
        game = two_card_endgame()
        bot = make_bot(level, 1)
        hint = bot.hint(game.view(game.turn))
        assert hint.action in game.view(game.turn).legal_actions
        assert "likely deals" in hint.reason and "\n" not in hint.reason


def test_a_hint_takes_a_budget_and_counts_only_the_deals_it_played() -> None:
    """A hint with a small budget is the move ``choose`` makes with that budget, and its
    line counts the deals actually searched, not the pool drawn for a larger budget."""
    rules = preset("prime").override({"ladder": [5]})
    game = Game.new(rules, 3, first_dealer=0)
    game.deal(random.Random(4))
    view = game.view(game.turn)
    small = Budget(seconds=1e-6)  # spent before the first deal: the four deals at least
    for level in ("hard", "expert"):
        hint = make_bot(level, 2).hint(view, small)
        chooser = make_bot(level, 2)
        assert hint.action == chooser.choose(view, small)
        worlds = int(re.findall(r" over (\d+) likely deals?\b", hint.reason)[0])
        assert 1 <= worlds <= 4, hint.reason
        assert worlds == chooser.last_worlds


def test_a_hint_over_a_single_deal_says_deal_not_deals() -> None:
    """When the bids pin the deal down, the tree may play a single world of its pool (the
    weights of the others vanish): the line then says "over 1 likely deal", in every
    language. Here the bids are trusted to a twentieth of a trick (``bid_sigma``)."""
    rules = preset("prime").override({"ladder": [5]})
    game = Game.new(rules, 3, first_dealer=0)
    game.deal(random.Random(3))
    bidder = make_bot("rules", 1)
    while game.phase is Phase.BID:
        game.bid(bidder.choose(game.view(game.turn)))
    view = game.view(game.turn)
    for lang, single in (("en", ": over 1 likely deal it "), ("fr", " : sur 1 donne probable,")):
        with language(lang):
            bot = make_bot("expert", 2)
            assert isinstance(bot, SearchBot)
            bot.bid_sigma = 0.005
            reason = bot.hint(view).reason
            assert bot.last_worlds == 1
            assert single in reason, reason


def test_a_hint_near_the_end_of_a_game_says_points_a_round_can_score() -> None:
    """In the last rounds a move is chosen for its points and the chance to finish first;
    the hint must still say points the round can give, not that mixed value."""
    rules = preset("prime").override({"ladder": [2, 3]})
    for level in ("hard", "expert"):
        game = Game.new(rules, 3, first_dealer=0)
        game.deal(random.Random(8))
        bot = make_bot(level, 1)
        view = game.view(game.turn)
        hint = bot.hint(view)
        assert "chosen counting the chance to finish first too" in hint.reason
        said = float(hint.reason.split(" it scores ")[1].split(" on average")[0])
        best_possible = 10 + view.hand_size  # prime: 10 + 1 per trick, all the tricks
        assert 0 <= said <= best_possible, hint.reason
        assert bot.last_values[hint.action] > said  # the value counted the chance too


def test_the_search_bot_takes_the_only_trick_it_can_win_when_it_needs_one() -> None:
    game = two_card_endgame()
    bot = SearchBot(3, iterations=40)
    # Seat 1 bid 2 but can only ever win the spade trick: it must cash AS first.
    assert bot.choose(game.view(1)) == Card.parse("AS")


def test_cards_played_against_the_policy_make_a_world_less_likely() -> None:
    game = _after_the_bids(3, 4, 11)
    observer = 0
    off_policy = 0
    for _ in range(6):  # two tricks: the others' cards alternate policy and not
        seat = game.turn
        legal = game.legal_mask()
        if seat == observer or legal & (legal - 1) == 0:
            game.push(game.legal_actions()[0])
            continue
        chosen, _why = choose_card(
            game.hands[seat],
            legal,
            game.trick,
            3,
            game.trump_suit,
            game.table.strength,
            game.bids[seat] - game.won[seat],
            unplayed_cards(game) & ~game.hands[seat],
        )
        if off_policy == 0:
            game.push(next(c for c in game.legal_actions() if c != chosen))
            off_policy += 1
        else:
            game.push(chosen)
    view = game.view(observer)
    assert play_likelihood(game, observer, view, 0.5) == 0.5
    assert play_likelihood(game, observer, view, 1.0) == 1.0


def test_candidates_clearly_behind_stop_being_simulated() -> None:
    rules = preset("prime").override({"ladder": [6]})
    game = Game.new(rules, 4, first_dealer=0)
    game.deal(random.Random(5))
    view = game.view(game.turn)
    pruning = SearchBot(2, iterations=2_000, prune_z=2.0, prune_after=16)
    best = pruning.choose(view)
    assert set(pruning.last_values) == set(view.legal_actions)
    assert best in pruning.last_alive
    assert len(pruning.last_alive) < len(view.legal_actions)
    values = pruning.last_values
    assert all(values[a] < values[best] for a in view.legal_actions if a not in pruning.last_alive)


def test_bids_may_have_their_own_larger_budget() -> None:
    rules = preset("prime").override({"ladder": [5]})
    game = Game.new(rules, 3, first_dealer=0)
    game.deal(random.Random(1))
    view = game.view(game.turn)
    bot = SearchBot(1, iterations=60, bid_iterations=600)
    bot.choose(view)
    assert bot.last_worlds == 600 // len(view.legal_actions)
    game.push(bot.choose(view))
    while game.phase is Phase.BID:
        game.push(game.legal_actions()[0])
    bot.choose(game.view(game.turn))
    assert bot.last_worlds == max(4, 60 // len(game.legal_actions()))


def test_noisy_playouts_let_the_others_stray_from_the_model() -> None:
    game = _after_the_bids(4, 6, 8)
    steady = []
    noisy = []
    for seed in range(12):
        a = game.copy()
        policy_playout(a)
        steady.append(a.tricks)
        b = game.copy()
        policy_playout(b, 1.0, random.Random(seed), steady=game.turn)
        assert b.phase is not Phase.PLAY
        noisy.append(tuple(b.tricks))
    assert len({tuple(t) for t in steady}) == 1
    assert len(set(noisy)) > 1


def test_the_tree_search_spends_its_budget_and_plays_its_most_visited_move() -> None:
    game = _after_the_bids(3, 5, 4)
    view = game.view(game.turn)
    bot = SearchBot(1, iterations=300)
    bot.tree = True
    action = bot.choose(view)
    assert action in view.legal_actions
    assert bot.last_iterations == 300
    assert 1 < bot.last_worlds <= 150  # the deals played, drawn from a pool of 150 by weight
    assert sum(bot.last_visits.values()) == 300
    assert set(bot.last_visits) == set(view.legal_actions)  # every move tried
    assert bot.last_visits[action] == max(bot.last_visits.values())
    # Same seed, same view: same decision.
    again = SearchBot(1, iterations=300)
    again.tree = True
    assert again.choose(view) == action and again.last_visits == bot.last_visits


def test_the_tree_search_bids_and_takes_the_only_trick_it_can_win() -> None:
    game = two_card_endgame()
    bot = SearchBot(3, iterations=60)
    bot.tree = True
    assert bot.choose(game.view(1)) == Card.parse("AS")
    rules = preset("prime").override({"ladder": [4]})
    bidding = Game.new(rules, 4, first_dealer=0)
    bidding.deal(random.Random(2))
    view = bidding.view(bidding.turn)
    bid = bot.choose(view)
    assert bid in view.legal_actions and "likely deals" in bot.hint(view).reason


def test_in_the_tree_noisy_opponents_stray_from_the_model() -> None:
    """With ``playout_noise`` the others sometimes play a random card in the tree and the
    playouts too; without it, every card they play there is the policy's."""
    game = _after_the_bids(3, 4, 9)
    view = game.view(game.turn)
    values = {}
    for noise in (0.0, 0.5):
        bot = SearchBot(5, iterations=200, exact=False)
        bot.tree = True
        bot.playout_noise = noise
        assert bot.choose(view) in view.legal_actions
        values[noise] = bot.last_values
    assert values[0.0] != values[0.5]
    steady = SearchBot(5, iterations=200, exact=False)
    steady.tree = True
    steady.choose(view)
    assert steady.last_values == values[0.0]


def test_the_tree_searches_our_later_moves_below_the_others_policy_moves() -> None:
    game = _after_the_bids(3, 4, 9)
    bot = SearchBot(5, iterations=400)
    bot.tree = True
    bot.choose(game.view(game.turn))
    # Below our first card, the two others move by the policy (one child each per world
    # where they differ), and our second card is searched in turn: the tree is deeper
    # than one move.
    assert bot.last_depth >= 4


def test_the_exact_endgame_memo_gives_the_same_values() -> None:
    memo: dict[tuple[object, ...], tuple[int, ...]] = {}
    for seed in range(6):
        game = _after_the_bids(3, 3, seed)
        for _ in range(seed % 3):
            game.push(game.legal_actions()[0])
        plain = solve_exact(game.copy())
        assert solve_exact(game.copy(), memo) == plain
        assert solve_exact(game.copy(), memo) == plain  # the second time from the memo
    assert memo


def test_past_a_long_hand_the_tree_spends_proportionally_fewer_plays_and_worlds() -> None:
    """A card play costs more with more cards in the hands: past ``long_hand`` cards the tree
    gets the plays and the worlds of its budget in proportion (so that a decision costs about
    what it does at that size); up to it, the budget is untouched."""
    rules = preset("prime").override({"decks": 2, "ladder": [26]})
    game = Game.new(rules, 3, first_dealer=0)
    game.deal(random.Random(5))
    view = game.view(game.turn)
    plays = 3 * 26 + 3  # the card plays of one playout from the bids
    whole = SearchBot(1, iterations=1_500, max_plays=20_000)
    whole.tree = True
    whole.choose(view)
    assert whole.last_iterations == 20_000 // plays
    halved = SearchBot(1, iterations=1_500, max_plays=20_000)
    halved.tree = True
    halved.long_hand = 13
    halved.choose(view)
    assert halved.last_iterations == 10_000 // plays  # 13 / 26 of the plays
    assert halved.last_worlds <= 128 < whole.last_worlds  # from a pool of 256 · 13 / 26
    # The expert level is such a tree past 17 cards, the longest hand one deck deals: at 26
    # cards it spends 17 / 26 of its 40,000 plays.
    expert = make_bot("expert", 1)
    expert.choose(view)
    assert isinstance(expert, SearchBot)
    assert expert.last_iterations == 40_000 * 17 // 26 // plays
    # Up to the long hand, nothing changes.
    after = _after_the_bids(3, 13, 4)
    short = after.view(after.turn)
    decisions = []
    for long_hand in (None, 13):
        bot = SearchBot(2, iterations=200, max_plays=5_000)
        bot.tree = True
        bot.long_hand = long_hand
        decisions.append((bot.choose(short), bot.last_iterations, bot.last_visits))
    assert decisions[0] == decisions[1]


def test_a_table_that_pays_nothing_or_less_for_a_made_bid_is_searched_the_right_way_up() -> None:
    """The tree's rewards are divided by what a round is worth: for a table that pays
    nothing for a made bid (penalties only) that unit must not be zero, nor negative for one
    that charges for it (the search would then pick the move it values worst)."""
    tables = [
        {"made_base": 0, "made_per_trick": 0, "missed_per_trick": 0, "missed_per_diff": 5},
        {"made_base": -5, "made_per_trick": 1, "missed_per_trick": 0, "missed_per_diff": 10},
    ]
    for table in tables:
        rules = preset("classique").override(
            {
                "scoring": table,
                "ladder": [2],
                "trump": "none",
                "bid_limit": "none",
                "strip_to_multiple": False,
            }
        )
        game = Game.new(rules, ["A", "B", "C"], first_dealer=0)
        # B holds both aces with no trump: bidding 2 is the only bid that is surely made.
        game.deal_hands([["2C", "3C"], ["AS", "AH"], ["4D", "5D"]], None)
        view = game.view(1)
        assert Valuer(view).scale > 0
        for level in ("hard", "expert"):
            bot = make_bot(level, seed=1)
            hint = bot.hint(view, Budget(iterations=200))
            assert hint.action == 2, (table, level, hint.reason)
            assert hint.action == max(bot.last_values, key=bot.last_values.__getitem__)


def test_the_hint_of_the_tree_never_calls_its_move_worse_than_another() -> None:
    """``expert`` plays the move its tree visited most, whose mean may trail a move tried
    on fewer deals: its hint then says so, never "-0.7 more than the next best card" (or,
    by a margin that reads 0.0, that it scores as much as another move)."""
    trailing = []
    # The deals played until one has such a move: which do depends on the policy's playouts
    # (deal 35 had one, then 36, as the policy changed).
    for deal in range(36, 46):
        game = Game.new(preset("prime").override({"ladder": [4]}), 4, first_dealer=0)
        game.deal(random.Random(deal))
        while not game.is_over:
            bot = make_bot("expert", seed=1)
            hint = bot.hint(game.view(game.turn))
            assert not re.search(r"-\d", hint.reason), hint.reason  # no negative figure
            values = bot.last_values
            if values and values[hint.action] < max(values.values()):
                if decimal(max(values.values()) - values[hint.action]) == decimal(0.0):
                    assert re.search(r"as much as another (card|bid)$", hint.reason), hint.reason
                else:
                    trailing.append(hint.reason)
                    assert hint.reason.endswith("the search came back to it most often"), (
                        hint.reason
                    )
            game.act(hint.action)
        if trailing:
            break
    assert trailing  # (a move whose mean trails another's, by a margin that shows)
