"""What the dealer may do now, with its amounts, as values the screen shows and sends back.

Computed from the engine's legal actions (:meth:`~dealer_console.engine.hand.Hand.legal_actions`) and the session's
queries: Check / Call 40 / Bet 20 (min) / Pot: raise to 80 / the keypad's range / All-in 180; posting a straddle;
dealing the hole cards or the street due; discards; runs; showdown; the next hand; undo and misdeal. Each
:class:`Offer` carries the command that takes it (``None`` for those the screen answers with a dialog).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from dealer_console.engine.cards import Card
from dealer_console.engine.events import (
    BetPlaced,
    BlindKind,
    BlindPosted,
    BoardDealt,
    Called,
    CardsShown,
    Checked,
    Discarded,
    Event,
    Folded,
    HoleCardsDealt,
    Mucked,
    RaisedTo,
    RestraddleConsent,
    RunsChosen,
    SeatEvent,
    WentAllIn,
)
from dealer_console.engine.games import Structure
from dealer_console.engine.hand import Hand, LegalActions, Phase
from dealer_console.live import queries
from dealer_console.live.card_requests import BoardTarget
from dealer_console.live.commands import (
    AllIn,
    Call,
    Check,
    ChooseRuns,
    Command,
    DealBoard,
    DealHoleCards,
    DeclareMisdeal,
    Discard,
    Fold,
    Muck,
    PostMississippi,
    PostStraddle,
    Show,
    StartHand,
    Undo,
    Wager,
)
from dealer_console.live.table_session import TableSession

__all__ = ["MAX_DISCARDS_OFFERED", "Offer", "OfferKind", "offers_now", "pot_sized_raise_to"]

MAX_DISCARDS_OFFERED = 6
"""At most this many cards are offered to discard (the hand's first ones)."""


class OfferKind(enum.Enum):
    """What an offer is, named as the screen's buttons are."""

    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    MIN = "min"
    POT = "pot"
    WAGER = "wager"
    ALL_IN = "all_in"
    DISCARD = "discard"
    DEAL_HOLE_CARDS = "deal_hole_cards"
    DEAL_BOARD = "deal_board"
    TYPE_BOARD = "deal_typed"
    STRADDLE = "straddle"
    MISSISSIPPI = "mississippi"
    RESTRADDLE = "restraddle"
    EXTRA_BOARDS = "extra_boards"
    RUNS = "runs"
    SHOW = "show"
    TYPE_SHOWN = "show_typed"
    MUCK = "muck"
    NEXT_HAND = "next_hand"
    UNDO = "undo"
    MISDEAL = "misdeal"


@dataclass(frozen=True, slots=True)
class Offer:
    """One thing the dealer may do now: its kind, whose it is, its amounts, and the command that takes it."""

    kind: OfferKind
    command: Command | None
    """What the session performs when the dealer takes the offer (``None``: the screen opens a dialog for it)."""
    seat: int | None = None
    amount: int = 0
    """The call's chips, the bet or raise-to total, the all-in total, the straddle."""
    low: int = 0
    """The keypad's smallest bet or raise-to."""
    high: int = 0
    """The keypad's largest bet or raise-to."""
    raising: bool = False
    """A raise (True) or a bet (False)."""
    index: int = 0
    """A discard's position in the hand; a street's number (0 flop, 1 turn, 2 river)."""
    card: Card | None = None
    """A discard's card (``None``: not seen)."""
    runs: int = 0
    """The runs a contender chooses; the runs planned when a street is dealt."""
    target: BoardTarget | None = None
    boards: int = 1
    """How many boards the game deals (a street's offer names its board when more than one)."""
    names_seat: bool = False
    """The screen names the seat (a fold while a discard is owed: the player to act may not be the one discarding)."""
    call: int = 0
    """A bet's, raise's or all-in's chips to call first (the screen says "to 180, call 173")."""
    undoes: str = ""
    """What an undo takes back: the latest event's kind (``hole cards``, ``board``, ``action``, ``discard``, ``straddle``,
    ``runs``, ``shown``, ``muck``, ``consent``, ``blind`` for a blind, post or ante) with ``seat`` its seat; cards dealt are asked about first."""

    @property
    def takes_back_cards(self) -> bool:
        """An undo that would take back cards already dealt (the screen asks once before)."""
        return self.undoes in ("hole cards", "board")

    @property
    def above_min(self) -> bool:
        """The minimum bet or raise, when larger ones may be made (the screen says "(min)")."""
        return self.high > self.amount


def pot_sized_raise_to(hand: Hand, legal: LegalActions) -> int:
    """The pot button's total: the engine's pot-sized raise (the pot-limit maximum), within the legal range."""
    return min(max(hand.pot_raise_to(legal.seat), legal.min_to), legal.max_to)


def _betting(hand: Hand, legal: LegalActions) -> list[Offer]:
    """The player to act: fold, check, call, the minimum and the pot, the keypad's range, all-in."""
    offers: list[Offer] = []
    seat = legal.seat
    if legal.can_fold and legal.call_amount:
        offers.append(Offer(OfferKind.FOLD, Fold(), seat))
    if legal.can_check:
        offers.append(Offer(OfferKind.CHECK, Check(), seat))
    if legal.call_amount:
        offers.append(Offer(OfferKind.CALL, Call(), seat, amount=legal.call_amount, call=legal.call_amount))
    if legal.can_bet or legal.can_raise:
        raising = not legal.can_bet
        offers.append(Offer(OfferKind.MIN, Wager(legal.min_to), seat, amount=legal.min_to, high=legal.max_to, raising=raising,
                            call=legal.call_amount))
        if legal.max_to > legal.min_to and hand.game.structure is not Structure.LIMIT:
            pot_to = pot_sized_raise_to(hand, legal)
            offers.append(Offer(OfferKind.POT, Wager(pot_to), seat, amount=pot_to, raising=raising, call=legal.call_amount))
        offers.append(Offer(OfferKind.WAGER, None, seat, low=legal.min_to, high=legal.max_to, raising=raising))
    if legal.all_in_to:
        # an all-in that raises says the call it holds; one that only calls (for less) is just its total
        raises = legal.all_in_to > hand.bets[seat] + legal.call_amount
        offers.append(Offer(OfferKind.ALL_IN, AllIn(), seat, amount=legal.all_in_to, call=legal.call_amount if raises else 0))
    return offers


def _discards(hand: Hand, seat: int, legal: LegalActions | None) -> list[Offer]:
    """Oklahoma: each card of the hand owing a discard (and a fold, for the player to act)."""
    offers = [Offer(OfferKind.DISCARD, Discard(index), seat, index=index, card=card)
              for index, card in enumerate(hand.hole_cards(seat)[:MAX_DISCARDS_OFFERED])]
    if legal is not None and legal.can_fold:
        offers.append(Offer(OfferKind.FOLD, Fold(), legal.seat, names_seat=True))
    return offers


def _posting(hand: Hand) -> list[Offer]:
    """Before the deal: deal the hole cards, straddles."""
    straddle = 2 * hand.game.stakes.big_blind
    offers = [Offer(OfferKind.DEAL_HOLE_CARDS, DealHoleCards())]
    straddler = queries.straddle_seat(hand)
    if straddler is not None:
        offers.append(Offer(OfferKind.STRADDLE, PostStraddle(), straddler, amount=straddle))
    button = queries.mississippi_seat(hand)
    if button is not None:
        offers.append(Offer(OfferKind.MISSISSIPPI, PostMississippi(), button, amount=straddle))
    asker = queries.restraddle_seat(hand)
    if asker is not None or straddler is not None:
        # seat None: the straddle and the re-straddle are asked for together
        offers.append(Offer(OfferKind.RESTRADDLE, None, asker))
    return offers


def _between_actions(session: TableSession, hand: Hand) -> list[Offer]:
    """Nobody to act: the deal, the street due, runs, showdown."""
    offers = _posting(hand) if hand.phase in (Phase.POSTING, Phase.DEALING) else []
    target = queries.next_board(hand)
    if target is not None:
        offers = [offer for offer in offers if offer.kind is not OfferKind.DEAL_HOLE_CARDS]
        offers.append(Offer(OfferKind.DEAL_BOARD, DealBoard(), index=target.street, target=target, boards=hand.game.variant.boards,
                            runs=hand.planned_runs()))
        if session.board_request() is not None:
            offers.append(Offer(OfferKind.TYPE_BOARD, None, index=target.street, target=target))
    choosers = queries.runs_choosers(hand)
    if choosers:
        offers.append(Offer(OfferKind.EXTRA_BOARDS, None))
        offers.extend(Offer(OfferKind.RUNS, ChooseRuns(choosers[0], runs), choosers[0], runs=runs)
                      for runs in (1, 2, 3) if hand.can_choose_runs(choosers[0], runs))
    seats = queries.showdown_seats(hand)
    if seats:
        offers.append(Offer(OfferKind.SHOW, Show(seats[0]), seats[0]))
        offers.append(Offer(OfferKind.MUCK, Muck(seats[0]), seats[0]))
        if session.show_request() is not None:
            offers.append(Offer(OfferKind.TYPE_SHOWN, None, seats[0]))
    return offers


def offers_now(session: TableSession) -> tuple[Offer, ...]:
    """Everything the dealer may do now, in the order the screen lays it out."""
    hand = session.hand
    if hand is None:
        return (Offer(OfferKind.NEXT_HAND, StartHand()),)
    legal = hand.legal_actions()
    discarding = queries.discarding_seat(hand)
    offers: list[Offer]
    if hand.is_complete:
        offers = [Offer(OfferKind.NEXT_HAND, StartHand())]
    elif discarding is not None:
        offers = _discards(hand, discarding, legal)
    elif legal is not None:
        offers = _betting(hand, legal)
    else:
        offers = _between_actions(session, hand)
    if not hand.is_complete:
        offers.append(_undo(hand))
        if not hand.substantial_action:
            offers.append(Offer(OfferKind.MISDEAL, DeclareMisdeal()))
    elif hand.events_in_force:
        offers.append(_undo(hand))
    return tuple(offers)


_UNDOES: tuple[tuple[type[Event] | tuple[type[Event], ...], str], ...] = (
    (HoleCardsDealt, "hole cards"), (BoardDealt, "board"), (Discarded, "discard"), (BlindPosted, "straddle"), (RunsChosen, "runs"),
    (CardsShown, "shown"), (Mucked, "muck"), (RestraddleConsent, "consent"),
    ((Folded, Checked, Called, BetPlaced, RaisedTo, WentAllIn), "action"),
)


_STRADDLES = (BlindKind.STRADDLE, BlindKind.RESTRADDLE, BlindKind.MISSISSIPPI)


def _undo(hand: Hand) -> Offer:
    """The undo, saying what it takes back: the latest event in force, and its seat."""
    latest = hand.events_in_force[-1] if hand.events_in_force else None
    undoes = next((words for kind, words in _UNDOES if isinstance(latest, kind)), "")
    if isinstance(latest, BlindPosted) and latest.blind not in _STRADDLES:
        undoes = "blind"  # a blind, a post or an ante: not a straddle
    return Offer(OfferKind.UNDO, Undo(), latest.seat if isinstance(latest, SeatEvent) else None, undoes=undoes,
                 amount=len(latest.cards) if isinstance(latest, HoleCardsDealt | BoardDealt) else 0)
