"""Random legal and illegal events through every game keep the hand engine's books straight.

A hypothesis state machine deals hands of every variant in ``games.VARIANTS`` under Limit,
Pot-limit and No-limit, for 2 up to the most players the game and the deck allow, with stacks
from a single chip to 300 big blinds. It posts blinds, straddles, re-straddles (with every
player's yes or no on record) and Mississippi straddles (with or without the manager's
authorization in the set-up), deals hole cards seen and unseen, discards in Oklahoma, burns,
runs the board one to three times, shows, mucks, declares misdeals and undoes events.

It picks legal events from the engine's own queries (``legal_actions()``, ``actor``, ``phase``,
``discards_owed()``, ``runs_window_open()``, ``planned_runs()``, ``can(event)``) and from the
rules themselves: an event the rules allow and the engine refuses fails the test. It also throws
clearly illegal events, each of which must be refused with an ``EngineError`` and change nothing.

Properties checked after every step (sources in brackets):

* chips are conserved: stacks + pot = the starting stacks while the hand runs; afterwards
  final stacks + rake + jackpot drop = the starting stacks (SPEC, Betting structures,
  "Table stakes"; omaha-limit-basics.txt, "Table Stakes");
* no stack or bet is ever negative (omaha-club-rules.txt, ALL-IN: "No player may put more
  chips in one hand than was announced before such hand");
* a refused event leaves the state as it was (STYLE.md, practice 3; hand.py: "A refused event
  changes nothing");
* a finished hand has awarded every chip: the audit balances and each pot's shares add up to
  its amount less rake and jackpot drop (SPEC, "Chip audit" and "Rake");
* undoing any event gives back the exact state before it, and applying it again gives the state
  after it (SPEC, Records and review: "a dealer's undo ... is a new event that names the event
  it voids"; STYLE.md, practice 2: "replay and undo rebuild from" the events);
* at the end of each hand, its events read back from plain data replay to the same state (SPEC,
  Records and review: "The state of a hand is a pure function of its events");
* the bounds offered by ``legal_actions()`` are those of SPEC, Betting structures (limit bet
  sizes, big-blind minimum bet, smallest raise from the round's full raises, pot-limit and
  no-limit maxima).

Where the rule texts are silent the test follows a card room's floor, and says so:

* a side pot that only one player contends goes to that player even if they muck their hand
  for the main pot (Robert's Rules of Poker, Showdown: a pot is awarded among the players
  eligible for it; nobody else can claim it);
* in Oklahoma a hand cannot be tabled before the player's last discard (oklahoma-rules.txt
  1.5: the hand is two cards only after the turn round);
* a straddle (or Mississippi) comes after both blinds are posted (omaha-club-rules.txt,
  STRADDLE/RESTRADDLE 1: the straddler is "facing the big blind").
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping
from dataclasses import dataclass

from hypothesis import HealthCheck, event, note, settings
from hypothesis import strategies as st
from hypothesis.control import currently_in_test_context
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from dealer_console.engine.cards import DECK, Card
from dealer_console.engine.errors import EngineError
from dealer_console.engine.events import (
    BetPlaced,
    BlindKind,
    BlindPosted,
    BoardDealt,
    Called,
    CardBurned,
    CardsShown,
    Checked,
    Discarded,
    Event,
    Folded,
    HoleCardsDealt,
    MisdealDeclared,
    Mucked,
    RaisedTo,
    RestraddleConsent,
    RunsChosen,
    Voided,
    WentAllIn,
    event_from_dict,
    event_to_dict,
)
from dealer_console.engine.games import (
    STREET_CARDS,
    VARIANTS,
    Game,
    HouseRules,
    MississippiPreflopOrder,
    Rake,
    StraddlePrecedence,
    Structure,
    make_game,
)
from dealer_console.engine.hand import Hand, HandSetup, LegalActions, Phase

TABLE_SEATS = tuple(range(1, 11))
NOT_DEALT_IN = 11
STREET_OF_BOARD = {0: 0, 3: 1, 4: 2}
"""Board cards already dealt -> index into STREET_CARDS of the next street."""
MANAGER = "Floor manager A. Petrova"


# ---------------------------------------------------------------------------------------------
# The table: one hand, the physical deck behind it, and the checks.
# ---------------------------------------------------------------------------------------------


def _count(label: str) -> None:
    """``hypothesis.event`` inside a hypothesis test; nothing in the plain tests."""
    if currently_in_test_context():
        event(label)


@dataclass(frozen=True)
class Move:
    """A candidate event. ``sure``: the rules allow it, so the engine must accept it."""

    label: str
    event: Event
    sure: bool = True
    truth: tuple[Card, ...] | None = None
    """The real cards behind a hole deal, burn or discard that the dealer may not have seen."""


def fingerprint(hand: Hand) -> tuple[object, ...]:
    """The snapshot plus every public query, so that undo and replay are compared on all of it."""
    return (
        hand.snapshot(),
        hand.phase,
        hand.actor,
        hand.legal_actions(),
        tuple(hand.pots()),
        hand.planned_runs(),
        hand.discards_owed(),
        hand.runs_window_open(),
        hand.showdown_order(),
        hand.all_in_notice,
        hand.substantial_action,
        tuple(sorted(hand.stacks.items())),
        tuple(sorted(hand.bets.items())),
        tuple(sorted(hand.contributions.items())),
        hand.pot_total,
        hand.current_bet,
        hand.run_count,
        tuple(hand.boards(run) for run in range(hand.run_count)),
        tuple(hand.hole_cards(seat) for seat in hand.seats),
        len(hand.events_in_force),
    )


class Table:
    """Drives one hand after another through the engine and checks every step.

    The real cards (including those dealt face down and never seen) are kept beside the events
    in force, so the deck, each player's real hand and the cards the engine knows are all
    derived from the event list, and an undo needs no bookkeeping of its own.
    """

    def __init__(self, setup: HandSetup, rng: random.Random) -> None:
        self.rng = rng
        self.completed = 0
        self.misdealt = 0
        self.applied = 0
        self.refused = 0
        self.labels: dict[str, int] = {}
        self.run_counts: set[int] = set()
        self.log: list[str] = []
        self.start(setup)

    # ---------------------------------------------------------------- hands

    def start(self, setup: HandSetup) -> None:
        self.setup = setup
        self.hand = Hand(setup)
        self.order = list(DECK)
        self.rng.shuffle(self.order)
        self.truth: dict[int, tuple[Event, tuple[Card, ...]]] = {}
        self.levels: dict[int, tuple[int, int, int]] = {}
        """For each event applied: (street, current bet before it, current bet after it)."""
        self.history: list[tuple[object, ...]] = []
        self.start_total = sum(setup.stacks.values())
        self.counted = False
        self.say(
            f"new hand: {setup.game.name}, stacks {dict(setup.stacks)}, button {setup.button}, "
            f"rake {setup.game.rake}, house {setup.game.house}, straddles {setup.straddles_allowed}, "
            f"Mississippi by {setup.mississippi_authorized_by}, extra boards {setup.extra_boards_allowed}"
        )

    def say(self, line: str) -> None:
        """Keep a log of the hand (shown by hypothesis when a run fails)."""
        self.log.append(line)
        if currently_in_test_context():
            note(line)

    def next_hand(self) -> None:
        """Carry the final stacks to the next hand; the button moves (unless it was a misdeal)."""
        hand = self.hand
        stacks = {seat: chips for seat, chips in hand.stacks.items() if chips > 0}
        if len(stacks) < 2:
            stacks = dict(self.setup.stacks)
        seats = sorted(stacks)
        if hand.phase is Phase.MISDEALT and self.setup.button in stacks:
            button = self.setup.button
        else:
            later = [seat for seat in seats if seat > self.setup.button]
            button = later[0] if later else seats[0]
        self.start(dataclasses.replace(self.setup, stacks=stacks, button=button))

    # ---------------------------------------------------------------- what the events say

    def in_force(self) -> tuple[Event, ...]:
        return self.hand.events_in_force

    def real_cards(self, event_: Event) -> tuple[Card, ...]:
        if isinstance(event_, BoardDealt):
            return event_.cards
        found = self.truth.get(id(event_))
        return found[1] if found is not None else ()

    def used_cards(self) -> set[Card]:
        used: set[Card] = set()
        for event_ in self.in_force():
            used.update(self.real_cards(event_))
        return used

    def fresh(self, count: int) -> tuple[Card, ...]:
        used = self.used_cards()
        return tuple([card for card in self.order if card not in used][:count])

    def deck_left(self) -> int:
        return 52 - len(self.used_cards())

    def known_cards(self) -> list[Card]:
        """Cards the engine has seen (board, seen hole cards, seen burns and discards, shown hands)."""
        known: list[Card] = []
        for event_ in self.in_force():
            if isinstance(event_, (BoardDealt, HoleCardsDealt, CardsShown)):
                known.extend(card for card in event_.cards if card is not None)
            elif isinstance(event_, (CardBurned, Discarded)) and event_.card is not None:
                known.append(event_.card)
        return list(dict.fromkeys(known))

    def real_hole(self, seat: int) -> list[Card]:
        cards: list[Card] = []
        for event_ in self.in_force():
            if isinstance(event_, HoleCardsDealt) and event_.seat == seat:
                cards = list(self.real_cards(event_))
            elif isinstance(event_, Discarded) and event_.seat == seat:
                cards.remove(self.real_cards(event_)[0])
        return cards

    def posted(self) -> dict[BlindKind, int]:
        """Blinds and straddles in force; SPEC: a hand has a straddle or a Mississippi, never both."""
        posted: dict[BlindKind, int] = {}
        for event_ in self.in_force():
            if isinstance(event_, BlindPosted):
                if event_.blind is BlindKind.MISSISSIPPI:
                    posted.pop(BlindKind.STRADDLE, None)
                elif event_.blind is BlindKind.STRADDLE:
                    posted.pop(BlindKind.MISSISSIPPI, None)
                posted[event_.blind] = event_.seat
        return posted

    def consents(self) -> dict[int, bool]:
        return {e.seat: e.agrees for e in self.in_force() if isinstance(e, RestraddleConsent)}

    def mucked(self) -> set[int]:
        return {e.seat for e in self.in_force() if isinstance(e, Mucked)}

    def live(self) -> list[int]:
        return [seat for seat in self.hand.seats if not self.hand.is_folded(seat)]

    def standing(self) -> list[int]:
        mucked = self.mucked()
        return [seat for seat in self.live() if seat not in mucked]

    # ---------------------------------------------------------------- state and checks

    def state(self) -> tuple[object, ...]:
        return fingerprint(self.hand)

    def check_replay(self) -> None:
        """SPEC, Records and review: the state of a hand is a pure function of its events, so a
        console restarted after a crash (the events read back from plain data) resumes it exactly."""
        events = [event_from_dict(event_to_dict(event_)) for event_ in self.hand.events]
        assert events == list(self.hand.events), "an event does not survive its plain-data form"
        assert fingerprint(Hand(self.setup, events)) == self.state(), "replaying the events gives another state"

    def play(self, move: Move) -> bool:
        """Apply a candidate; a sure one must be accepted. Undo and redo it, checking both."""
        try:
            return self._play(move)
        except BaseException as error:
            if not currently_in_test_context():
                error.add_note("\n".join(self.log[-120:] + [f"  failing: {move.label}: {move.event}"]))
            raise

    def _play(self, move: Move) -> bool:
        hand = self.hand
        before = self.state()
        count = len(hand.events)
        street, level = hand.street, hand.current_bet
        if not hand.can(move.event):
            if move.sure:
                try:
                    hand.verify(move.event)
                except EngineError as error:
                    raise AssertionError(f"the engine refused a legal {move.label} {move.event}: {error}") from error
            assert self.state() == before and len(hand.events) == count, f"can({move.event}) changed the state"
            return False
        hand.apply(move.event)
        if move.truth is not None:
            self.truth[id(move.event)] = (move.event, move.truth)
        after = self.state()
        self.check_invariants()
        hand.void(reason="property test: undo", by="dealer")
        assert self.state() == before, f"undoing {move.label} {move.event} did not restore the state before it"
        hand.apply(move.event)
        assert self.state() == after, f"re-applying {move.label} {move.event} after its undo gave another state"
        assert len(hand.events) == count + 3
        self.levels[id(move.event)] = (street, level, hand.current_bet)
        self.history.append(before)
        self.applied += 1
        self.labels[move.label] = self.labels.get(move.label, 0) + 1
        self.say(f"  {move.label}: {move.event}")
        self.after_move(move)
        self.check_invariants()
        return True

    def after_move(self, move: Move) -> None:
        """Checks that follow particular events."""
        hand = self.hand
        if isinstance(move.event, Discarded) and hand.actor == move.event.seat:
            # oklahoma-rules.txt, "Attention!": having discarded, the player cannot fold in that action.
            legal = hand.legal_actions()
            assert legal is not None and not legal.can_fold and not legal.must_discard
            self.refuse(Folded(seat=move.event.seat), "a fold in the same action as a discard")
        if hand.phase is Phase.COMPLETE and not self.counted:
            self.check_replay()
            self.counted = True
            self.completed += 1
            if hand.run_count > 1:
                self.run_counts.add(hand.run_count)
                _count(f"a hand ran the board {hand.run_count} times")
            _count("a hand reached Phase.COMPLETE")
        if hand.phase is Phase.MISDEALT and not self.counted:
            self.check_replay()
            self.counted = True
            self.misdealt += 1
            _count("a hand was declared a misdeal")

    def undo(self) -> None:
        """The dealer's undo: the latest event in force is voided; the state before it returns."""
        hand = self.hand
        expected = self.history.pop()
        count = len(hand.events)
        hand.void(reason="dealer pressed undo", by="dealer")
        assert len(hand.events) == count + 1
        assert self.state() == expected, "undo did not return the state before the voided event"
        self.counted = hand.is_complete and self.counted
        self.check_invariants()

    def refuse(self, event_: Event, why: str) -> None:
        """An illegal event must raise an EngineError and change nothing."""
        hand = self.hand
        before = self.state()
        count = len(hand.events)
        if not isinstance(event_, Voided):
            assert not hand.can(event_), f"the engine would accept {why}: {event_}"
        try:
            hand.apply(event_)
        except EngineError:
            pass
        else:
            raise AssertionError(f"the engine accepted {why}: {event_}")
        assert len(hand.events) == count, f"refusing {why} appended an event"
        assert self.state() == before, f"refusing {why} changed the state"
        self.refused += 1

    def check_invariants(self) -> None:
        hand = self.hand
        stacks = hand.stacks
        assert set(stacks) == set(self.setup.stacks)
        assert all(chips >= 0 for chips in stacks.values()), f"negative stack: {stacks}"
        assert all(chips >= 0 for chips in hand.bets.values()), f"negative bet: {hand.bets}"
        assert (hand.actor is not None) == (hand.phase is Phase.BETTING), f"actor {hand.actor} in phase {hand.phase}"
        if hand.phase is Phase.COMPLETE:
            self.check_result()
        elif hand.phase is Phase.MISDEALT:
            # SPEC, Misdeal: "voids the hand, returns every chip".
            assert stacks == dict(self.setup.stacks)
            assert hand.pot_total == 0 and hand.result is None
        else:
            assert hand.result is None
            assert sum(stacks.values()) + hand.pot_total == self.start_total, "chips created or lost during the hand"
            # SPEC, All-in: an uncalled part goes back as soon as nobody can call it (out of the middle, back in the stack)
            returned = hand.returned_uncalled
            assert sum(hand.contributions.values()) - sum(returned.values()) == hand.pot_total
            for seat, put_in in hand.contributions.items():
                assert put_in - returned.get(seat, 0) + stacks[seat] == self.setup.stacks[seat], f"seat {seat}: stack and contributions disagree"
            if hand.phase in (Phase.BOARD, Phase.SHOWDOWN):
                assert sum(pot.amount for pot in hand.pots()) == hand.pot_total, "an uncalled excess left in the middle after its round"
            pots = hand.pots()
            assert sum(pot.amount for pot in pots) <= hand.pot_total
            live = set(self.live())
            for pot in pots:
                assert pot.amount > 0 and set(pot.contenders) <= live

    def check_result(self) -> None:
        hand = self.hand
        result = hand.result
        assert result is not None
        audit = result.audit
        game = self.setup.game
        assert audit.balanced, f"chip audit does not balance: {audit}"
        assert audit.contributed == sum(hand.contributions.values())
        assert (audit.rake, audit.jackpot) == (result.rake, result.jackpot)
        assert sum(pot.amount for pot in result.pots) + audit.returned == audit.contributed
        assert sum(result.returned.values()) == audit.returned
        assert sum(result.final_stacks.values()) + result.rake + result.jackpot == self.start_total, "chips lost at settlement"
        assert all(chips >= 0 for chips in result.final_stacks.values())
        claimants = set(self.standing())
        won: dict[int, int] = {}
        for pot in result.pots:
            assert 0 <= pot.rake and 0 <= pot.jackpot and pot.rake + pot.jackpot <= pot.amount
            assert sum(share.amount for share in pot.shares) == pot.amount - pot.rake - pot.jackpot, f"{pot.name} not fully awarded"
            # A pot goes to the hands still claiming it; a side pot nobody standing claims (its one
            # contender mucked the main pot away) still goes to its contender.
            eligible = [seat for seat in pot.contenders if seat in claimants] or list(pot.contenders)
            for share in pot.shares:
                assert sum(chips for _, chips in share.winners) == share.amount
                for seat, chips in share.winners:
                    assert chips >= 0
                    assert seat in eligible, f"seat {seat} won a share of {pot.name}, which only {eligible} claim"
                    won[seat] = won.get(seat, 0) + chips
        assert {seat: chips for seat, chips in won.items() if chips} == dict(result.winnings)
        for seat, start in self.setup.stacks.items():
            expected = start - hand.contributions[seat] + result.returned.get(seat, 0) + won.get(seat, 0)
            assert result.final_stacks[seat] == expected, f"seat {seat}: final stack {result.final_stacks[seat]}, expected {expected}"
        # SPEC, Rake: percentage with a cap, "no flop, no drop", optional fixed jackpot drop.
        rake = game.rake
        if rake.percent == 0:
            assert result.rake == 0
        if rake.cap is not None:
            assert result.rake <= rake.cap
        assert result.jackpot <= rake.jackpot_drop
        flop_dealt = any(len(cards) >= 3 for cards in hand.boards(0))
        if rake.no_flop_no_drop and not flop_dealt:
            assert result.rake == 0 and result.jackpot == 0

    # ---------------------------------------------------------------- legal candidates

    def legal_moves(self, rng: random.Random) -> list[Move]:
        hand = self.hand
        if hand.is_complete:
            return []
        moves: list[Move] = []
        phase = hand.phase
        if phase is Phase.POSTING:
            moves += self.posting_moves(rng)
        if phase in (Phase.POSTING, Phase.DEALING):
            moves += self.hole_moves(rng)
        if phase is Phase.BETTING:
            moves += self.betting_moves(rng)
        if phase in (Phase.BETTING, Phase.BOARD):
            stacks = hand.stacks
            for seat in hand.discards_owed():
                # oklahoma-rules.txt, Note: an all-in player still discards; out of turn is fine for them.
                if phase is Phase.BOARD or (stacks[seat] == 0 and seat != hand.actor):
                    moves += self.discard_moves(seat, rng)
        if phase is Phase.BOARD:
            moves += self.board_moves(rng)
        if phase is Phase.SHOWDOWN:
            moves += self.showdown_moves()
        if not hand.substantial_action:
            # SPEC, Misdeal: allowed until substantial action. Listed last: the simplest random
            # draws pick the first candidate, and a hand should usually go on.
            moves.append(Move("misdeal", MisdealDeclared(reason="two cards exposed")))
        return moves

    def posting_moves(self, rng: random.Random) -> list[Move]:
        hand = self.hand
        setup = self.setup
        stakes = setup.game.stakes
        stacks = hand.stacks
        seats = hand.seats
        n = len(seats)
        posted = self.posted()
        moves: list[Move] = []
        sb, bb = hand.small_blind_seat, hand.big_blind_seat
        if sb is not None and BlindKind.SMALL not in posted:
            moves.append(Move("small blind", BlindPosted(seat=sb, amount=min(stakes.small_blind, stacks[sb]), blind=BlindKind.SMALL)))
        if bb is not None and BlindKind.BIG not in posted:
            moves.append(Move("big blind", BlindPosted(seat=bb, amount=min(stakes.big_blind, stacks[bb]), blind=BlindKind.BIG)))
        if bb is None or BlindKind.BIG not in posted or (sb is not None and BlindKind.SMALL not in posted):
            # omaha-club-rules.txt, STRADDLE/RESTRADDLE 1: a straddle faces the posted blinds.
            return moves
        big = stakes.big_blind
        bb_index = seats.index(bb)
        straddler = seats[(bb_index + 1) % n]
        if BlindKind.STRADDLE not in posted:
            # omaha-club-rules.txt, STRADDLE/RESTRADDLE 1, 5, 6; SPEC: the straddle wins over a Mississippi.
            heads_up = n == 2
            sure = (
                setup.straddles_allowed
                and stacks[straddler] >= 2 * big
                and BlindKind.LIVE not in posted
                and not (BlindKind.MISSISSIPPI in posted and setup.game.house.straddle_precedence is StraddlePrecedence.MISSISSIPPI)
            )
            moves.append(
                Move(
                    "straddle",
                    BlindPosted(seat=straddler, amount=2 * big, blind=BlindKind.STRADDLE, authorized_by=MANAGER if heads_up else None),
                    sure=sure,
                )
            )
        elif BlindKind.RESTRADDLE not in posted:
            straddle_index = seats.index(posted[BlindKind.STRADDLE])
            restraddler = seats[(straddle_index + 1) % n]
            consents = self.consents()
            for seat in seats:
                if seat not in consents:
                    moves.append(Move("re-straddle consent", RestraddleConsent(seat=seat, agrees=rng.random() < 0.9)))
            everyone = all(consents.get(seat) is True for seat in seats if seat != restraddler)
            sure = (
                setup.straddles_allowed
                and everyone
                and n >= 4
                and stacks[restraddler] >= 4 * big
                and BlindKind.LIVE not in posted
                and BlindKind.MISSISSIPPI not in posted
            )
            moves.append(Move("re-straddle", BlindPosted(seat=restraddler, amount=4 * big, blind=BlindKind.RESTRADDLE), sure=sure))
        if BlindKind.MISSISSIPPI not in posted:
            button = seats[-1]
            sure = (
                setup.mississippi_authorized_by is not None
                and n >= 3
                and stacks[button] >= 2 * big
                and not ({BlindKind.STRADDLE, BlindKind.RESTRADDLE, BlindKind.LIVE} & set(posted))
                and (setup.game.structure is not Structure.LIMIT or setup.game.house.button_straddle_in_limit)
            )
            moves.append(Move("Mississippi", BlindPosted(seat=button, amount=2 * big, blind=BlindKind.MISSISSIPPI), sure=sure))
        if BlindKind.DEAD not in posted and n >= 4 and stacks[seats[-3]] > 2 * big:
            # A returning player's missed small blind, posted dead (Robert's Rules, Blinds).
            poster = seats[-3]
            moves.append(Move("dead post", BlindPosted(seat=poster, amount=stakes.small_blind, blind=BlindKind.DEAD), sure=False))
        if BlindKind.LIVE not in posted and n >= 4:
            # omaha-limit-basics.txt: a new player may post a big blind to play at once.
            poster = seats[-2]
            moves.append(Move("live post", BlindPosted(seat=poster, amount=min(big, stacks[poster]), blind=BlindKind.LIVE), sure=False))
        return moves

    def hole_moves(self, rng: random.Random) -> list[Move]:
        hand = self.hand
        seat = next((s for s in hand.deal_order() if not hand.hole_cards(s)), None)
        if seat is None:
            return []
        posted = self.posted()
        stakes = self.setup.game.stakes
        blinds_in = (hand.small_blind_seat is None or BlindKind.SMALL in posted or stakes.small_blind == 0) and (
            hand.big_blind_seat is None or BlindKind.BIG in posted
        )
        real = self.fresh(self.setup.game.variant.hole_cards)
        style = rng.choice(("seen", "seen", "unseen", "mixed"))
        seen = [style == "seen" or (style == "mixed" and rng.random() < 0.5) for _ in real]
        cards = tuple(card if shown else None for card, shown in zip(real, seen, strict=True))
        return [Move("deal hole cards", HoleCardsDealt(seat=seat, cards=cards), sure=blinds_in, truth=real)]

    def betting_moves(self, rng: random.Random) -> list[Move]:
        hand = self.hand
        legal = hand.legal_actions()
        assert legal is not None and legal.seat == hand.actor, f"legal_actions {legal} for actor {hand.actor}"
        seat = legal.seat
        moves: list[Move] = []
        if legal.must_discard:
            # oklahoma-rules.txt, "Attention!": discard, then act; or fold all the cards.
            assert legal.can_fold
            moves += self.discard_moves(seat, rng)
            moves.append(Move("fold", Folded(seat=seat)))
            return moves
        if legal.can_fold:
            moves.append(Move("fold", Folded(seat=seat)))
        if legal.can_check:
            moves.append(Move("check", Checked(seat=seat)))
        if legal.call_amount:
            moves.append(Move("call", Called(seat=seat)))
        if legal.can_bet or legal.can_raise:
            assert 0 < legal.min_to <= legal.max_to, f"bad bounds {legal}"
            self.check_bounds(legal)
            unit = self.setup.game.stakes.chip_unit
            amounts = {legal.min_to, legal.max_to}
            if legal.max_to - legal.min_to > unit:
                middle = rng.randint(legal.min_to, legal.max_to)
                amounts.add(max(legal.min_to, middle - middle % unit))
            for amount in sorted(amounts):
                wager = BetPlaced(seat=seat, amount=amount) if legal.can_bet else RaisedTo(seat=seat, amount=amount)
                moves.append(Move("bet" if legal.can_bet else "raise", wager))
        if legal.all_in_to:
            moves.append(Move("all-in", WentAllIn(seat=seat)))
        return moves

    def check_bounds(self, legal: LegalActions) -> None:
        """The bet bounds follow SPEC, Betting structures, where they are simple to state.

        Limit: a bet is the small bet on pre-flop and flop, the big bet on turn and river.
        Pot-limit and no-limit: the smallest bet is the big blind. Pot-limit: the largest
        raise is to the current bet + the pot (all bets on the table included) + the call.
        No-limit: the largest is the stack. A short stack may always go all-in for less.
        """
        hand = self.hand
        game = self.setup.game
        stakes = game.stakes
        all_in_to = legal.all_in_to or hand.bets[legal.seat] + hand.stacks[legal.seat]
        if legal.can_bet and game.structure is Structure.LIMIT:
            size = stakes.limit_bet(hand.street)
            assert legal.min_to == legal.max_to == min(size, all_in_to), f"limit bet on street {hand.street}: {legal}"
        elif legal.can_bet:
            assert legal.min_to == min(stakes.big_blind, all_in_to), f"minimum bet is the big blind: {legal}"
        if legal.can_raise and (game.structure is not Structure.LIMIT or stakes.limit_small_bet == stakes.big_blind):
            expected = self.expected_min_raise_to()
            assert legal.min_to == min(expected, all_in_to), f"the smallest raise is to {expected}: {legal}"
        if game.structure is Structure.NO_LIMIT:
            assert legal.max_to == hand.bets[legal.seat] + hand.stacks[legal.seat], f"no-limit maximum is the stack: {legal}"
        elif game.structure is Structure.POT_LIMIT:
            to_call = hand.current_bet - hand.bets[legal.seat]
            pot_max = hand.current_bet + hand.pot_total + to_call
            stack_max = hand.bets[legal.seat] + hand.stacks[legal.seat]
            assert legal.max_to == min(max(pot_max, legal.min_to), stack_max), f"pot-limit maximum {pot_max}: {legal}"

    def expected_min_raise_to(self) -> int:
        """The smallest raise, worked out from this round's wagers as the rules state it.

        Pot-limit and no-limit (SPEC; omaha-betting-structures.txt): a raise is at least the
        previous full bet or raise of the round; an all-in for less than that does not change it
        (SPEC, "All-in for less than a full raise does not reopen the betting"). Pre-flop the
        largest blind or straddle is the bet to raise (omaha-club-rules.txt, STRADDLE/RESTRADDLE 3).
        Limit: a raise is one bet more than the last full bet level; an all-in of at least half a
        bet counts as a full raise (SPEC, Betting structures).
        """
        hand = self.hand
        game = self.setup.game
        stakes = game.stakes
        events = self.in_force()
        increment = stakes.big_blind
        full_level = 0
        if hand.street == 0:
            first_deal = next(e for e in events if isinstance(e, HoleCardsDealt))
            full_level = max(stakes.big_blind, self.levels[id(first_deal)][1])
            increment = full_level
        size = stakes.limit_bet(hand.street)
        for event_ in events:
            if not isinstance(event_, (BetPlaced, RaisedTo, WentAllIn)):
                continue
            street, before, after = self.levels[id(event_)]
            if street != hand.street or after <= before:
                continue
            if after - before >= increment:
                increment = after - before
            if after >= full_level + size or 2 * (after - full_level) >= size:
                full_level = after
        if game.structure is Structure.LIMIT:
            return full_level + size
        return hand.current_bet + increment

    def discard_moves(self, seat: int, rng: random.Random) -> list[Move]:
        moves = []
        for card in self.real_hole(seat):
            face_up = rng.random() < 0.7
            moves.append(Move("discard", Discarded(seat=seat, card=card if face_up else None), truth=(card,)))
        return moves

    def board_moves(self, rng: random.Random) -> list[Move]:
        hand = self.hand
        moves: list[Move] = []
        if hand.discards_owed():
            return moves
        live = self.live()
        if hand.runs_window_open():
            # SPEC, Extra boards: each contender chooses; 1 objects. Deck room decides 2 or 3.
            for seat in live:
                for runs in range(1, self.setup.game.house.max_runs + 1):
                    moves.append(Move(f"run it {runs}", RunsChosen(seat=seat, runs=runs), sure=runs == 1))
        deals = self.deal_moves()
        assert deals, f"hand stuck in phase BOARD on street {hand.street}: nothing to deal"
        moves += deals
        if not isinstance(self.in_force()[-1], CardBurned) and self.deck_left() > self.board_cards_needed():
            real = self.fresh(1)
            seen = rng.random() < 0.3
            moves.append(Move("burn", CardBurned(card=real[0] if seen else None), truth=real))
        able = [seat for seat in live if hand.stacks[seat] > 0]
        if len(able) <= 1 and self.hands_final():
            # The betting is over: all-in players table their hands (cards speak).
            for seat in live:
                if hand.needs_showdown_decision(seat):
                    moves.append(Move("show early", CardsShown(seat=seat, cards=tuple(self.real_hole(seat)))))
        return moves

    def hands_final(self) -> bool:
        """False while Oklahoma discards are still to come (oklahoma-rules.txt 1.5: two cards after the turn round)."""
        hand = self.hand
        return not hand.discards_owed() and all(street <= hand.street for street in self.setup.game.variant.discards)

    def board_cards_needed(self) -> int:
        hand = self.hand
        boards = self.setup.game.variant.boards
        shared = sum(STREET_CARDS[: hand.street])
        needed = 0
        for run in range(hand.planned_runs()):
            for board in range(boards):
                dealt = len(hand.boards(run)[board]) if run < hand.run_count else shared
                needed += 5 - dealt
        return needed

    def deal_moves(self) -> list[Move]:
        hand = self.hand
        moves: list[Move] = []
        shared = sum(STREET_CARDS[: hand.street])
        for run in range(hand.planned_runs()):
            for board in range(self.setup.game.variant.boards):
                dealt = len(hand.boards(run)[board]) if run < hand.run_count else shared
                street = STREET_OF_BOARD.get(dealt)
                if street is None or (run == 0 and street != hand.street):
                    continue
                cards = self.fresh(STREET_CARDS[street])
                moves.append(Move("deal board", BoardDealt(cards=cards, board=board, run=run)))
        return moves

    def showdown_moves(self) -> list[Move]:
        hand = self.hand
        moves: list[Move] = []
        standing = self.standing()
        for seat in hand.showdown_order():
            if not hand.needs_showdown_decision(seat):
                continue
            moves.append(Move("show", CardsShown(seat=seat, cards=tuple(self.real_hole(seat)))))
            moves.append(Move("muck", Mucked(seat=seat), sure=len(standing) > 1))
        assert moves, "hand stuck at showdown: nobody left to show or muck"
        return moves

    # ---------------------------------------------------------------- illegal candidates

    def illegal_moves(self, rng: random.Random) -> list[tuple[Event, str]]:
        hand = self.hand
        game = self.setup.game
        stakes = game.stakes
        seats = hand.seats
        phase = hand.phase
        out: list[tuple[Event, str]] = []
        anyone = rng.choice(seats)
        out.append((Folded(seat=NOT_DEALT_IN), "an action by a seat not dealt in"))
        out.append((Voided(target=len(hand.events) + 5), "an undo of an event that is not the latest"))
        known = self.known_cards()
        if hand.is_complete:
            # Nothing happens in a finished or void hand.
            out.append((Checked(seat=anyone), "a check after the hand is over"))
            out.append((CardBurned(card=None), "a burn after the hand is over"))
            out.append((MisdealDeclared(reason="late"), "a misdeal after the hand is over"))
            return out
        if phase is not Phase.SHOWDOWN:
            out.append((Mucked(seat=anyone), "a muck before the showdown"))
        if phase is not Phase.BETTING:
            out.append((Checked(seat=anyone), "a check when nobody is to act"))
            out.append((BetPlaced(seat=anyone, amount=stakes.big_blind), "a bet when nobody is to act"))
        if phase is not Phase.POSTING:
            out.append(
                (BlindPosted(seat=anyone, amount=stakes.big_blind, blind=BlindKind.BIG), "a blind after the first card is dealt")
            )
            out.append(
                (BlindPosted(seat=anyone, amount=2 * stakes.big_blind, blind=BlindKind.STRADDLE), "a straddle after the first card")
            )
        if hand.substantial_action:
            out.append((MisdealDeclared(reason="late"), "a misdeal after substantial action (TDA)"))
        if known:
            card = rng.choice(known)
            out.append((CardBurned(card=card), f"a burn of {card}, already in the hand"))
        live = self.live()
        for runs in (0, game.house.max_runs + 1):
            out.append((RunsChosen(seat=rng.choice(live), runs=runs), f"running the board {runs} times"))
        if not hand.runs_window_open():
            out.append((RunsChosen(seat=rng.choice(live), runs=1), "a run choice while no extra boards are offered"))
        folded = [seat for seat in seats if hand.is_folded(seat)]
        if folded:
            out.append((Checked(seat=rng.choice(folded)), "an action by a folded player"))
            out.append((CardsShown(seat=folded[0], cards=tuple(self.real_hole(folded[0]))), "a show by a folded player"))
        if not game.variant.discards:
            holding = [seat for seat in live if self.real_hole(seat)]
            if holding:
                seat = rng.choice(holding)
                out.append((Discarded(seat=seat, card=self.real_hole(seat)[0]), f"a discard in {game.variant.name}"))
        else:
            owed = set(hand.discards_owed())
            for seat in live:
                if seat not in owed:
                    out.append((Discarded(seat=seat, card=None), "a discard not owed (oklahoma-rules.txt: one per round)"))
                    break
            if phase is Phase.BETTING:
                for seat in owed:
                    if seat != hand.actor and hand.stacks[seat] > 0:
                        out.append((Discarded(seat=seat, card=None), "a discard out of turn by a player still betting"))
                        break
        board_known = [card for run in range(hand.run_count) for cards in hand.boards(run) for card in cards]
        if board_known and live:
            out.append((Discarded(seat=live[0], card=board_known[0]), "a discard of a board card"))
        if phase is Phase.POSTING:
            out += self.illegal_posting(rng)
        if phase in (Phase.POSTING, Phase.DEALING):
            out += self.illegal_hole_deals(known)
        if phase is Phase.BETTING:
            out += self.illegal_betting()
            if live:
                out.append((CardsShown(seat=live[0], cards=tuple(self.real_hole(live[0]))), "a show while the betting goes on"))
        if phase in (Phase.BETTING, Phase.POSTING, Phase.DEALING):
            count = STREET_CARDS[min(hand.street, 2)]
            fresh = self.fresh(count)
            if len(fresh) == count:
                out.append((BoardDealt(cards=fresh), f"a board dealt in phase {phase.value}"))
        if phase is Phase.BOARD and not hand.discards_owed():
            out += self.illegal_board_deals(known)
        if phase is Phase.BOARD and not self.hands_final():
            later = any(street > hand.street for street in game.variant.discards)
            for seat in live:
                if hand.needs_showdown_decision(seat) and (later or seat in hand.discards_owed()):
                    real = tuple(self.real_hole(seat))
                    out.append((CardsShown(seat=seat, cards=real), "a show before the last Oklahoma discard"))
                    break
        if phase is Phase.SHOWDOWN:
            for seat in live:
                if hand.needs_showdown_decision(seat):
                    real = tuple(self.real_hole(seat))
                    out.append((CardsShown(seat=seat, cards=real[:-1]), "a show of too few cards"))
                    held = hand.hole_cards(seat)
                    if held and None not in held:
                        swapped = real[:-1] + self.fresh(1)
                        out.append((CardsShown(seat=seat, cards=swapped), "a show of a card they were not dealt"))
                    break
        return out

    def illegal_posting(self, rng: random.Random) -> list[tuple[Event, str]]:
        hand = self.hand
        setup = self.setup
        big = setup.game.stakes.big_blind
        seats = hand.seats
        n = len(seats)
        posted = self.posted()
        out: list[tuple[Event, str]] = []
        bb = hand.big_blind_seat
        if bb is not None:
            bb_index = seats.index(bb)
            straddler = seats[(bb_index + 1) % n]
            out.append(
                (BlindPosted(seat=straddler, amount=3 * big, blind=BlindKind.STRADDLE), "a straddle that is not twice the big blind")
            )
            wrong = seats[(bb_index + 2) % n]
            out.append(
                (BlindPosted(seat=wrong, amount=2 * big, blind=BlindKind.STRADDLE), "a straddle from a seat not facing the big blind")
            )
            if BlindKind.BIG not in posted or (hand.small_blind_seat is not None and BlindKind.SMALL not in posted):
                out.append((BlindPosted(seat=straddler, amount=2 * big, blind=BlindKind.STRADDLE), "a straddle before the blinds"))
                first = hand.deal_order()[0]
                cards = self.fresh(setup.game.variant.hole_cards)
                out.append((HoleCardsDealt(seat=first, cards=cards), "a deal before the big blind is posted"))
        if BlindKind.STRADDLE in posted and BlindKind.RESTRADDLE not in posted:
            restraddler = seats[(seats.index(posted[BlindKind.STRADDLE]) + 1) % n]
            consents = self.consents()
            if not all(consents.get(seat) is True for seat in seats if seat != restraddler):
                out.append(
                    (BlindPosted(seat=restraddler, amount=4 * big, blind=BlindKind.RESTRADDLE), "a re-straddle without everyone's consent")
                )
        if BlindKind.STRADDLE not in posted:
            out.append((RestraddleConsent(seat=rng.choice(seats), agrees=True), "a re-straddle consent with no straddle posted"))
            out.append((BlindPosted(seat=seats[-1], amount=4 * big, blind=BlindKind.RESTRADDLE), "a re-straddle with no straddle"))
        if BlindKind.RESTRADDLE in posted and n >= 3:
            out.append(
                (
                    BlindPosted(seat=seats[-1], amount=2 * big, blind=BlindKind.MISSISSIPPI, authorized_by=MANAGER),
                    "a Mississippi that would take back a re-straddled straddle",
                )
            )
        if setup.mississippi_authorized_by is None:
            out.append((BlindPosted(seat=seats[-1], amount=2 * big, blind=BlindKind.MISSISSIPPI), "a Mississippi without authorization"))
        if n >= 3:
            off_button = BlindPosted(seat=seats[0], amount=2 * big, blind=BlindKind.MISSISSIPPI, authorized_by=MANAGER)
            out.append((off_button, "a Mississippi off the button"))
        return out

    def illegal_hole_deals(self, known: list[Card]) -> list[tuple[Event, str]]:
        hand = self.hand
        count = self.setup.game.variant.hole_cards
        out: list[tuple[Event, str]] = []
        pending = [seat for seat in hand.deal_order() if not hand.hole_cards(seat)]
        dealt = [seat for seat in hand.deal_order() if hand.hole_cards(seat)]
        fresh = self.fresh(count + 1)
        if dealt:
            out.append((HoleCardsDealt(seat=dealt[0], cards=fresh[:count]), "a second set of hole cards"))
        if pending:
            out.append((HoleCardsDealt(seat=pending[0], cards=fresh), f"{count + 1} hole cards in a {count}-card game"))
            out.append((HoleCardsDealt(seat=pending[0], cards=fresh[: count - 1] + fresh[:1]), "hole cards with a card twice"))
            if known:
                out.append((HoleCardsDealt(seat=pending[0], cards=fresh[: count - 1] + (known[0],)), f"a deal of {known[0]}, already out"))
            if len(pending) > 1:
                out.append((HoleCardsDealt(seat=pending[1], cards=fresh[:count]), "hole cards dealt out of order"))
        return out

    def illegal_betting(self) -> list[tuple[Event, str]]:
        hand = self.hand
        legal = hand.legal_actions()
        assert legal is not None
        actor = legal.seat
        out: list[tuple[Event, str]] = []
        for seat in hand.seats:
            if seat != actor:
                out.append((Called(seat=seat), "a call out of turn"))
                out.append((Folded(seat=seat), "a fold out of turn"))
                out.append((RaisedTo(seat=seat, amount=hand.current_bet + 100 * self.setup.game.stakes.big_blind), "a raise out of turn"))
                break
        if legal.must_discard:
            out.append((Checked(seat=actor), "acting before the Oklahoma discard"))
            out.append((Called(seat=actor), "acting before the Oklahoma discard"))
            out.append((WentAllIn(seat=actor), "acting before the Oklahoma discard"))
            return out
        if not legal.can_fold:
            out.append((Folded(seat=actor), "a fold right after a discard (oklahoma-rules.txt)"))
        if legal.call_amount:
            out.append((Checked(seat=actor), "a check facing a bet"))
        if legal.can_check:
            out.append((Called(seat=actor), "a call with nothing to call"))
        if hand.current_bet > 0:
            out.append((BetPlaced(seat=actor, amount=hand.current_bet * 2), "a bet when there is a bet (raise instead)"))
        else:
            out.append((RaisedTo(seat=actor, amount=self.setup.game.stakes.big_blind * 2), "a raise with no bet"))
        if legal.can_bet or legal.can_raise:
            kind = BetPlaced if legal.can_bet else RaisedTo
            out.append((kind(seat=actor, amount=legal.min_to - 1), f"a {kind.kind} below the minimum {legal.min_to}"))
            out.append((kind(seat=actor, amount=legal.max_to + 1), f"a {kind.kind} above the maximum {legal.max_to}"))
        else:
            stack = hand.stacks[actor]
            out.append((RaisedTo(seat=actor, amount=hand.bets[actor] + stack), "a raise when raising is closed"))
        return out

    def illegal_board_deals(self, known: list[Card]) -> list[tuple[Event, str]]:
        out: list[tuple[Event, str]] = []
        deals = self.deal_moves()
        if not deals:
            return out
        due = deals[0].event
        assert isinstance(due, BoardDealt)
        count = len(due.cards)
        fresh = self.fresh(count + 1)
        if len(fresh) == count + 1:
            out.append((dataclasses.replace(due, cards=fresh), f"{count + 1} board cards where {count} are due"))
        if count > 1:
            out.append((dataclasses.replace(due, cards=due.cards[:-1]), f"{count - 1} board cards where {count} are due"))
        if known:
            out.append((dataclasses.replace(due, cards=due.cards[:-1] + (known[-1],)), f"a board with {known[-1]}, already out"))
        out.append((dataclasses.replace(due, board=self.setup.game.variant.boards), "a board the game does not have"))
        out.append((dataclasses.replace(due, run=3), "a fourth run"))
        if count > 1:
            out.append((dataclasses.replace(due, cards=due.cards[:1] * count), "a board with one card twice"))
        return out


