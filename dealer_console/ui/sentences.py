"""The rules engine's and the running table's sentences in the screen's language.

The engine and ``live/`` have no Qt and keep their English API: a refusal, a notice or a result line
is an English sentence built from a fixed template ("Seat 4 cannot fold: they discarded this round",
"Main pot (run 1): 101 to seat 5 (101) with Two Pair, Aces and Kings"). This module holds those
templates, each marked for ``pyside6-lupdate`` in the context that says what it is (a whole sentence,
a reason, a verb, a hand's name...). :func:`translate_sentence` recognises a sentence by its template
and fills the template's translation with its parts, each translated in turn by what its field names:
numbers, seats, cards and people's names stay as they are; a reason, a verb, a street, a hand or a rank
is translated in its own context (Russian needs a rank in four forms: "тузы", "тузов", "туз", "туза").
A sentence that no template matches is shown as it is; the test over the screen's states fails on it.

Templates with a count (``%n``) are translated with the count, so Russian gets its plural forms; their
source texts are also written out in :class:`Counted` (``tr`` with a count is what makes lupdate give an
entry plural forms).
"""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject

from dealer_console.engine.games import VARIANTS

if TYPE_CHECKING:  # PySide6's stub types the marker's result as object; it returns the text

    def QT_TRANSLATE_NOOP(context: str, text: str) -> str: ...
else:
    from PySide6.QtCore import QT_TRANSLATE_NOOP

__all__ = ["Counted", "TEMPLATES", "WORDS", "game_name", "game_title", "translate_in", "translate_sentence"]


