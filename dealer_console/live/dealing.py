"""The session's dealing: hole cards, the board, discards, hands shown, straddles, and the undo that puts cards back.

Cards leave the :class:`~dealer_console.live.deck.PhysicalDeck` only once their deal is recorded and applied, and an
undone deal pushes them back on it. Cards the dealer types are checked here (each named, none twice, the right count);
the engine checks the rest of the hand.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from dealer_console.engine.cards import Card, parse_card
from dealer_console.engine.errors import CardError, IllegalActionError
from dealer_console.engine.events import (
    BlindKind,
    BlindPosted,
    BoardDealt,
    CardsShown,
    Discarded,
    Event,
    HoleCardsDealt,
    Voided,
)
from dealer_console.engine.games import STREET_CARDS
from dealer_console.engine.hand import STREET_NAMES, Hand, Phase
from dealer_console.live import queries
from dealer_console.live.card_requests import BoardTarget, CameraCards, CardRequest, CardsNeeded, CardsUnread
from dealer_console.live.commands import PostMississippi, PostRestraddle, PostStraddle
from dealer_console.live.deck import PhysicalDeck

__all__ = ["Dealing", "named_cards"]

_UNDOABLE_BLINDS = (BlindKind.STRADDLE, BlindKind.RESTRADDLE, BlindKind.MISSISSIPPI)


def named_cards(cards: Sequence[Card | str], count: int, *, what: str, action: str, seat: int | None = None) -> tuple[Card, ...]:
    """The cards the dealer typed, checked: each one named, ``count`` of them, none twice (the engine checks the rest of the hand)."""
    named: list[Card] = []
    for card in cards:
        chosen = parse_card(card) if isinstance(card, str) else card
        if chosen is None:
            raise IllegalActionError(f"{what}: every card must be named, like As or Td", seat=seat, action=action)
        if chosen in named:
            raise CardError(f"{what}: {chosen.symbol} is typed twice", card=str(chosen))
        named.append(chosen)
    if len(named) != count:
        raise IllegalActionError(f"{what} is {count} card{'s' if count > 1 else ''}, not {len(named)}", seat=seat, action=action)
    return tuple(named)


def _read(source: Callable[[], Sequence[Card] | CameraCards | None] | None, reason: str) -> tuple[CameraCards | None, str]:
    """A device's reading (with its pictures when it has them), or ``None`` and why there is none."""
    try:
        given = source() if source is not None else None
    except CardsUnread as unread:
        return None, str(unread)
    if given is None:
        return None, reason
    return (given if isinstance(given, CameraCards) else CameraCards(tuple(given))), reason