# ---------------------------------------------------------------------------------------------
# Choosing among candidates
# ---------------------------------------------------------------------------------------------

RANDOM_WEIGHTS: Mapping[str, float] = {"misdeal": 0.003, "muck": 0.5, "live post": 0.3, "dead post": 0.3}
"""Random steps: every candidate weighs 1 except these."""

FINISHING_WEIGHTS: Mapping[str, float] = {
    "misdeal": 0.0,
    "fold": 0.15,
    "bet": 0.15,
    "raise": 0.1,
    "all-in": 0.08,
    "straddle": 0.3,
    "re-straddle": 0.3,
    "re-straddle consent": 0.5,
    "Mississippi": 0.3,
    "live post": 0.1,
    "dead post": 0.1,
    "burn": 0.6,
    "run it 1": 0.3,
    "run it 2": 0.4,
    "run it 3": 0.3,
    "muck": 0.25,
    "show early": 0.2,
}
"""Playing a hand out: mostly checks, calls, discards, boards and shows."""


def weighted_choice(moves: list[Move], weights: Mapping[str, float], rng: random.Random) -> Move | None:
    table = [(move, weights.get(move.label, 1.0)) for move in moves]
    table = [(move, weight) for move, weight in table if weight > 0]
    if not table:
        return None
    total = sum(weight for _, weight in table)
    roll = rng.random() * total
    for move, weight in table:
        roll -= weight
        if roll <= 0:
            return move
    return table[-1][0]


