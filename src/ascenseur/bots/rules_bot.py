"""The ``rules`` bot: a rule-based player a human would find sensible.

It bids from the worth of its hand (each card's chance to win a trick, from the cards it has
not seen, the trump, the hand size), shifted by what was bid before it, and plays to make its
bid exactly (see :mod:`ascenseur.bots.heuristics`). Near the end of a game it looks at the
score: far behind in the last round it bids for the points it needs; otherwise it bids the
most likely number of tricks.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ascenseur.core.cards import Card, mask_of
from ascenseur.core.engine import SUIT_OF, Phase, table_for
from ascenseur.core.rules import BidLimit
from ascenseur.core.view import PlayerView
from ascenseur.i18n import _, decimal, ngettext

from .base import Budget, Hint, legal_actions_of
from .heuristics import (
    SURE_CHANCE,
    Why,
    blind_chance,
    certain_tricks,
    choose_card,
    hand_expectation,
    keen_after,
    leads_a_sure_trick,
    legal_bid_near,
    nearest_bid,
    preferred_bid,
    shifted_worth,
    trick_need,
    trick_variance,
)

SURE = SURE_CHANCE


class ViewFacts:
    """What a view says, as the bitmasks and numbers the policy works on."""

    __slots__ = ("deck", "strength", "trump", "unknown")

    def __init__(self, view: PlayerView) -> None:
        table = table_for(view.rules, view.names)
        self.deck: tuple[int, ...] = table.deck
        self.strength: Sequence[int] = table.strength
        self.trump = SUIT_OF[view.trump_card] if view.trump_card is not None else -1
        self.unknown = mask_of(view.unseen_cards())


def prior_bids(view: PlayerView) -> list[int]:
    """The bids made before this player's, in bidding order (none when bids are sealed)."""
    n = view.players
    first = (view.dealer + 1) % n
    out = []
    for i in range(n):
        seat = (first + i) % n
        if seat == view.seat:
            break
        bid = view.bids[seat]
        if bid is not None:
            out.append(bid)
    return out


def blind_bids(view: PlayerView) -> dict[int, int]:
    """In a blind round, the bids made by players who saw this player's card (seat → bid),
    but not those the bid limit forced: a bid with no other choice says nothing of the
    cards, and under ``under`` in a round of one card every bid is 0. (The hook binds only
    the dealer, who bids last: nobody reads that bid.)"""
    if view.rules.bid_limit is BidLimit.UNDER and view.hand_size == 1:
        return {}
    return {s: b for s, b in enumerate(view.bids) if b is not None and s != view.seat}


def hand_worth(view: PlayerView, facts: ViewFacts) -> tuple[float, int, list[tuple[Card, float]]]:
    """The expected tricks of this player's hand, how many are nearly sure, and each card's
    chance (empty in a blind round, where the player does not see its card)."""
    if view.hand is None:
        visible = {s: mask_of(c) for s, c in view.visible_hands.items()}
        p = blind_chance(
            view.seat,
            (view.dealer + 1) % view.players,
            visible,
            facts.unknown,
            view.players,
            facts.trump,
            facts.strength,
            bids=blind_bids(view),
        )
        return p, int(p >= SURE), []
    return hand_expectation(
        mask_of(view.hand),
        facts.unknown,
        view.players,
        view.hand_size,
        facts.trump,
        facts.strength,
        facts.deck,
        view.trump_card is not None,
        before=(view.seat - view.dealer - 1) % view.players,
    )


def made_points(view: PlayerView, bid: int) -> int:
    scoring = view.rules.scoring
    return scoring.made_base + scoring.made_per_trick * bid


def catch_up_bid(view: PlayerView, bid: int, legal: Sequence[int], expected: float) -> int:
    """In the last round of a game, a player far behind bids for the points it needs to win
    (a risk worth taking: making the likely bid would lose anyway); a leader keeps the safe
    bid."""
    if view.rounds <= 1 or view.round_index != view.rounds - 1:
        return bid
    mine = view.totals[view.seat]
    best_other = max(t for s, t in enumerate(view.totals) if s != view.seat)
    gap = best_other - mine
    if gap < 0 or made_points(view, bid) > gap:
        return bid
    for higher in sorted(b for b in legal if bid < b <= expected + 2.5):
        if made_points(view, higher) > gap:
            return higher
    return bid


