"""Replaying a standard PHH file (from pokerkit, the PHH dataset, another tool) through the engine's
own verbs, every action checked by its rules; the file's ``finishing_stacks``, when given, must
be the replay's."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from typing import Any

from dealer_console.engine.cards import Card, parse_cards
from dealer_console.engine.errors import CardError, EngineError, GameDefinitionError
from dealer_console.engine.events import (
    BetPlaced,
    BlindKind,
    BoardDealt,
    Called,
    CardsShown,
    Checked,
    Event,
    Folded,
    HoleCardsDealt,
    Mucked,
    RaisedTo,
)
from dealer_console.engine.games import Game, HouseRules, Stakes, Structure, Variant
from dealer_console.engine.hand import Hand, HandSetup, Phase
from dealer_console.engine.phh.errors import PHHActionError, PHHMismatchError
from dealer_console.engine.phh.fields import FieldReader, as_chips
from dealer_console.engine.phh.notation import EXTENDED_OMAHA_CODES, PHH_VARIANTS, STANDARD_OMAHA_CODES, blind_plan

__all__ = ["replay_standard"]

_PLAYER = re.compile(r"p([1-9][0-9]*)")


def _omaha_game(reader: FieldReader) -> tuple[str, Structure, Variant]:
    code = reader.require("variant")
    if not isinstance(code, str):
        raise reader.fail(f"field 'variant' must be a string, not {code!r}")
    known = STANDARD_OMAHA_CODES.get(code) or EXTENDED_OMAHA_CODES.get(code)
    if known is not None:
        return code, known[0], known[1]
    if code in PHH_VARIANTS:
        raise reader.unsupported(f"PHH variant {code!r} ({PHH_VARIANTS[code]}) is not an Omaha game")
    raise reader.unsupported(
        f"PHH variant {code!r} is not defined by the PHH standard (Omaha codes read here: "
        f"{', '.join([*STANDARD_OMAHA_CODES, *EXTENDED_OMAHA_CODES])})"
    )


def replay_standard(reader: FieldReader, house: HouseRules) -> Hand:
    """Play a standard PHH file through the engine's verbs."""
    code, structure, variant = _omaha_game(reader)
    bet_fields = ("small_bet", "big_bet") if structure is Structure.LIMIT else ("min_bet",)
    for key in ("antes", "blinds_or_straddles", *bet_fields, "starting_stacks", "actions"):
        reader.require(key, f" (PHH: required for variant {code!r})")
    stacks = reader.integers("starting_stacks")
    count = len(stacks)
    if count < 2:
        raise reader.fail(f"field 'starting_stacks' lists {count} player(s); a hand needs two or more")
    antes = reader.integers("antes", count)
    blinds = reader.integers("blinds_or_straddles", count)
    if any(ante < 0 for ante in antes):
        raise reader.fail(f"antes {antes}: an ante cannot be negative")
    seats = _read_seats(reader, count)
    if count == 2:
        # PHH: the antes and blinds are reverse-assigned heads-up (p1 is the big blind)
        antes.reverse()
        blinds.reverse()
    plan = blind_plan(reader, blinds, seats)
    if structure is Structure.LIMIT:
        sizes: dict[str, int] = {"small_bet": reader.integer("small_bet"), "big_bet": reader.integer("big_bet")}
    else:
        sizes = {}
        min_bet = reader.integer("min_bet")
        if min_bet != plan.big_blind:
            raise reader.unsupported(
                f"min_bet {min_bet} differs from the big blind {plan.big_blind}: the engine's minimum bet is the big blind"
            )
    if plan.mississippi and structure is Structure.LIMIT:
        house = dataclasses.replace(house, button_straddle_in_limit=True)
    hand_name = reader.data.get("hand", "")
    try:
        game = Game(
            variant=variant,
            structure=structure,
            stakes=Stakes(small_blind=plan.small_blind, big_blind=plan.big_blind, **sizes),
            house=house,
        )
        setup = HandSetup(
            game=game,
            stacks=dict(zip(seats, stacks, strict=True)),
            button=seats[-1],
            small_blind_seat=plan.small_blind_seat,
            big_blind_seat=plan.big_blind_seat,
            mississippi_authorized_by="PHH file" if plan.mississippi else None,
            # a hand already played with one player more than the game seats had the room's authorization
            extra_player_authorized_by="PHH file" if len(seats) > game.variant.max_players else None,
            hand_id=str(hand_name) if isinstance(hand_name, str | int) and not isinstance(hand_name, bool) else "",
        )
    except GameDefinitionError as problem:
        raise reader.fail(f"the game or table it describes is inconsistent: {problem}") from problem
    hand = Hand(setup)
    try:
        for seat, ante in zip(seats, antes, strict=True):
            if ante:
                hand.post_blind(seat, min(ante, setup.stacks[seat]), BlindKind.ANTE)
        hand.post_blinds()
        for seat, amount, kind in plan.straddles:
            if kind is BlindKind.RESTRADDLE:
                # the file records a re-straddle, so every other player agreed to it
                for other in seats:
                    if other != seat:
                        hand.consent_to_restraddle(other, True)
            hand.post_blind(seat, amount, kind, authorized_by="PHH file" if kind is BlindKind.MISSISSIPPI else None)
    except EngineError as problem:
        raise reader.unsupported(f"the forced bets (antes {antes}, blinds_or_straddles {blinds}) cannot be posted: {problem}") from problem
    _ActionReplay(reader, hand, seats).run(reader.require("actions"))
    if "finishing_stacks" in reader.data:
        finishing = reader.integers("finishing_stacks", count)
        final = [hand.stacks[seat] for seat in seats]
        if final != finishing:
            state = "after" if hand.is_complete else f"with the hand unfinished ({hand.phase.value}) after"
            raise PHHMismatchError(f"{reader.source}: the stacks {state} its actions are {final}, but finishing_stacks says {finishing}")
    return hand