def step(table: Table, rng: random.Random, weights: Mapping[str, float], *, illegal_rate: float = 0.3) -> bool:
    """Make one legal move (and now and then throw an illegal one); False if none was accepted."""
    moves = table.legal_moves(rng)
    if not table.hand.is_complete:
        assert moves, f"no legal move in phase {table.hand.phase}"
    if rng.random() < illegal_rate:
        throw_illegal(table, rng, 1)
    while moves:
        move = weighted_choice(moves, weights, rng)
        if move is None:
            return False
        if table.play(move):
            follow_up(table, move, rng)
            return True
        moves.remove(move)
    assert table.hand.is_complete, f"every candidate refused in phase {table.hand.phase}"
    return False


def follow_up(table: Table, move: Move, rng: random.Random) -> None:
    """Agreements are usually asked of the whole table at once: the others answer in turn."""
    hand = table.hand
    if isinstance(move.event, RestraddleConsent) and rng.random() < 0.6:
        answered = table.consents()
        for seat in hand.seats:
            if seat not in answered and hand.phase is Phase.POSTING:
                table.play(Move("re-straddle consent", RestraddleConsent(seat=seat, agrees=rng.random() < 0.95)))
    elif isinstance(move.event, RunsChosen) and rng.random() < 0.7:
        # SPEC, Extra boards: the contenders agree (or one objects and keeps their pots to one run).
        for seat in table.live():
            if seat != move.event.seat and hand.runs_window_open():
                table.play(Move(f"run it {move.event.runs}", RunsChosen(seat=seat, runs=move.event.runs)))