class RulesBot:
    """A sensible rule-based player; ``noise`` > 0 makes it err like a beginner (the
    ``easy`` level): a bid off by one, now and then a card played without thought."""

    name = "rules"

    def __init__(self, seed: int | None = None, noise: float = 0.0) -> None:
        self.rng = random.Random(seed)
        self.noise = noise
        if noise:
            self.name = "easy"

    def choose(self, view: PlayerView, budget: Budget | None = None) -> int:
        # (no reason: its words and numbers would load the catalogs and Babel's locale data
        # into every process that only plays, a tournament's workers among them)
        return self._decide(view, budget, explain=False)[0]

    def hint(self, view: PlayerView, budget: Budget | None = None) -> Hint:
        action, reason = self.decide(view, budget)
        return Hint(action, reason)

    def decide(self, view: PlayerView, budget: Budget | None = None) -> tuple[int, str]:
        """The action and its reason in a player's words (a budget is checked, not used:
        a rule-based choice takes no time)."""
        return self._decide(view, budget, explain=True)

    def _decide(self, view: PlayerView, budget: Budget | None, *, explain: bool) -> tuple[int, str]:
        """The action, and its reason when ``explain`` (else ``""``): the same action
        either way, drawing the same numbers from the generator."""
        legal = legal_actions_of(view, budget)
        if view.phase is Phase.BID:
            return self._bid(view, legal, explain)
        return self._play(view, legal, explain)

    def _bid(self, view: PlayerView, legal: Sequence[int], explain: bool) -> tuple[int, str]:
        facts = ViewFacts(view)
        expected, sure, chances = hand_worth(view, facts)
        # In the blind round (no chances per card) the one card wins or not.
        variance = trick_variance(chances, expected) if chances else expected * (1 - expected)
        scoring = view.rules.scoring
        size, players, prior = view.hand_size, view.players, prior_bids(view)
        # (in the blind round, the bids before this one were read from this card already)
        read = view.hand is None and bool(blind_bids(view))
        worth = expected if read else shifted_worth(expected, prior, size, players)
        preferred = preferred_bid(worth, size, scoring, variance, players)
        bid = legal_bid_near(preferred, worth, sure, legal)
        safe = bid
        bid = caught_up = catch_up_bid(view, bid, legal, expected)
        if self.noise and self.rng.random() < self.noise:
            near = [b for b in legal if abs(b - bid) == 1]
            if near:
                # (an easy player's slip: the reasons below are for the bid it slipped from)
                bid = self.rng.choice(near)
                if not explain:
                    return bid, ""
                return bid, _("bid {bid}: a bid made without much thought").format(bid=bid)
        if not explain:
            return bid, ""
        nearest = nearest_bid(worth, size)
        if bid == caught_up > safe:  # (the reasons below are those of the safe bid)
            reason = _(
                "bid {bid}: this hand should take about {expected} tricks, but so far behind "
                "in the last round only a higher bid can still win the game"
            ).format(bid=bid, expected=decimal(expected))
        elif view.forbidden_bid is not None and preferred == view.forbidden_bid != bid:
            reason = _(
                "bid {bid}: {forbidden} is not allowed, and {bid} keeps the sure tricks"
            ).format(bid=bid, forbidden=view.forbidden_bid)
        elif preferred not in legal and preferred != bid:
            reason = _("bid {bid}: {preferred} is not allowed, {bid} is the nearest").format(
                bid=bid, preferred=preferred
            )
        elif bid == preferred != nearest and view.hand is not None:
            reason = _(
                "bid {bid}: this hand should take about {expected} tricks, and under this "
                "scoring {bid} is worth more on average than {nearest}"
            ).format(bid=bid, expected=decimal(worth), nearest=nearest)
        elif view.hand is None and read:
            reason = _(
                "bid {bid}: from the others' cards and the bids of those who saw yours, yours "
                "wins {chance} times in 100"
            ).format(bid=bid, chance=round(100 * expected))
        elif view.hand is None:
            reason = _(
                "bid {bid}: from the others' cards, yours wins {chance} times in 100"
            ).format(bid=bid, chance=round(100 * expected))
        else:
            reason = _(
                "bid {bid}: this hand should take about {expected} tricks, {sure} nearly sure"
            ).format(bid=bid, expected=decimal(expected), sure=sure)
        return bid, reason

    def _play(self, view: PlayerView, legal: Sequence[int], explain: bool) -> tuple[int, str]:
        facts = ViewFacts(view)
        hand = mask_of(view.hand or ())
        bid = view.bids[view.seat]
        bid = bid if bid is not None else 0
        won = view.won[view.seat]
        need = trick_need(bid, won, len(view.hand or ()), view.rules.scoring)
        card, why = choose_card(
            hand,
            mask_of(legal),
            [c for _, c in view.trick],
            view.players,
            facts.trump,
            facts.strength,
            need,
            facts.unknown,
            keen_after(view.seat, len(view.trick), view.players, view.bids, view.won),
        )
        if self.noise and self.rng.random() < self.noise / 2:
            card = self.rng.choice(legal)  # type: ignore[assignment]
            return card, _("a card played without much thought") if explain else ""
        if not explain:
            return card, ""
        if won > bid and need > 0 and why is not Why.ONLY:
            return card, _(
                "{card}: your bid is missed already, and every further trick still scores"
            ).format(card=card.display())
        if (
            why is Why.LEAD_SAFE
            and need > 0
            and leads_a_sure_trick(card, facts.trump, facts.strength, facts.unknown)
        ):
            # Every card it may lead wins (the safest one did): the extra trick is taken
            # whatever it does, and the hint must not say "lose this one".
            return card, _(
                "{card}: nobody can beat any card you hold, so this trick is one more than "
                "you need, whatever you lead"
            ).format(card=card.display())
        certain = (
            why not in (Why.DUCK, Why.LEAD_SAFE)
            or certain_tricks(hand & ~(1 << card), facts.trump, facts.strength, facts.unknown)
            >= need
        )
        return card, play_reason(why, card, need, certain=certain)