TEMPLATES: dict[str, tuple[str, ...]] = {
    "Sentence": (
        QT_TRANSLATE_NOOP("Sentence", "{who} cannot {verb}: {why}"),
        QT_TRANSLATE_NOOP("Sentence", "Seat {seat} all-in for {amount}: reopens the betting"),
        QT_TRANSLATE_NOOP("Sentence", "Seat {seat} all-in for {amount}: is less than a full raise and does not reopen the betting"),
        QT_TRANSLATE_NOOP("Sentence", "Seat {seat} gets back {amount} uncalled"),
        QT_TRANSLATE_NOOP("Sentence", "{pot} ({where}): {amount} to {winners} with {hand}"),
        QT_TRANSLATE_NOOP("Sentence", "{pot} ({where}): {amount} to {winners}"),
        QT_TRANSLATE_NOOP("Sentence", "{pot}: {amount} to {winners} with {hand}"),
        QT_TRANSLATE_NOOP("Sentence", "{pot}: {amount} to {winners}"),
        QT_TRANSLATE_NOOP("Sentence", "Rake {amount}, jackpot drop {amount2}"),
        QT_TRANSLATE_NOOP("Sentence", "Misdeal: the hand is void and every chip goes back; the button does not move"),
        QT_TRANSLATE_NOOP("Sentence", "Not recorded, so nothing changed: {text}"),
        QT_TRANSLATE_NOOP("Sentence", "Not recorded: {text}. What was recorded before it stands; repeat the step"),
        QT_TRANSLATE_NOOP("Sentence", "Nothing to undo: the hand has no events"),
        QT_TRANSLATE_NOOP("Sentence", "Only the latest event (#{n}) can be undone, not #{n2}"),
        QT_TRANSLATE_NOOP("Sentence", "Seat {seat} cannot show: their cards were not seen; name them"),
        QT_TRANSLATE_NOOP("Sentence", "Seat {seat} cannot discard {card}: they do not hold it"),
        QT_TRANSLATE_NOOP("Sentence", "Seat {seat} cannot discard {card}: they were not dealt it"),
        QT_TRANSLATE_NOOP("Sentence", "Seat {seat} cannot show {cards}: they were dealt {card}"),
        QT_TRANSLATE_NOOP("Sentence", "Seat {seat} cannot show {cards}: a card appears twice"),
        QT_TRANSLATE_NOOP("Sentence", "Seat {seat} cannot show {cards}: they were not dealt {card}"),
        QT_TRANSLATE_NOOP("Sentence", "No hand is in progress"),
        QT_TRANSLATE_NOOP("Sentence", "Hand {n} is in progress; the next hand is planned when it is over"),
    ),
    "Devices": (
        QT_TRANSLATE_NOOP("Devices", "HELLO from {name} ({role}, protocol {version}, {name2})"),
        QT_TRANSLATE_NOOP("Devices", "not started"),
        QT_TRANSLATE_NOOP("Devices", "cannot open the camera: {text}"),
        QT_TRANSLATE_NOOP("Devices", "Seat {seat}: {chips}"),
        QT_TRANSLATE_NOOP("Devices", "Seat {seat} is not dealt in, but its bet zone shows {amount}"),
        QT_TRANSLATE_NOOP("Devices", "Seat {seat} is not to act, but its bet zone shows {amount} against {amount2} in front"),
        QT_TRANSLATE_NOOP("Devices", "Seat {seat}: the dealer entered {action} for {amount}, the bet zone shows {amount2}"),
        QT_TRANSLATE_NOOP("Devices", "The button is on seat {seat} for the console, the sensor sees it on {place}"),
        QT_TRANSLATE_NOOP("Devices", "No bet is read from the chips of the seat to act"),
        QT_TRANSLATE_NOOP("Devices", "The chips changed: seat {seat} now reads {action} {amount}; look again and accept"),
    ),
    "Chips": (
        QT_TRANSLATE_NOOP("Chips", "the bet zone shows {amount}, less than the {amount2} already in front"),
        QT_TRANSLATE_NOOP("Chips", "the bet zone shows {amount}, more than the seat's {amount2} in chips"),
        QT_TRANSLATE_NOOP("Chips", "the call is {amount}, the bet zone shows {amount2}"),
        QT_TRANSLATE_NOOP("Chips", "the smallest bet is {amount}, the bet zone shows {amount2}"),
        QT_TRANSLATE_NOOP("Chips", "chips match the call to {amount}"),
        QT_TRANSLATE_NOOP("Chips", "all-in for {amount}, less than the call to {amount2}"),
        QT_TRANSLATE_NOOP("Chips", "a single oversized chip of {amount} without a declaration is a call to {amount2} (TDA 46)"),
        QT_TRANSLATE_NOOP("Chips", "every chip is needed for the call to {amount}: a call (TDA 45)"),
        QT_TRANSLATE_NOOP("Chips", "all-in bet of {amount}"),
        QT_TRANSLATE_NOOP("Chips", "the largest bet is {amount}; {amount2} goes back"),
        QT_TRANSLATE_NOOP("Chips", "bet of {amount}"),
        QT_TRANSLATE_NOOP("Chips", "a raise is not allowed now; a call to {amount}, {amount2} goes back"),
        QT_TRANSLATE_NOOP("Chips", "a raise is not allowed now; {amount} goes back"),
        QT_TRANSLATE_NOOP("Chips", "all-in raise to {amount}"),
        QT_TRANSLATE_NOOP("Chips", "the largest raise is to {amount}; {amount2} goes back"),
        QT_TRANSLATE_NOOP("Chips", "raise to {amount} (raise declared)"),
        QT_TRANSLATE_NOOP("Chips", "raise to {amount} (chips beyond the call)"),
        QT_TRANSLATE_NOOP("Chips", "raise to {amount} (a single chip where no call was owed)"),
        QT_TRANSLATE_NOOP("Chips", "{amount} is short of the minimum raise to {amount2}: a full raise is owed (TDA 43)"),
        QT_TRANSLATE_NOOP("Chips", "{amount} is less than half a raise: a call to {amount2} (TDA 43)"),
        QT_TRANSLATE_NOOP("Chips", "{amount} is less than half a raise: a check, the chips go back (TDA 43)"),
    ),
    "Place": (QT_TRANSLATE_NOOP("Place", "no seat"), QT_TRANSLATE_NOOP("Place", "seat {seat}")),
    "Action": (
        QT_TRANSLATE_NOOP("Action", "check"),
        QT_TRANSLATE_NOOP("Action", "call"),
        QT_TRANSLATE_NOOP("Action", "bet"),
        QT_TRANSLATE_NOOP("Action", "raise"),
        QT_TRANSLATE_NOOP("Action", "all-in"),
        QT_TRANSLATE_NOOP("Action", "fold"),
    ),
    "BoardRole": (QT_TRANSLATE_NOOP("BoardRole", "zones"), QT_TRANSLATE_NOOP("BoardRole", "button"), QT_TRANSLATE_NOOP("BoardRole", "combined")),
    "SignIn": (
        QT_TRANSLATE_NOOP("SignIn", "sign-in refused for {quoted}: unknown name or wrong PIN or password"),
        QT_TRANSLATE_NOOP("SignIn", "sign-in refused for {quoted}: the account was locked out meanwhile; a floor manager must unlock it"),
    ),
    "Floor": (
        QT_TRANSLATE_NOOP("Floor", "table {n} ({name}): BROKEN: {text}"),
        QT_TRANSLATE_NOOP("Floor", "table {n} ({name}): PROJECTION DIFFERS: {text}"),
        QT_TRANSLATE_NOOP("Floor", "no settlement: the hand is {phase}"),
        QT_TRANSLATE_NOOP("Floor", "{pot} {amount} (seats {numbers})"),
        QT_TRANSLATE_NOOP("Floor", "stacks: {stacks}"),
        QT_TRANSLATE_NOOP("Floor", "chip audit: {audit}"),
        QT_TRANSLATE_NOOP("Floor", "Hand reading dispute: window OPEN (until the next hand starts)"),
        QT_TRANSLATE_NOOP("Floor", "Accounting dispute: window OPEN (until substantial action on the next hand)"),
        QT_TRANSLATE_NOOP("Floor", "Hand reading dispute: window CLOSED at {time} UTC ({closed}); a ruling now is recorded as late"),
        QT_TRANSLATE_NOOP("Floor", "Accounting dispute: window CLOSED at {time} UTC ({closed}); a ruling now is recorded as late"),
    ),
    "Closed": (
        QT_TRANSLATE_NOOP("Closed", "hand #{n} started, seq {n2}"),
        QT_TRANSLATE_NOOP("Closed", "substantial action on hand #{n}, seq {n2}"),
    ),
    "Audit": (
        QT_TRANSLATE_NOOP("Audit", "contributed {amount} = awarded {amount2} + rake {amount3} + jackpot drop {amount4} + returned {amount5}: balanced"),
        QT_TRANSLATE_NOOP("Audit", "contributed {amount} = awarded {amount2} + rake {amount3} + jackpot drop {amount4} + returned {amount5}: NOT BALANCED"),
    ),
    "Stack": (QT_TRANSLATE_NOOP("Stack", "seat {seat} {amount}"),),
    "Who": (QT_TRANSLATE_NOOP("Who", "Seat {seat}"), QT_TRANSLATE_NOOP("Who", "The dealer")),
    "Verb": (
        QT_TRANSLATE_NOOP("Verb", "fold"),
        QT_TRANSLATE_NOOP("Verb", "check"),
        QT_TRANSLATE_NOOP("Verb", "call"),
        QT_TRANSLATE_NOOP("Verb", "bet"),
        QT_TRANSLATE_NOOP("Verb", "raise"),
        QT_TRANSLATE_NOOP("Verb", "bet to {amount}"),
        QT_TRANSLATE_NOOP("Verb", "raise to {amount}"),
        QT_TRANSLATE_NOOP("Verb", "go all-in"),
        QT_TRANSLATE_NOOP("Verb", "discard"),
        QT_TRANSLATE_NOOP("Verb", "post a {blind}"),
        QT_TRANSLATE_NOOP("Verb", "answer a re-straddle"),
        QT_TRANSLATE_NOOP("Verb", "be dealt cards"),
        QT_TRANSLATE_NOOP("Verb", "burn a card"),
        QT_TRANSLATE_NOOP("Verb", "deal the board"),
        QT_TRANSLATE_NOOP("Verb", "choose runs"),
        QT_TRANSLATE_NOOP("Verb", "show"),
        QT_TRANSLATE_NOOP("Verb", "muck"),
        QT_TRANSLATE_NOOP("Verb", "declare a misdeal"),
    ),
    "Blind": (
        QT_TRANSLATE_NOOP("Blind", "small blind"),
        QT_TRANSLATE_NOOP("Blind", "big blind"),
        QT_TRANSLATE_NOOP("Blind", "straddle"),
        QT_TRANSLATE_NOOP("Blind", "re-straddle"),
        QT_TRANSLATE_NOOP("Blind", "Mississippi straddle"),
        QT_TRANSLATE_NOOP("Blind", "live post"),
        QT_TRANSLATE_NOOP("Blind", "dead post"),
        QT_TRANSLATE_NOOP("Blind", "ante"),
    ),
    "Reason": (
        QT_TRANSLATE_NOOP("Reason", "the hand was declared a misdeal"),
        QT_TRANSLATE_NOOP("Reason", "the hand is over"),
        QT_TRANSLATE_NOOP("Reason", "they are not dealt in this hand"),
        QT_TRANSLATE_NOOP("Reason", "the first card has been dealt (omaha-club-rules.txt, STRADDLE/RESTRADDLE 2)"),
        QT_TRANSLATE_NOOP("Reason", "the amount {amount} must be positive"),
        QT_TRANSLATE_NOOP("Reason", "they have only {amount}"),
        QT_TRANSLATE_NOOP("Reason", "antes are posted before the blinds"),
        QT_TRANSLATE_NOOP("Reason", "they have already posted their ante"),
        QT_TRANSLATE_NOOP("Reason", "they have already posted it"),
        QT_TRANSLATE_NOOP("Reason", "seat {seat} has already posted it"),
        QT_TRANSLATE_NOOP("Reason", "the small blind is seat {seat}"),
        QT_TRANSLATE_NOOP("Reason", "the small blind is {amount}"),
        QT_TRANSLATE_NOOP("Reason", "the big blind is seat {seat}"),
        QT_TRANSLATE_NOOP("Reason", "the big blind is {amount}"),
        QT_TRANSLATE_NOOP("Reason", "they are in the blinds already"),
        QT_TRANSLATE_NOOP("Reason", "a live post is the big blind, {amount}"),
        QT_TRANSLATE_NOOP("Reason", "a dead post is at most the small blind, {amount}"),
        QT_TRANSLATE_NOOP("Reason", "the big blind has not been posted"),
        QT_TRANSLATE_NOOP("Reason", "the small blind has not been posted"),
        QT_TRANSLATE_NOOP("Reason", "only the button may (omaha-club-rules.txt, MISSISSIPPI)"),
        QT_TRANSLATE_NOOP("Reason", "the button is in the blinds"),
        QT_TRANSLATE_NOOP("Reason", "the table has no manager's authorization for Mississippi straddles on record"),
        QT_TRANSLATE_NOOP("Reason", "button straddles are not allowed in limit at this table"),
        QT_TRANSLATE_NOOP("Reason", "a straddle is posted and the straddle has precedence"),
        QT_TRANSLATE_NOOP("Reason", "the straddle has been re-straddled"),
        QT_TRANSLATE_NOOP("Reason", "it must be exactly twice the big blind, {amount}"),
        QT_TRANSLATE_NOOP("Reason", "straddles are not allowed at this table"),
        QT_TRANSLATE_NOOP("Reason", "a Mississippi straddle is posted and it has precedence"),
        QT_TRANSLATE_NOOP("Reason", "there is no straddle to re-straddle"),
        QT_TRANSLATE_NOOP("Reason", "seat {seat} said no (omaha-club-rules.txt, STRADDLE/RESTRADDLE)"),
        QT_TRANSLATE_NOOP("Reason", "every player must agree; waiting for seat(s) {seats}"),
        QT_TRANSLATE_NOOP("Reason", "only the player facing the {blind} (seat {seat}) may"),
        QT_TRANSLATE_NOOP("Reason", "never from the blinds (heads-up small blind only with the manager's authorization)"),
        QT_TRANSLATE_NOOP("Reason", "it must be exactly twice the {blind}, {amount}"),
        QT_TRANSLATE_NOOP("Reason", "there is no straddle awaiting a re-straddle"),
        QT_TRANSLATE_NOOP("Reason", "the re-straddle is already posted"),
        QT_TRANSLATE_NOOP("Reason", "the deal is over"),
        QT_TRANSLATE_NOOP("Reason", "seat {seat} has not posted the {blind}"),
        QT_TRANSLATE_NOOP("Reason", "they already have their cards"),
        QT_TRANSLATE_NOOP("Reason", "the deal goes in order; seat {seat} is next"),
        QT_TRANSLATE_NOOP("Reason", "the deck is empty"),
        QT_TRANSLATE_NOOP("Reason", "the hole cards are not all dealt"),
        QT_TRANSLATE_NOOP("Reason", "seat {seat} is still to act on the {street}"),
        QT_TRANSLATE_NOOP("Reason", "seat {seat} still owes a discard (oklahoma-rules.txt: no next street while a discard is owed)"),
        QT_TRANSLATE_NOOP("Reason", "board {n} of run {n2} is complete"),
        QT_TRANSLATE_NOOP("Reason", "board {n} already has the {street}; the other board is next"),
        QT_TRANSLATE_NOOP("Reason", "there are not enough cards left in the deck"),
        QT_TRANSLATE_NOOP("Reason", "there is no betting now"),
        QT_TRANSLATE_NOOP("Reason", "they have folded"),
        QT_TRANSLATE_NOOP("Reason", "it is seat {seat}'s turn"),
        QT_TRANSLATE_NOOP("Reason", "they must discard first (oklahoma-rules.txt: discard, then bet)"),
        QT_TRANSLATE_NOOP("Reason", "they discarded this round (oklahoma-rules.txt: no fold in the same action as a discard)"),
        QT_TRANSLATE_NOOP("Reason", "there is a bet of {amount} to call"),
        QT_TRANSLATE_NOOP("Reason", "there is no bet to call; check instead"),
        QT_TRANSLATE_NOOP("Reason", "there is a bet of {amount}; raise instead"),
        QT_TRANSLATE_NOOP("Reason", "there is no bet to raise; bet instead"),
        QT_TRANSLATE_NOOP("Reason", "they do not have chips to raise"),
        QT_TRANSLATE_NOOP("Reason", "nobody left can call a raise"),
        QT_TRANSLATE_NOOP("Reason", "the all-in for less than a full raise did not reopen the betting"),
        QT_TRANSLATE_NOOP("Reason", "they have only {amount} behind ({amount2} in all)"),
        QT_TRANSLATE_NOOP("Reason", "the limit is {amount}"),
        QT_TRANSLATE_NOOP("Reason", "the pot limit is {amount}"),
        QT_TRANSLATE_NOOP("Reason", "the most is {amount}"),
        QT_TRANSLATE_NOOP("Reason", "the minimum is {amount}"),
        QT_TRANSLATE_NOOP("Reason", "{amount} is over the {structure} maximum of {amount2}"),
        QT_TRANSLATE_NOOP("Reason", "{variant} has no discards"),
        QT_TRANSLATE_NOOP("Reason", "they have already discarded on the {street}"),
        QT_TRANSLATE_NOOP("Reason", "there is no discard on the {street}; discards come on the flop and turn rounds"),
        QT_TRANSLATE_NOOP("Reason", "it is seat {seat}'s turn; a discard is part of the player's own action"),
        QT_TRANSLATE_NOOP("Reason", "extra boards are not allowed at this table"),
        QT_TRANSLATE_NOOP("Reason", "extra boards are offered only after the last discard (Oklahoma)"),
        QT_TRANSLATE_NOOP("Reason", "extra boards are chosen only when the betting is over and the board is not complete"),
        QT_TRANSLATE_NOOP("Reason", "their hand is already tabled"),
        QT_TRANSLATE_NOOP("Reason", "they have mucked"),
        QT_TRANSLATE_NOOP("Reason", "hands are shown once the betting is over"),
        QT_TRANSLATE_NOOP("Reason", "they still have an Oklahoma discard to make"),
        QT_TRANSLATE_NOOP("Reason", "mucking is for the showdown; fold instead"),
        QT_TRANSLATE_NOOP("Reason", "their hand is already out"),
        QT_TRANSLATE_NOOP("Reason", "their hand is tabled; cards speak"),
        QT_TRANSLATE_NOOP("Reason", "theirs is the last live hand"),
        QT_TRANSLATE_NOOP("Reason", "there has been substantial action (TDA: two actions, one with chips, or three)"),
    ),
    "Street": (
        QT_TRANSLATE_NOOP("Street", "pre-flop"),
        QT_TRANSLATE_NOOP("Street", "flop"),
        QT_TRANSLATE_NOOP("Street", "turn"),
        QT_TRANSLATE_NOOP("Street", "river"),
    ),
    "Pot": (QT_TRANSLATE_NOOP("Pot", "Main pot"), QT_TRANSLATE_NOOP("Pot", "Side pot {n}")),
    "Where": (
        QT_TRANSLATE_NOOP("Where", "run {n}"),
        QT_TRANSLATE_NOOP("Where", "board {n}"),
        QT_TRANSLATE_NOOP("Where", "high"),
        QT_TRANSLATE_NOOP("Where", "low"),
    ),
    "Winner": (QT_TRANSLATE_NOOP("Winner", "seat {seat} ({amount})"),),
    "Hand": (
        QT_TRANSLATE_NOOP("Hand", "Royal Flush"),
        QT_TRANSLATE_NOOP("Hand", "Straight Flush, {rank_gen} high"),
        QT_TRANSLATE_NOOP("Hand", "Four {ranks_gen}"),
        QT_TRANSLATE_NOOP("Hand", "{ranks_gen} full of {ranks_gen2}"),
        QT_TRANSLATE_NOOP("Hand", "Flush, {rank}-{rank2} high"),
        QT_TRANSLATE_NOOP("Hand", "Straight, {rank_gen} high"),
        QT_TRANSLATE_NOOP("Hand", "Three {ranks_gen}"),
        QT_TRANSLATE_NOOP("Hand", "Two Pair, {ranks} and {ranks2}"),
        QT_TRANSLATE_NOOP("Hand", "Pair of {ranks_gen}"),
        QT_TRANSLATE_NOOP("Hand", "High card {rank}"),
        QT_TRANSLATE_NOOP("Hand", "{cards} low"),
    ),
    "Game": (QT_TRANSLATE_NOOP("Game", "{structure} {variant}"),),
    "Structure": (
        QT_TRANSLATE_NOOP("Structure", "Limit"),
        QT_TRANSLATE_NOOP("Structure", "Pot-limit"),
        QT_TRANSLATE_NOOP("Structure", "No-limit"),
        QT_TRANSLATE_NOOP("Structure", "limit"),
        QT_TRANSLATE_NOOP("Structure", "pot-limit"),
        QT_TRANSLATE_NOOP("Structure", "no-limit"),
    ),
    "Variant": (
        QT_TRANSLATE_NOOP("Variant", "Omaha"),
        QT_TRANSLATE_NOOP("Variant", "Omaha Hi-Lo 8-or-better"),
        QT_TRANSLATE_NOOP("Variant", "Five-card Omaha"),
        QT_TRANSLATE_NOOP("Variant", "Five-card Omaha Hi-Lo"),
        QT_TRANSLATE_NOOP("Variant", "Six-card Omaha"),
        QT_TRANSLATE_NOOP("Variant", "Six-card Omaha Hi-Lo"),
        QT_TRANSLATE_NOOP("Variant", "Double-board Omaha"),
        QT_TRANSLATE_NOOP("Variant", "Double-board Omaha Hi-Lo"),
        QT_TRANSLATE_NOOP("Variant", "Five-card Double-board Omaha"),
        QT_TRANSLATE_NOOP("Variant", "Six-card Double-board Omaha"),
        QT_TRANSLATE_NOOP("Variant", "Six-card Double-board Omaha Hi-Lo"),
        QT_TRANSLATE_NOOP("Variant", "Oklahoma"),
    ),
}
"""Every template, by the context it is translated in (``{field}`` parts; a trailing digit tells two apart)."""