class Dealing:
    """The dealing commands of :class:`~dealer_console.live.table_session.TableSession` (which provides the recording)."""

    hand: Hand | None
    deck: PhysicalDeck
    dealer: str
    hole_cards_seen: bool
    board_cards: Callable[[BoardTarget, int], Sequence[Card] | CameraCards | None] | None
    shown_cards: Callable[[int, int], Sequence[Card] | CameraCards | None] | None

    def _play(self, event: Event) -> None:
        raise NotImplementedError

    def _play_read(self, event: Event, camera: CameraCards, what: str) -> None:
        raise NotImplementedError

    def _require_hand(self) -> Hand:
        if self.hand is None:
            raise IllegalActionError("No hand is being played: start the next hand")
        return self.hand

    # ------------------------------------------------------------------ the deal

    def _deal_next(self) -> None:
        hand = self.hand
        if hand is not None and hand.phase in (Phase.POSTING, Phase.DEALING):
            self._deal_hole_cards()
        else:
            self._deal_board(None)

    def _deal_hole_cards(self) -> None:
        hand = self._require_hand()
        count = hand.game.variant.hole_cards
        seats = [seat for seat in hand.deal_order() if not hand.hole_cards(seat)] or list(hand.deal_order())
        for seat in seats:
            # a card leaves the deck only once its deal is recorded and applied
            cards = self.deck.peek(count)
            if self.hole_cards_seen:
                self._play(HoleCardsDealt(seat=seat, cards=cards))
            else:
                # face down: the cards leave the deck unseen; the hand learns them when they are shown
                self._play(HoleCardsDealt(seat=seat, cards=(None,) * count))
                self.deck.deal_face_down(seat, cards)
            self.deck.pop(count)

    def _deal_board(self, cards: Sequence[Card | str] | None) -> None:
        self._require_hand()
        target = queries.next_board(self.hand)
        if target is None:
            raise IllegalActionError("No board card is due now", action="deal the board")
        count = STREET_CARDS[target.street]
        street = STREET_NAMES[target.street + 1] + (f" of run {target.run + 1}" if target.run else "")
        if cards is not None:
            typed = named_cards(cards, count, what=f"The {street}", action=f"deal the {street}")
            self._play(BoardDealt(cards=typed, board=target.board, run=target.run))
            self.deck.remove(typed)
            return
        board_cards = self.board_cards
        camera, reason = _read(None if board_cards is None else lambda: board_cards(target, count), "no camera reads the board")
        if camera is not None:
            # the cards on the felt (read by the camera) leave the session's deck once their deal is recorded
            self._play_read(BoardDealt(cards=camera.cards, board=target.board, run=target.run), camera, street)
            self.deck.remove(camera.cards)
            return
        if not self.hole_cards_seen:
            # a real table: the console's deck is a model, never the cards on the felt
            raise CardsNeeded(f"Type the {street} ({count} card{'s' if count > 1 else ''}): {reason}, and at a table dealt face down "
                              "the console does not know the deck", request=CardRequest(count, target=target, reason=reason))
        self._play(BoardDealt(cards=self.deck.peek(count), board=target.board, run=target.run))
        self.deck.pop(count)

    def _show(self, seat: int, cards: Sequence[Card | str] | None) -> None:
        held = self._require_hand().hole_cards(seat)
        if not held:
            raise IllegalActionError(f"Seat {seat} cannot show: they hold no cards", seat=seat, action="show")
        if cards is not None:
            typed = named_cards(cards, len(held), what=f"Seat {seat}'s hand", action="show", seat=seat)
            self._play(CardsShown(seat=seat, cards=typed))
            return
        if any(card is None for card in held):
            shown_cards = self.shown_cards
            camera, reason = _read(None if shown_cards is None else lambda: shown_cards(seat, len(held)), "no camera reads them")
            if camera is not None:
                self._play_read(CardsShown(seat=seat, cards=camera.cards), camera, f"seat {seat}'s hand")
                return
            raise CardsNeeded(f"Type seat {seat}'s {len(held)} cards: they were dealt face down and {reason}",
                              request=CardRequest(len(held), seat=seat, reason=reason))
        self._play(CardsShown(seat=seat, cards=tuple(card for card in held if card is not None)))

    def _discard(self, card: Card | str | int) -> None:
        hand = self._require_hand()
        seat = queries.discarding_seat(hand)
        if seat is None:
            raise IllegalActionError("No discard is owed now", action="discard")
        chosen: Card | None
        if isinstance(card, int):
            held = hand.hole_cards(seat)
            if not 0 <= card < len(held):
                raise IllegalActionError(f"Seat {seat} holds {len(held)} cards, not {card + 1}", seat=seat, action="discard")
            chosen = held[card]
        else:
            chosen = parse_card(card) if isinstance(card, str) else card
        self._play(Discarded(seat=seat, card=chosen))
        # the card thrown from a face-down hand leaves what the player holds (kept in order for an undo)
        self.deck.throw(seat, chosen, card if isinstance(card, int) else None)

    # ------------------------------------------------------------------ straddles

    def _post_straddle(self, command: PostStraddle | PostMississippi | PostRestraddle) -> None:
        hand = self._require_hand()
        big_blind = hand.game.stakes.big_blind
        if isinstance(command, PostMississippi):
            self._play(BlindPosted(seat=hand.seats[-1], amount=2 * big_blind, blind=BlindKind.MISSISSIPPI,
                                   authorized_by=None if command.authorized_by is None else command.authorized_by.name))
        elif isinstance(command, PostRestraddle):
            seat = queries.restraddle_seat(hand)
            if seat is None:
                raise IllegalActionError("No re-straddle can be posted now: it needs a straddle and the player facing it", action="re-straddle")
            self._play(BlindPosted(seat=seat, amount=4 * big_blind, blind=BlindKind.RESTRADDLE))
        else:
            seat = queries.straddle_seat(hand)
            self._play(BlindPosted(seat=queries.straddler_facing_big_blind(hand) if seat is None else seat, amount=2 * big_blind,
                                   blind=BlindKind.STRADDLE))

    # ------------------------------------------------------------------ corrections

    def _undo(self) -> None:
        hand = self._require_hand()
        if not hand.events_in_force:
            raise IllegalActionError("Nothing to undo", action="undo")
        latest = hand.events_in_force[-1]
        if isinstance(latest, BlindPosted) and latest.blind not in _UNDOABLE_BLINDS:
            raise IllegalActionError("The table's blinds and posts cannot be undone; declare a misdeal instead", action="undo")
        target = hand.undo_target
        assert target is not None
        self._play(Voided(target=target, reason="dealer's undo", by=self.dealer))
        # what the voided event dealt goes back on top of the deck
        if isinstance(latest, BoardDealt | HoleCardsDealt):
            self.deck.push(latest.cards)
        if isinstance(latest, HoleCardsDealt):
            self.deck.gather_face_down(latest.seat)
        if isinstance(latest, Discarded):
            self.deck.unthrow(latest.seat)

    # ------------------------------------------------------------------ cards for the screen

    def face_down_cards(self, seat: int) -> tuple[Card, ...]:
        """The cards the session's deck dealt face down to ``seat`` this hand (what the demo's simulated player holds).

        The hand does not know them and nothing is decided by them: a face-down hand is named when it is shown.
        """
        return self.deck.face_down(seat) or ()

    def upcoming_cards(self, count: int) -> tuple[Card, ...]:
        """The next ``count`` cards the session's deck would deal, first dealt first (the demo felt lays them out)."""
        return self.deck.peek(count)

    def board_request(self) -> CardRequest | None:
        """The street due, for the dealer to type (``None``: no board card is due, or the console's deck deals the cards)."""
        target = queries.next_board(self.hand)
        if target is None or self.hole_cards_seen:
            return None
        return CardRequest(STREET_CARDS[target.street], target=target)

    def show_request(self) -> CardRequest | None:
        """The hand the next seat in showdown order shows, for the dealer to type (``None``: no seat to show cards not seen)."""
        seats = queries.showdown_seats(self.hand)
        if not seats or self.hand is None or None not in self.hand.hole_cards(seats[0]):
            return None
        return CardRequest(len(self.hand.hole_cards(seats[0])), seat=seats[0])

    def card_request_open(self, request: CardRequest) -> bool:
        """Whether ``request`` still waits for its cards (the street still due, the seat still to show a hand not seen)."""
        if request.target is not None:
            return queries.next_board(self.hand) == request.target
        hand = self.hand
        return request.seat in queries.showdown_seats(hand) and hand is not None and None in hand.hole_cards(request.seat)