def throw_illegal(table: Table, rng: random.Random, count: int) -> None:
    candidates = table.illegal_moves(rng)
    for event_, why in rng.sample(candidates, min(len(candidates), count)):
        table.refuse(event_, why)


def play_out(table: Table, rng: random.Random, *, max_steps: int = 400) -> None:
    """Play the current hand to its end with mostly passive choices."""
    for _ in range(max_steps):
        if table.hand.is_complete:
            return
        step(table, rng, FINISHING_WEIGHTS, illegal_rate=0.15)
    raise AssertionError(f"hand not finished after {max_steps} steps (phase {table.hand.phase})")


# ---------------------------------------------------------------------------------------------
# Set-ups
# ---------------------------------------------------------------------------------------------


@st.composite
def hand_setups(draw: st.DrawFn, code: str) -> HandSetup:
    structure = draw(st.sampled_from(list(Structure)))
    variant = VARIANTS[code]
    most = min(variant.max_players, variant.deck_capacity(), len(TABLE_SEATS))
    count = draw(st.integers(2, most))
    unit = draw(st.sampled_from((1, 1, 1, 5)))
    small, big = draw(st.sampled_from(((1, 2), (1, 2), (1, 3), (2, 4), (5, 10), (2, 5))))
    small, big = small * unit, big * unit
    small_bet = big_bet = None
    if structure is Structure.LIMIT and draw(st.booleans()):
        small_bet = draw(st.sampled_from((big, 2 * big)))
        big_bet = 2 * small_bet
    rake = draw(
        st.one_of(
            st.just(Rake()),
            st.builds(
                Rake,
                percent=st.sampled_from((2.5, 5.0, 10.0)),
                cap=st.sampled_from((None, 3 * big, 2 * unit)),
                no_flop_no_drop=st.booleans(),
                jackpot_drop=st.sampled_from((0, unit, big)),
                jackpot_threshold=st.sampled_from((0, 10 * big)),
            ),
        )
    )
    house = draw(
        st.builds(
            HouseRules,
            limit_raises_per_round=st.sampled_from((3, 3, 4, 1)),
            limit_heads_up_uncapped=st.booleans(),
            mississippi_preflop_order=st.sampled_from(list(MississippiPreflopOrder)),
            straddle_precedence=st.sampled_from(list(StraddlePrecedence)),
            button_straddle_in_limit=st.booleans(),
            odd_chip_to_first_run=st.booleans(),
            max_runs=st.sampled_from((3, 3, 2, 1)),
        )
    )
    game: Game = make_game(
        code, structure, small_blind=small, big_blind=big, small_bet=small_bet, big_bet=big_bet, chip_unit=unit, rake=rake, house=house
    )
    seats = draw(st.lists(st.sampled_from(TABLE_SEATS), min_size=count, max_size=count, unique=True))
    in_big_blinds = st.one_of(
        st.integers(1, 3 * big // unit),
        st.integers(5 * big // unit, 60 * big // unit),
        st.just(100 * big // unit),
        st.integers(100 * big // unit, 300 * big // unit),
    )
    stacks = {seat: draw(in_big_blinds) * unit for seat in sorted(seats)}
    return HandSetup(
        game=game,
        stacks=stacks,
        button=draw(st.sampled_from(sorted(seats))),
        straddles_allowed=draw(st.sampled_from((True, True, False))),
        mississippi_authorized_by=draw(st.sampled_from((None, MANAGER))),
        extra_boards_allowed=draw(st.sampled_from((True, True, False))),
        hand_id="stateful",
    )


# ---------------------------------------------------------------------------------------------
# The state machine
# ---------------------------------------------------------------------------------------------


EXAMPLES_PER_VARIANT = 20
"""12 variants x 20 = 240 runs of up to 60 steps, each often several hands long."""


def machine_for(code: str) -> type[RuleBasedStateMachine]:
    """The state machine for one variant (so that every variant gets its share of runs)."""

    class HandMachine(RuleBasedStateMachine):
        """Random legal and illegal events, undos and play-outs over a run of hands at one table."""

        table: Table

        @initialize(setup=hand_setups(code), rng=st.randoms(use_true_random=False))
        def open_table(self, setup: HandSetup, rng: random.Random) -> None:
            self.table = Table(setup, rng)
            event(f"structure {setup.game.structure.value}")
            event(f"{len(setup.stacks)} players")

        def hand_in_play(self) -> Table:
            """The current hand, or the next one if it is over."""
            if self.table.hand.is_complete:
                self.table.next_hand()
            return self.table

        @rule(rng=st.randoms(use_true_random=False))
        def legal_event(self, rng: random.Random) -> None:
            step(self.hand_in_play(), rng, RANDOM_WEIGHTS)

        @rule(rng=st.randoms(use_true_random=False))
        def illegal_events(self, rng: random.Random) -> None:
            throw_illegal(self.table, rng, 4)

        @rule(rng=st.randoms(use_true_random=False))
        def play_hand_out(self, rng: random.Random) -> None:
            table = self.hand_in_play()
            play_out(table, rng)
            assert table.hand.is_complete

        @rule()
        def dealer_undo(self) -> None:
            if self.table.history:
                self.table.undo()

        @invariant()
        def books_balance(self) -> None:
            if hasattr(self, "table"):
                self.table.check_invariants()

        def teardown(self) -> None:
            if hasattr(self, "table"):
                # Every run ends by playing its open hand out, so every run reaches the settlement.
                play_out(self.table, random.Random(len(self.table.hand.events)))
                finished = self.table.completed
                event(f"hands completed in the run: {min(finished, 3)}{'+' if finished >= 3 else ''}")

    HandMachine.__name__ = HandMachine.__qualname__ = f"HandMachine_{_slug(code)}"
    return HandMachine


def _slug(code: str) -> str:
    return code.replace("/8", "_HiLo")


MACHINE_SETTINGS = settings(
    max_examples=EXAMPLES_PER_VARIANT,
    stateful_step_count=60,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)
MACHINES = {code: machine_for(code) for code in sorted(VARIANTS)}
for _code, _machine in MACHINES.items():
    _machine.TestCase.settings = MACHINE_SETTINGS
    globals()[f"TestHandMachine_{_slug(_code)}"] = _machine.TestCase


# ---------------------------------------------------------------------------------------------
# Plain tests over the same driver
# ---------------------------------------------------------------------------------------------


def _every_game() -> list[tuple[str, Structure]]:
    return [(code, structure) for code in sorted(VARIANTS) for structure in Structure]


def _plain_setup(code: str, structure: Structure, rng: random.Random, *, rake: bool) -> HandSetup:
    variant = VARIANTS[code]
    most = min(variant.max_players, variant.deck_capacity())
    count = rng.randint(2, most)
    seats = sorted(rng.sample(TABLE_SEATS, count))
    game = make_game(
        code,
        structure,
        small_blind=1,
        big_blind=2,
        rake=Rake(percent=5.0, cap=6, jackpot_drop=1) if rake else None,
        house=HouseRules(button_straddle_in_limit=True),
    )
    stacks = {seat: rng.choice((rng.randint(1, 6), rng.randint(10, 120), 200, rng.randint(200, 600))) for seat in seats}
    return HandSetup(
        game=game,
        stacks=stacks,
        button=rng.choice(seats),
        mississippi_authorized_by=MANAGER if rng.random() < 0.5 else None,
    )


COVERED_PATHS = frozenset(
    {
        "small blind", "big blind", "straddle", "re-straddle consent", "Mississippi", "deal hole cards", "fold", "check",
        "call", "bet", "raise", "all-in", "discard", "burn", "deal board", "run it 1", "run it 2", "run it 3", "show early",
        "show", "muck", "re-straddle", "live post", "dead post",
    }
)
"""Every kind of event the brief names; random play over every game must use each of them."""


def test_random_play_completes_hands_in_every_game_and_structure() -> None:
    """Random legal play (with illegal events thrown in) finishes hands of every game and
    structure with every chip awarded, and uses every kind of event on the way.

    Source: SPEC, Games and Betting structures (every variant with Limit, Pot-limit and
    No-limit); SPEC, Chip audit ("all contributions = pots awarded + rake + jackpot drop +
    returned uncalled bets, to the chip"). Every step is checked as in the state machine
    (conservation, undo and redo, refusals change nothing, replay from plain data).
    """
    rng = random.Random(20240611)
    finished: dict[tuple[str, Structure], int] = {}
    used: set[str] = set()
    run_counts: set[int] = set()
    refused = 0
    for code, structure in _every_game():
        for hand_number in range(3):
            table = Table(_plain_setup(code, structure, rng, rake=hand_number == 1), rng)
            for _ in range(rng.randint(0, 12)):
                if table.hand.is_complete:
                    break
                step(table, rng, {**RANDOM_WEIGHTS, "misdeal": 0.0}, illegal_rate=1.0)
            play_out(table, rng)
            assert table.hand.phase is Phase.COMPLETE
            finished[(code, structure)] = finished.get((code, structure), 0) + 1
            used |= set(table.labels)
            run_counts |= table.run_counts
            refused += table.refused
    assert finished == {key: 3 for key in _every_game()}
    assert COVERED_PATHS <= used, f"never exercised: {sorted(COVERED_PATHS - used)}"
    assert run_counts == {2, 3}, "no hand was run twice and three times"
    assert refused > 500


def test_every_finished_random_hand_awards_every_chip_with_rake() -> None:
    """With a percentage rake, a cap and a jackpot drop, the house take comes out of the pots and
    the rest is awarded to the chip, over several hands carried from one to the next.

    Source: SPEC, All-in, side pots, extra boards, showdown ("Rake ... taken from the pot before
    it is split"; "Chip audit").
    """
    rng = random.Random(77)
    raked = 0
    for code, structure in _every_game()[::2]:
        table = Table(_plain_setup(code, structure, rng, rake=True), rng)
        for _ in range(4):
            play_out(table, rng)
            result = table.hand.result
            assert result is not None and result.audit.balanced
            raked += result.rake + result.jackpot
            table.next_hand()
    assert raked > 0, "no hand paid any rake: the rake paths did not run"


def test_random_play_with_undos_never_gets_stuck() -> None:
    """The engine never leaves a hand stuck: until it is complete some legal event exists, and
    random play with the dealer's undos mixed in (each returning the exact earlier state) still
    reaches the end.

    Source: SPEC, "Who uses it" ("The console must never make the dealer wait"; "undo is always
    one key away") and Records and review (an undo is a new event that voids the latest).
    """
    rng = random.Random(5)
    undos = 0
    for code, structure in _every_game():
        table = Table(_plain_setup(code, structure, rng, rake=False), rng)
        for _ in range(300):
            if table.hand.is_complete:
                break
            if table.history and rng.random() < 0.15:
                table.undo()
                undos += 1
            else:
                step(table, rng, {**RANDOM_WEIGHTS, "misdeal": 0.0})
        play_out(table, rng)
        assert table.hand.phase is Phase.COMPLETE
    assert undos > 100


def test_chips_a_folded_top_bettor_matched_are_not_lost() -> None:
    """Found by the state machine: when the biggest bettor folds and the chips that match theirs
    come only from other folded players, those chips still go to the pot (and the unmatched
    part back to its owner), so no chip disappears.

    Worked by hand: blinds 5/10; seat 2 posts the big blind all-in for 2; seat 3 posts a live
    10 (omaha-limit-basics.txt: a new player may post a big blind to play at once); seats 3, 4
    and 1 fold. Seat 3's 10 is matched to 5 by seat 1 only: the 5 nobody matched goes back to
    seat 3 (omaha-club-rules.txt, ALL-IN: the difference is given back as change), and seat 2,
    the only player left, takes every other chip in the pot (omaha-club-rules.txt, PREFLOP:
    "all the chips that were put in the POT earlier go to the winner"): 2 + 5 + 5 = 12.
    """
    game = make_game("O", Structure.NO_LIMIT, small_blind=5, big_blind=10)
    hand = Hand(HandSetup(game=game, stacks={1: 100, 2: 2, 3: 100, 4: 100}, button=4))
    hand.post_blind(1, 5, BlindKind.SMALL)
    hand.post_blind(2, 2, BlindKind.BIG)
    hand.post_blind(3, 10, BlindKind.LIVE)
    for seat, cards in zip(hand.deal_order(), ("AsKsQsJs", "2c3c4c5c", "AhKhQhJh", "AdKdQdJd"), strict=True):
        hand.deal_hole(seat, cards)
    for seat in (3, 4, 1):
        hand.fold(seat)
    result = hand.result
    assert hand.phase is Phase.COMPLETE and result is not None
    assert result.audit.balanced
    assert dict(result.returned) == {3: 5}
    assert dict(result.final_stacks) == {1: 95, 2: 12, 3: 95, 4: 100}