WORDS: dict[str, tuple[str, ...]] = {
    "Rank": (
        QT_TRANSLATE_NOOP("Rank", "Two"),
        QT_TRANSLATE_NOOP("Rank", "Three"),
        QT_TRANSLATE_NOOP("Rank", "Four"),
        QT_TRANSLATE_NOOP("Rank", "Five"),
        QT_TRANSLATE_NOOP("Rank", "Six"),
        QT_TRANSLATE_NOOP("Rank", "Seven"),
        QT_TRANSLATE_NOOP("Rank", "Eight"),
        QT_TRANSLATE_NOOP("Rank", "Nine"),
        QT_TRANSLATE_NOOP("Rank", "Ten"),
        QT_TRANSLATE_NOOP("Rank", "Jack"),
        QT_TRANSLATE_NOOP("Rank", "Queen"),
        QT_TRANSLATE_NOOP("Rank", "King"),
        QT_TRANSLATE_NOOP("Rank", "Ace"),
    ),
    "RankGenitive": (
        QT_TRANSLATE_NOOP("RankGenitive", "Two"),
        QT_TRANSLATE_NOOP("RankGenitive", "Three"),
        QT_TRANSLATE_NOOP("RankGenitive", "Four"),
        QT_TRANSLATE_NOOP("RankGenitive", "Five"),
        QT_TRANSLATE_NOOP("RankGenitive", "Six"),
        QT_TRANSLATE_NOOP("RankGenitive", "Seven"),
        QT_TRANSLATE_NOOP("RankGenitive", "Eight"),
        QT_TRANSLATE_NOOP("RankGenitive", "Nine"),
        QT_TRANSLATE_NOOP("RankGenitive", "Ten"),
        QT_TRANSLATE_NOOP("RankGenitive", "Jack"),
        QT_TRANSLATE_NOOP("RankGenitive", "Queen"),
        QT_TRANSLATE_NOOP("RankGenitive", "King"),
        QT_TRANSLATE_NOOP("RankGenitive", "Ace"),
    ),
    "RankPlural": (
        QT_TRANSLATE_NOOP("RankPlural", "Twos"),
        QT_TRANSLATE_NOOP("RankPlural", "Threes"),
        QT_TRANSLATE_NOOP("RankPlural", "Fours"),
        QT_TRANSLATE_NOOP("RankPlural", "Fives"),
        QT_TRANSLATE_NOOP("RankPlural", "Sixes"),
        QT_TRANSLATE_NOOP("RankPlural", "Sevens"),
        QT_TRANSLATE_NOOP("RankPlural", "Eights"),
        QT_TRANSLATE_NOOP("RankPlural", "Nines"),
        QT_TRANSLATE_NOOP("RankPlural", "Tens"),
        QT_TRANSLATE_NOOP("RankPlural", "Jacks"),
        QT_TRANSLATE_NOOP("RankPlural", "Queens"),
        QT_TRANSLATE_NOOP("RankPlural", "Kings"),
        QT_TRANSLATE_NOOP("RankPlural", "Aces"),
    ),
    "RankPluralGenitive": (
        QT_TRANSLATE_NOOP("RankPluralGenitive", "Twos"),
        QT_TRANSLATE_NOOP("RankPluralGenitive", "Threes"),
        QT_TRANSLATE_NOOP("RankPluralGenitive", "Fours"),
        QT_TRANSLATE_NOOP("RankPluralGenitive", "Fives"),
        QT_TRANSLATE_NOOP("RankPluralGenitive", "Sixes"),
        QT_TRANSLATE_NOOP("RankPluralGenitive", "Sevens"),
        QT_TRANSLATE_NOOP("RankPluralGenitive", "Eights"),
        QT_TRANSLATE_NOOP("RankPluralGenitive", "Nines"),
        QT_TRANSLATE_NOOP("RankPluralGenitive", "Tens"),
        QT_TRANSLATE_NOOP("RankPluralGenitive", "Jacks"),
        QT_TRANSLATE_NOOP("RankPluralGenitive", "Queens"),
        QT_TRANSLATE_NOOP("RankPluralGenitive", "Kings"),
        QT_TRANSLATE_NOOP("RankPluralGenitive", "Aces"),
    ),
}
"""Single words translated by the form the sentence needs (no template of their own)."""


