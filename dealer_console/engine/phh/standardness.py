"""Whether a hand's standard PHH fields alone replay it: the reasons a standard reader would play another hand.

A PHH reader (pokerkit, the standard's own) knows only the standard fields. Where the hand used
something those fields cannot say, or a rule that such a reader applies otherwise, the file is
marked not standard (docs/phh.md, What other PHH readers can replay) and the exact hand is in the
``_dealer_console_*`` fields.
"""

from __future__ import annotations

from dealer_console.engine.events import BetPlaced, BlindKind, BlindPosted, RaisedTo, WentAllIn
from dealer_console.engine.games import MississippiPreflopOrder, Structure
from dealer_console.engine.hand import Hand, Phase
from dealer_console.engine.phh.errors import PHHError
from dealer_console.engine.phh.fields import FieldReader
from dealer_console.engine.phh.notation import STANDARD_OMAHA_CODES, blind_plan, forced_bets, phh_variant_code

__all__ = ["nonstandard_reasons"]


def nonstandard_reasons(hand: Hand) -> tuple[str, ...]:
    """Why the standard fields of ``hand`` would make a standard reader replay another hand (empty: they would not)."""
    reasons = _shape_reasons(hand)
    if hand.phase is not Phase.MISDEALT:
        reasons.extend(_rule_reasons(hand))
        reasons.extend(_settlement_reasons(hand))
    return tuple(dict.fromkeys(reasons))


def _shape_reasons(hand: Hand) -> list[str]:
    """What the standard fields cannot say: the game, a misdeal, runs, posts and blinds where PHH does not read them."""
    reasons = []
    game = hand.setup.game
    standard = STANDARD_OMAHA_CODES.get(phh_variant_code(game))
    if standard is None or standard[1] != game.variant:
        reasons.append(f"the game ({game.variant.name}, {game.structure.value}) is not one PHH defines")
    if hand.phase is Phase.MISDEALT:
        reasons.append("a misdeal (PHH has none)")
    if hand.run_count > 1:
        reasons.append("several runs (PHH has no notation for them)")
    blinds = [event for event in hand.events_in_force if isinstance(event, BlindPosted)]
    if any(event.blind is BlindKind.LIVE for event in blinds):
        reasons.append("a live post (a PHH reader takes it for a straddle)")
    if game.house.mississippi_preflop_order is not MississippiPreflopOrder.SMALL_BLIND_FIRST and any(
            event.blind is BlindKind.MISSISSIPPI for event in blinds):
        reasons.append("a Mississippi straddle without the small blind first")
    _, posted = forced_bets(hand)
    if len(posted) == 2:
        posted.reverse()
    try:
        plan = blind_plan(FieldReader({}, "export"), posted, list(hand.seats))
        usual = (plan.small_blind_seat, plan.big_blind_seat) == (hand.small_blind_seat, hand.big_blind_seat)
    except PHHError:
        usual = False
    if not usual:
        reasons.append("blinds not on the two seats left of the button")
    return reasons


def _rule_reasons(hand: Hand) -> list[str]:
    """Forced bets and all-ins that standard readers size otherwise than the house's rules."""
    reasons = []
    game = hand.game
    limit = game.structure is Structure.LIMIT
    replay = Hand(hand.setup)
    short_on: int | None = None
    """The street of a short all-in that PHH readers size from zero: it matters only if someone raises after it."""
    for event in hand.events_in_force:
        if short_on is not None and replay.street != short_on:
            short_on = None
        if isinstance(event, BlindPosted) and event.blind is BlindKind.BIG and event.amount < game.stakes.big_blind:
            reasons.append("a big blind posted all-in for less (PHH readers let the others call the short blind)")
        if isinstance(event, BetPlaced | RaisedTo | WentAllIn):
            seat = event.seat
            all_in_to = replay.bets[seat] + replay.stacks[seat]
            to = all_in_to if isinstance(event, WentAllIn) else event.amount
            legal = replay.legal_actions()
            if short_on == replay.street and to > replay.current_bet:
                reasons.append("a raise after a short all-in sized from the big blind (PHH readers size it from zero)")
            if legal is not None and to == all_in_to and to > replay.current_bet:
                if limit and to - replay.current_bet < game.stakes.limit_bet(replay.street):
                    reasons.append("a limit all-in for less than a bet (the half-bet rule)")
                if not limit and legal.min_to == to:
                    short_on = replay.street
        replay.apply(event)
    return reasons


def _settlement_reasons(hand: Hand) -> list[str]:
    """Rake, low halves and odd chips a standard reader would award otherwise."""
    result = hand.result
    if result is None:
        return []
    reasons = []
    if result.rake or result.jackpot:
        reasons.append("rake or a jackpot drop taken (PHH has no field for them)")
    unit = hand.game.stakes.chip_unit
    main_lows = {(s.run, s.board) for s in result.pots[0].shares if s.half == "low"} if result.pots else set()
    for pot in result.pots:
        contested = {(s.run, s.board) for s in pot.shares if s.hand}
        lows = {(s.run, s.board) for s in pot.shares if s.half == "low"}
        if hand.game.variant.hi_lo and (contested - lows) & main_lows:
            reasons.append("a pot without a qualifying low while another has one (PHH readers decide the low per board)")
        if any(len(share.winners) >= 3 and (share.amount // unit) % len(share.winners) >= 2 for share in pot.shares):
            reasons.append("several odd chips among three or more tied hands")
    return reasons