def _read_seats(reader: FieldReader, count: int) -> list[int]:
    """The table seats of p1..pN: the ``seats`` field, else 1..N (the button is the last player)."""
    if "seats" not in reader.data:
        return list(range(1, count + 1))
    seats = reader.integers("seats", count)
    if len(set(seats)) != count:
        raise reader.fail(f"field 'seats' {seats} names a seat twice")
    ordered = sorted(seats)
    start = ordered.index(seats[-1]) + 1
    if ordered[start:] + ordered[:start] != seats:
        raise reader.unsupported(f"field 'seats' {seats} is not in clockwise order from the first seat left of the button to the button")
    return seats


class _ActionReplay:
    """Feeds PHH actions to the engine: hole deals in the engine's order, shows when it takes them."""

    def __init__(self, reader: FieldReader, hand: Hand, seats: Sequence[int]) -> None:
        self.reader = reader
        self.hand = hand
        self.seats = list(seats)
        self.to_deal = list(hand.deal_order())
        self.dealt: dict[int, tuple[Card | None, ...]] = {}
        self.deferred: list[tuple[int, str, Event]] = []

    def run(self, actions: Any) -> None:
        if not isinstance(actions, list):
            raise self.reader.fail(f"field 'actions' must be an array of strings, not {actions!r}")
        for index, action in enumerate(actions):
            if not isinstance(action, str):
                raise self.reader.fail(f"actions[{index}] must be a string, not {action!r}")
            self.step(index, action)
        if self.to_deal and self.dealt:
            raise self.reader.fail(f"the hole cards of p{self.seats.index(self.to_deal[0]) + 1} are never dealt")
        for index, action, event in self.deferred:
            self.apply(index, action, event)

    def where(self, index: int, action: str) -> str:
        return f"{self.reader.source}: actions[{index}] {action!r}"

    def step(self, index: int, action: str) -> None:
        words = action.split("#", 1)[0].split()
        if not words:
            return
        where = self.where(index, action)
        if words[0] == "d":
            if words[1:2] == ["dh"] and len(words) == 4:
                seat = self.seat(index, action, words[2])
                if seat in self.dealt or seat not in self.to_deal:
                    label = f"p{self.seats.index(seat) + 1}"
                    raise PHHActionError(f"{where}: {label} already has hole cards", index=index, action=action, seat=seat)
                self.dealt[seat] = self.cards(index, action, words[3])
                while self.to_deal and self.to_deal[0] in self.dealt:
                    seat = self.to_deal.pop(0)
                    self.apply(index, action, HoleCardsDealt(seat=seat, cards=self.dealt[seat]))
                return
            if words[1:2] == ["db"] and len(words) == 3:
                if self.to_deal:
                    raise PHHActionError(f"{where}: the board is dealt before every player's hole cards", index=index, action=action)
                cards = self.cards(index, action, words[2])
                if any(card is None for card in cards):
                    raise self.reader.fail(f"actions[{index}] {action!r}: board cards must be known")
                self.apply(index, action, BoardDealt(cards=tuple(card for card in cards if card is not None)))
                self.flush_deferred()
                return
            raise self.reader.fail(f"actions[{index}] {action!r} is not a PHH dealer action ('d dh pN CARDS' or 'd db CARDS')")
        seat = self.seat(index, action, words[0])
        verb, arguments = (words[1] if len(words) > 1 else ""), words[2:]
        hand = self.hand
        if verb == "f" and not arguments:
            self.apply(index, action, Folded(seat=seat))
        elif verb == "cc" and not arguments:
            if hand.actor is None and hand.phase in (Phase.BOARD, Phase.SHOWDOWN) and not hand.is_folded(seat):
                # pokerkit asks the last player with chips to check when nobody can bet against
                # them; the engine closes that round without asking, so there is nothing to do
                return
            behind = hand.bets.get(seat, 0) >= hand.current_bet
            self.apply(index, action, Checked(seat=seat) if behind else Called(seat=seat))
        elif verb == "cbr" and len(arguments) == 1:
            amount = as_chips(_number(arguments[0]), lambda message: self.reader.fail(f"actions[{index}] {action!r}: {message}"))
            self.apply(index, action, BetPlaced(seat=seat, amount=amount) if hand.current_bet == 0 else RaisedTo(seat=seat, amount=amount))
        elif verb == "sm" and len(arguments) <= 1:
            self.show(index, action, seat, arguments[0] if arguments else "")
        elif verb in ("sd", "pb"):
            what = "standing pat or discarding (draw games)" if verb == "sd" else "a bring-in (stud games)"
            raise self.reader.unsupported(f"actions[{index}] {action!r}: {what} is not part of {hand.game.name}")
        else:
            raise self.reader.fail(f"actions[{index}] {action!r} is not a PHH action (pN f, pN cc, pN cbr X, pN sm [CARDS])")

    def show(self, index: int, action: str, seat: int, text: str) -> None:
        if text == "-":
            held = self.hand.hole_cards(seat)
            if any(card is None for card in held):
                message = f"{self.where(index, action)}: their hole cards were dealt unseen; name them"
                raise PHHActionError(message, index=index, action=action, seat=seat)
            event: Event = CardsShown(seat=seat, cards=tuple(card for card in held if card is not None))
        else:
            cards = self.cards(index, action, text) if text else ()
            if all(card is None for card in cards):
                # nothing shown: the hand is not tabled, so it cannot win (cards speak only when shown)
                event = Mucked(seat=seat)
            elif any(card is None for card in cards):
                raise self.reader.unsupported(
                    f"actions[{index}] {action!r}: a partly shown hand cannot be evaluated; the engine needs every card"
                )
            else:
                event = CardsShown(seat=seat, cards=tuple(card for card in cards if card is not None))
        hand = self.hand
        if not hand.can(event) and hand.phase is Phase.BOARD:
            # PHH tables the hands of an all-in before the rest of the board; the engine takes a
            # muck only at the showdown, so it waits until the board is out
            self.deferred.append((index, action, event))
            return
        self.apply(index, action, event)

    def flush_deferred(self) -> None:
        waiting, self.deferred = self.deferred, []
        for index, action, event in waiting:
            if self.hand.can(event) or self.hand.phase is not Phase.BOARD:
                self.apply(index, action, event)
            else:
                self.deferred.append((index, action, event))

    def seat(self, index: int, action: str, label: str) -> int:
        match = _PLAYER.fullmatch(label)
        if match is None:
            raise self.reader.fail(f"actions[{index}] {action!r}: {label!r} is not a player (p1..p{len(self.seats)})")
        number = int(match.group(1))
        if number > len(self.seats):
            raise self.reader.fail(f"actions[{index}] {action!r}: there is no {label} in a hand of {len(self.seats)} players")
        return self.seats[number - 1]

    def cards(self, index: int, action: str, text: str) -> tuple[Card | None, ...]:
        if len(text) % 2 or not re.fullmatch(r"(?:[2-9TJQKA?][cdhs?])+", text):
            raise self.reader.fail(
                f"actions[{index}] {action!r}: invalid cards {text!r} (PHH cards are rank then suit, like 'AsTd', '??' unknown)"
            )
        try:
            return parse_cards(text)
        except CardError as problem:
            raise self.reader.fail(f"actions[{index}] {action!r}: {problem}") from problem

    def apply(self, index: int, action: str, event: Event) -> None:
        try:
            self.hand.apply(event)
        except EngineError as problem:
            raise PHHActionError(
                f"{self.where(index, action)}: {problem}", index=index, action=action, seat=getattr(event, "seat", None)
            ) from problem


def _number(text: str) -> int | float | str:
    try:
        return int(text)
    except ValueError:
        pass
    try:
        return float(text)
    except ValueError:
        return text