class Counted(QObject):
    """The templates with a count: Russian says "1 карта", "3 карты", "5 карт" (``%n`` is the count)."""

    CONTEXT = "Counted"
    TEMPLATES = {
        "the {street} is %n card(s), not {n}": "Reason",
        "{variant} has %n board(s); there is no board {n}": "Reason",
        "only %n run(s) were agreed; there is no run {n}": "Reason",
        "{variant} deals %n hole cards, not {n}": "Reason",
        "they hold %n cards, not {n}": "Reason",
        "between 1 and %n runs are allowed": "Reason",
        "the betting is capped at %n bets this round": "Reason",
        "run it %n times": "Verb",
        "table {n} ({name}): %n events, chain intact, head seq {n2} hash {hash}": "Floor",
        "table {n} ({name}): %n events, chain intact, head seq {n2} hash {hash}, signed by key {hash2}": "Floor",
    }
    """Each template with the context of the part it is (a reason, a verb)."""

    def marks(self, count: int) -> tuple[str, ...]:
        """The same templates as lupdate must see them (a literal ``tr`` with a count each)."""
        return (
            self.tr("the {street} is %n card(s), not {n}", "", count),
            self.tr("{variant} has %n board(s); there is no board {n}", "", count),
            self.tr("only %n run(s) were agreed; there is no run {n}", "", count),
            self.tr("{variant} deals %n hole cards, not {n}", "", count),
            self.tr("they hold %n cards, not {n}", "", count),
            self.tr("between 1 and %n runs are allowed", "", count),
            self.tr("the betting is capped at %n bets this round", "", count),
            self.tr("run it %n times", "", count),
            self.tr("table {n} ({name}): %n events, chain intact, head seq {n2} hash {hash}", "", count),
            self.tr("table {n} ({name}): %n events, chain intact, head seq {n2} hash {hash}, signed by key {hash2}", "", count),
        )