def play_reason(why: Why, card: Card, need: int, *, certain: bool = True) -> str:
    """One line a player can read for a card chosen by the policy. ``certain``: the tricks
    still needed (``need`` > 0 with a duck or a safe lead) win whatever the others do, not
    only likely (masters of a side suit may be thrown away on another suit led)."""
    shown = card.display()
    need = max(need, 0)
    needing = {
        Why.WIN_CHEAPLY: ngettext(
            "{card}: you need {need} more trick, and this card wins it cheaply",
            "{card}: you need {need} more tricks, and this card wins this one cheaply",
            need,
        ),
        Why.WIN_HIGH: ngettext(
            "{card}: you need {need} more trick, your best chance to win this one",
            "{card}: you need {need} more tricks, your best chance to win this one",
            need,
        ),
        Why.RUFF: ngettext(
            "{card}: you need {need} more trick and cannot follow, so trump low",
            "{card}: you need {need} more tricks and cannot follow, so trump low",
            need,
        ),
        Why.DRAW_TRUMPS: ngettext(
            "{card}: you need {need} more trick, draw trumps with your best one",
            "{card}: you need {need} more tricks, draw trumps with your best one",
            need,
        ),
        Why.LEAD_MASTER: ngettext(
            "{card}: you need {need} more trick, and nobody can beat this card in its suit",
            "{card}: you need {need} more tricks, and nobody can beat this card in its suit",
            need,
        ),
    }
    if why in needing:
        return needing[why].format(card=shown, need=need)
    if need and why in (Why.DUCK, Why.LEAD_SAFE) and not certain:
        # Tricks still needed, as many masters in hand, some of which may be thrown away.
        return ngettext(
            "{card}: the trick you still need should come from your best cards, lose this "
            "one meanwhile",
            "{card}: the {need} tricks you still need should come from your best cards, lose "
            "this one meanwhile",
            need,
        ).format(card=shown, need=need)
    if need and why in (Why.DUCK, Why.LEAD_SAFE):
        # Tricks still needed, and at least as many sure ones in hand: it loses this one.
        return ngettext(
            "{card}: the trick you still need is sure in your hand, lose this one meanwhile",
            "{card}: the {need} tricks you still need are sure in your hand, lose this one "
            "meanwhile",
            need,
        ).format(card=shown, need=need)
    messages = {
        Why.CANNOT_WIN: _("{card}: you cannot win this trick, keep your good cards"),
        Why.DUCK: _("{card}: you have your tricks, dump your most dangerous card that loses"),
        Why.FORCED_WIN: _("{card}: every card wins, so get rid of the highest"),
        Why.FORCED_UNDER: _("{card}: every card beats the trick so far, play low and hope"),
        Why.FORCED_ALONE: _(
            "{card}: every card beats the trick so far and the players after you have their "
            "tricks, so it is likely yours: get rid of the highest"
        ),
        Why.LEAD_TRUMP: _("{card}: you need every trick, draw the trumps"),
        Why.LEAD_LOW: _("{card}: lead low from your longest suit and keep your honours"),
        Why.LEAD_SHORT: _(
            "{card}: your only card of its suit: lead it now, to trump that suit later"
        ),
        Why.LEAD_SAFE: _("{card}: you have your tricks, lead the card most likely to lose"),
        Why.TAKE_ALL: _("{card}: you need every remaining trick, play your strongest"),
        Why.ONLY: _("{card}: the only card you may play"),
        Why.WIN_LAST: _(
            "{card}: the last trick you need, taken with your highest winning card so that "
            "the cards you keep are likelier to lose"
        ),
    }
    return messages[why].format(card=shown)