_KEPT = {
    "hash": r"[0-9a-f]+",
    "time": r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d",
    "numbers": r"\d+(?: \d+)*",
    "seat": r"\d+",
    "name": r".+?",
    "quoted": r"'.*?'|\".*?\"",
    "version": r"\S+",
    "amount": r"-?\d+",
    "n": r"\d+",
    "seats": r"\d+(?:, \d+)*",
    "card": r"\S+",
    "cards": r"\S+(?: \S+)*",
    "text": r".+",
}
"""Fields shown as they are, and what they look like (``text``: a message of another part, itself translated)."""
_CONTEXT_OF = {
    "who": "Who",
    "verb": "Verb",
    "why": "Reason",
    "blind": "Blind",
    "street": "Street",
    "pot": "Pot",
    "hand": "Hand",
    "structure": "Structure",
    "variant": "Variant",
    "rank": "Rank",
    "rank_gen": "RankGenitive",
    "ranks": "RankPlural",
    "ranks_gen": "RankPluralGenitive",
    "chips": "Chips",
    "action": "Action",
    "place": "Place",
    "role": "BoardRole",
    "phase": "Phase",
    "closed": "Closed",
    "audit": "Audit",
}
_LISTS = {"where": (", ", "Where"), "winners": (" and ", "Winner")}
"""Fields that are a list of parts: the separator and the parts' context."""
_FIELD = re.compile(r"\{([a-z_]+?)(\d?)\}|%n")


@cache
def _pattern(template: str) -> re.Pattern[str]:
    parts, end = [], 0
    for match in _FIELD.finditer(template):
        parts.append(re.escape(template[end : match.start()]))
        if match.group(0) == "%n":
            parts.append(r"(?P<count>\d+)")
        else:
            kind, digit = match.group(1), match.group(2)
            parts.append(f"(?P<{kind}{digit}>{_KEPT.get(kind, '.+?')})")
        end = match.end()
    parts.append(re.escape(template[end:]))
    return re.compile("".join(parts) + r"\Z", re.S)


def _templates(context: str) -> list[tuple[str, str, bool]]:
    found = [(context, template, False) for template in TEMPLATES.get(context, ())]
    found += [(Counted.CONTEXT, template, True) for template, home in Counted.TEMPLATES.items() if home == context]
    return found


def _part(field: str, value: str) -> str:
    kind = field.rstrip("0123456789")
    if kind == "text":
        return translate_sentence(value)
    if kind in _KEPT:
        return value
    if kind == "stacks":  # "seat 1 100 seat 3 95"
        return " ".join(translate_in("Stack", item) for item in re.findall(r"seat \d+ -?\d+", value))
    if kind in _LISTS:
        separator, context = _LISTS[kind]
        joiner = QCoreApplication.translate("Joiner", separator)
        return joiner.join(translate_in(context, item) for item in value.split(separator))
    return translate_in(_CONTEXT_OF.get(kind, "Sentence"), value)


def _match(context: str, text: str) -> str | None:
    """``text`` translated as a word or a template of ``context``; ``None`` when it is neither."""
    if text in WORDS.get(context, ()) or text in TEMPLATES.get(context, ()):
        return QCoreApplication.translate(context, text)
    for home, template, counted in _templates(context):
        match = _pattern(template).match(text)
        if match is None:
            continue
        fields = match.groupdict()
        count = int(fields.pop("count")) if counted else -1
        translated = QCoreApplication.translate(home, template, "", count) if counted else QCoreApplication.translate(home, template)
        return translated.format(**{field: _part(field, value) for field, value in fields.items()})
    return None


def translate_in(context: str, text: str) -> str:
    """``text`` translated as a part of ``context`` (as it is when it is no word or template of the context)."""
    translated = _match(context, text)
    return text if translated is None else translated


_TOP = ("Sentence", "Devices", "Chips", "SignIn", "Floor", "Audit")
"""The contexts whose templates are whole sentences, in the order they are tried."""


def translate_sentence(text: str) -> str:
    """An English sentence of the engine, the running table or the store in the screen's language (as it is when none matches)."""
    for context in _TOP:
        translated = _match(context, text)
        if translated is not None:
            return translated
    return text


def game_title(variant: str, structure: str) -> str:
    """A game named by its codes (``"O"``, ``"pot-limit"``) in the screen's language; the codes as they are when unknown."""
    known = VARIANTS.get(variant)
    return f"{variant} {structure}" if known is None else game_name(f"{structure.capitalize()} {known.name}")


def game_name(name: str) -> str:
    """A game's name (``"Pot-limit Oklahoma"``) in the screen's language."""
    return translate_in("Game", name)


_ = QT_TRANSLATE_NOOP("Joiner", " and ")
_ = QT_TRANSLATE_NOOP("Joiner", ", ")
