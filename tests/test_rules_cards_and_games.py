"""Cards and game definitions follow the written rules.

Sources (under /work/shared/):

* SPEC.md, "Games (all from the seeds)": the games table; "Validate a game against the deck:
  players x hole cards + board cards + burns must fit in 52 (the seed limits double-board to
  7 players for this reason)".
* seeds/omaha-club-rules.txt, opening paragraph ("two to eight players ... a ninth player"),
  MAIN OMAHA VARIATIONS (Omaha Hi-Low, Five-card Omaha "six or more hole cards" by agreement,
  Double board Omaha "up to seven players").
* seeds/oklahoma-rules.txt 1.1-1.5: Omaha with one discard on the flop round and one on the turn.
* seeds/omaha-limit-basics.txt, "The Blind": the small blind is half the lower limit, the big
  blind equals it.
* SPEC.md, "All-in, side pots ... Splitting": chips are split in the table's smallest chip unit
  (so every blind and bet must be a whole number of chips).

A card that appears twice in one hand is refused wherever the second copy comes from: there is
one 52-card deck (Robert's Rules of Poker, Irregularities: a deck with a duplicate card is a
fouled deck; the console refuses the reading instead).
"""

from __future__ import annotations

import itertools

import pytest

from dealer_console.engine.cards import DECK, Card, format_cards, parse_card, parse_cards, parse_known_cards
from dealer_console.engine.errors import CardError, EngineError, GameDefinitionError
from dealer_console.engine.games import VARIANTS, Game, Stakes, Structure, Variant, make_game
from dealer_console.engine.hand import Hand, HandSetup, Phase
from tests.support.hands import close_round

# --------------------------------------------------------------------------- helpers


def omaha_hand(seats: int = 3, *, code: str = "O", structure: str = "pot-limit", stack: int = 200) -> Hand:
    """A hand with seats 1..``seats``, the button on the last seat, blinds 1/2, blinds posted."""
    game = make_game(code, structure, small_blind=1, big_blind=2)
    hand = Hand(HandSetup(game=game, stacks={seat: stack for seat in range(1, seats + 1)}, button=seats))
    hand.post_blinds()
    return hand


# --------------------------------------------------------------------------- cards


@pytest.mark.parametrize(
    ("text", "rank", "suit", "printed"),
    [
        ("As", 14, "s", "As"),
        ("Td", 10, "d", "Td"),
        ("7c", 7, "c", "7c"),
        ("10h", 10, "h", "Th"),
        ("2c", 2, "c", "2c"),
        ("kH", 13, "h", "Kh"),
    ],
)
def test_card_text_is_rank_then_suit_and_prints_back(text: str, rank: int, suit: str, printed: str) -> None:
    """A card is written rank then suit (``As``, ``Td``, ``7c``); ``10`` is accepted for a ten and
    printed as ``T``. SPEC, Inputs / The dealer's screen (cards named by rank and suit)."""
    card = parse_card(text)
    assert card is not None
    assert (card.rank, card.suit) == (rank, suit)
    assert str(card) == printed
    assert parse_card(str(card)) is card  # interned: one object per card of the deck


def test_unknown_card_is_written_as_two_question_marks() -> None:
    """A card dealt face down and not seen is ``??`` (SPEC, Inputs: the camera may not read every
    card); it parses to ``None`` and prints back as ``??``."""
    assert parse_card("??") is None
    cards = parse_cards("As??Kd")
    assert cards == (parse_card("As"), None, parse_card("Kd"))
    assert format_cards(cards) == "As??Kd"


def test_several_cards_parse_from_compact_spaced_or_listed_text() -> None:
    """The dealer may type ``AsKd``, ``As Kd`` or pick cards one by one; all read the same."""
    expected = (parse_card("As"), parse_card("Kd"), parse_card("Th"))
    assert parse_cards("AsKd10h") == expected
    assert parse_cards("As Kd Th") == expected
    assert parse_cards(["As", "Kd", "10h"]) == expected


@pytest.mark.parametrize("text", ["Xs", "A", "1h", "Az", "11c", "As!", "", "0s"])
def test_bad_card_text_is_refused_with_a_message_naming_it(text: str) -> None:
    """Bad card text is refused, and the message quotes the text the dealer typed
    (STYLE.md: errors name the bad input, like python-chess's ``invalid uci: 'x'``)."""
    with pytest.raises(CardError) as caught:
        parse_card(text)
    assert repr(text) in str(caught.value)
    assert caught.value.card == text


def test_bad_card_inside_several_cards_is_refused_naming_it() -> None:
    """A bad card among several is refused; the message names the culprit."""
    with pytest.raises(CardError, match="'Zz'"):
        parse_cards("As Zz Kd")
    with pytest.raises(CardError, match="AsK"):
        parse_cards("AsK")  # odd length: not a whole number of cards


def test_known_cards_refuse_an_unknown_card() -> None:
    """Where every card must be named (a board card, a shown hand), ``??`` is refused."""
    assert parse_known_cards("AsKd") == (parse_card("As"), parse_card("Kd"))
    with pytest.raises(CardError, match="unknown card"):
        parse_known_cards("As??")


def test_the_deck_has_52_distinct_cards() -> None:
    """One standard deck: 13 ranks x 4 suits (SPEC, Games: "must fit in 52")."""
    assert len(DECK) == 52
    assert len({(card.rank, card.suit) for card in DECK}) == 52
    assert {str(card) for card in DECK} == {rank + suit for rank in "23456789TJQKA" for suit in "cdhs"}


def test_a_card_dealt_twice_in_one_players_hole_cards_is_refused() -> None:
    """One deck: the same card cannot be dealt twice, even to one player."""
    hand = omaha_hand()
    with pytest.raises(CardError, match="As"):
        hand.deal_hole(1, "AsKsAsQs")
    assert hand.hole_cards(1) == ()  # refused: nothing changed


def test_a_card_in_two_players_hole_cards_is_refused() -> None:
    """Hole vs hole: a card already dealt to seat 1 cannot be dealt to seat 2."""
    hand = omaha_hand()
    hand.deal_hole(1, "AsKsQsJs")
    with pytest.raises(CardError) as caught:
        hand.deal_hole(2, "2c3c4cJs")
    assert "Seat 2" in str(caught.value)
    assert "Js" in str(caught.value)
    assert caught.value.card == "Js"
    hand.deal_hole(2, "2c3c4c5c")  # the corrected reading is accepted


def test_a_hole_card_on_the_board_is_refused() -> None:
    """Hole vs board: the flop cannot show a card a player holds."""
    hand = omaha_hand()
    hand.deal_hole(1, "AsKsQsJs")
    hand.deal_hole(2, "2c3c4c5c")
    hand.deal_hole(3, "2d3d4d5d")
    close_round(hand)
    hand.burn()
    with pytest.raises(CardError, match="Ks"):
        hand.deal_board("7h8hKs")
    assert hand.boards() == ((),)
    hand.deal_board("7h8h9h")
    assert format_cards(hand.boards()[0]) == "7h8h9h"


def test_a_seen_burn_card_on_the_board_is_refused() -> None:
    """Board vs burn: a burn card that was seen cannot turn up on the board."""
    hand = omaha_hand()
    hand.deal_hole(1, "AsKsQsJs")
    hand.deal_hole(2, "2c3c4c5c")
    hand.deal_hole(3, "2d3d4d5d")
    close_round(hand)
    hand.burn("9c")
    with pytest.raises(CardError, match="9c"):
        hand.deal_board("9c8h7h")


def test_a_board_card_cannot_be_burned_again() -> None:
    """Burn vs board: a card on the board cannot be the next burn card."""
    hand = omaha_hand()
    hand.deal_hole(1, "AsKsQsJs")
    hand.deal_hole(2, "2c3c4c5c")
    hand.deal_hole(3, "2d3d4d5d")
    close_round(hand)
    hand.burn()
    hand.deal_board("7h8h9h")
    close_round(hand)
    with pytest.raises(CardError, match="8h"):
        hand.burn("8h")


def test_shown_cards_that_are_on_the_board_are_refused() -> None:
    """Shown vs board: hole cards dealt unseen (``??``) and tabled at showdown cannot include a
    board card; the camera or the dealer misread one of them."""
    hand = omaha_hand(2)
    hand.deal_hole(1, "????????")
    hand.deal_hole(2, "????????")
    for board in ("7h8h9h", "Tc", "2s"):
        close_round(hand)
        hand.burn()
        hand.deal_board(board)
    close_round(hand)
    assert hand.phase is Phase.SHOWDOWN
    with pytest.raises(CardError, match="Tc"):
        hand.show(1, "AsKsTcJd")
    hand.show(1, "AsKsQcJd")
    with pytest.raises(CardError, match="Ks"):
        hand.show(2, "KsQd3c4c")  # Ks is in seat 1's tabled hand


# --------------------------------------------------------------------------- games

SPEC_GAMES = {
    # code: (hole cards, boards, hi-lo, discards) per SPEC's games table and the seed's variations
    "O": (4, 1, False, ()),
    "O/8": (4, 1, True, ()),
    "5O": (5, 1, False, ()),
    "5O/8": (5, 1, True, ()),
    "6O": (6, 1, False, ()),
    "6O/8": (6, 1, True, ()),
    "DBO": (4, 2, False, ()),
    "DBO/8": (4, 2, True, ()),
    "5DBO": (5, 2, False, ()),
    "6DBO": (6, 2, False, ()),
    "6DBO/8": (6, 2, True, ()),
    "OK": (4, 1, False, (1, 2)),
}


@pytest.mark.parametrize("code", sorted(SPEC_GAMES))
def test_variant_matches_the_spec_games_table(code: str) -> None:
    """Each variant's hole cards, boards, split and discards are SPEC's games table:
    Omaha 4/1/high, Hi-Lo 8-or-better, five- and six-card Omaha, double board (two boards),
    Oklahoma (one discard on the flop round, one on the turn round: oklahoma-rules.txt 1.4-1.5)."""
    variant = VARIANTS[code]
    assert (variant.hole_cards, variant.boards, variant.hi_lo, variant.discards) == SPEC_GAMES[code]


def test_every_spec_game_has_a_variant() -> None:
    """No game of SPEC's table is missing from the engine."""
    assert set(SPEC_GAMES) <= set(VARIANTS)


@pytest.mark.parametrize(("code", "structure"), list(itertools.product(sorted(VARIANTS), list(Structure))))
def test_every_variant_builds_with_every_structure_and_deals_a_hand(code: str, structure: Structure) -> None:
    """SPEC, Games: every game is a variant combined with a betting structure (Limit, Pot-limit,
    No-limit). Each combination builds, names itself, and deals a heads-up hand."""
    game = make_game(code, structure, small_blind=1, big_blind=2)
    assert isinstance(game, Game)
    assert game.structure is structure
    assert VARIANTS[code].name in game.name
    hand = Hand(HandSetup(game=game, stacks={1: 100, 2: 100}, button=2))
    hand.post_blinds()
    cards = iter(DECK)
    for seat in hand.deal_order():
        hand.deal_hole(seat, [next(cards) for _ in range(game.variant.hole_cards)])
    assert hand.phase is Phase.BETTING
    assert all(len(hand.hole_cards(seat)) == game.variant.hole_cards for seat in (1, 2))


def test_structure_is_also_accepted_by_name() -> None:
    """A table's configuration names the structure in words; an unknown name is refused naming it."""
    assert make_game("O", "no-limit", small_blind=1, big_blind=2).structure is Structure.NO_LIMIT
    with pytest.raises(ValueError, match="fixed"):
        make_game("O", "fixed", small_blind=1, big_blind=2)


def test_unknown_game_code_is_refused_naming_it() -> None:
    """A game that is not in the table is refused; the message names it and lists the known ones."""
    with pytest.raises(GameDefinitionError, match="'Razz'.*O/8"):
        make_game("Razz", "limit", small_blind=1, big_blind=2)


@pytest.mark.parametrize("code", sorted(VARIANTS))
@pytest.mark.parametrize("players", range(2, 13))
def test_a_deal_that_does_not_fit_in_one_deck_is_refused(code: str, players: int) -> None:
    """SPEC, Games: players x hole cards + board cards + burns must fit in 52. The arithmetic is
    done here by hand: one burn before each of flop, turn and river, five cards per board."""
    variant = VARIANTS[code]
    game = make_game(code, "pot-limit", small_blind=1, big_blind=2)
    needed = players * variant.hole_cards + 5 * variant.boards + 3
    if needed > 52:
        with pytest.raises(GameDefinitionError, match="52"):
            game.validate_players(players)
        with pytest.raises(GameDefinitionError):
            HandSetup(game=game, stacks={seat: 100 for seat in range(1, players + 1)}, button=1)
    elif players <= 7:
        game.validate_players(players)  # every variant seats seven when the deck allows


def test_six_card_omaha_seats_seven_but_not_eight() -> None:
    """SPEC, Games (deck): six-card Omaha with 8 players needs 8 x 6 + 5 + 3 = 56 > 52 cards;
    with 7 players 7 x 6 + 5 + 3 = 50 fits."""
    game = make_game("6O", "pot-limit", small_blind=1, big_blind=2)
    game.validate_players(7)
    with pytest.raises(GameDefinitionError) as caught:
        game.validate_players(8)
    message = str(caught.value)
    assert "8 x 6" in message and "52" in message


def test_double_board_omaha_seats_at_most_seven() -> None:
    """omaha-club-rules.txt, Double board Omaha: "Normally, up to seven players may participate"
    (SPEC, Games: the seed limits double-board to 7 players)."""
    for code in ("DBO", "DBO/8", "5DBO"):
        game = make_game(code, "pot-limit", small_blind=1, big_blind=2)
        game.validate_players(7)
        with pytest.raises(GameDefinitionError, match="at most 7"):
            game.validate_players(8)


def test_six_card_double_board_seats_six_for_the_deck() -> None:
    """Six-card double board: 7 x 6 + 10 + 3 = 55 > 52, so six players at most (6 x 6 + 13 = 49)."""
    game = make_game("6DBO", "pot-limit", small_blind=1, big_blind=2)
    game.validate_players(6)
    with pytest.raises(GameDefinitionError, match="7 x 6"):
        game.validate_players(7)


@pytest.mark.parametrize("players", [0, 1])
def test_a_hand_needs_at_least_two_players(players: int) -> None:
    """omaha-club-rules.txt, opening: "The game can be played by two to eight players"."""
    game = make_game("O", "limit", small_blind=1, big_blind=2)
    with pytest.raises(GameDefinitionError, match="at least two"):
        game.validate_players(players)


def test_omaha_seats_eight_and_a_ninth_only_with_the_managers_authorization() -> None:
    """omaha-club-rules.txt, opening: "two to eight players at a time, while, in some cases,
    subject to the authorization of a poker club manager, a ninth player can participate"."""
    game = make_game("O", "pot-limit", small_blind=1, big_blind=2)
    game.validate_players(8)
    with pytest.raises(GameDefinitionError, match="one more only with the manager's authorization"):
        game.validate_players(9)
    game.validate_players(9, extra_player_authorized=True)
    with pytest.raises(GameDefinitionError):
        game.validate_players(10, extra_player_authorized=True)
    nine = {seat: 100 for seat in range(1, 10)}
    with pytest.raises(GameDefinitionError):
        HandSetup(game=game, stacks=nine, button=1)
    assert len(HandSetup(game=game, stacks=nine, button=1, extra_player_authorized_by="Floor").seat_order()) == 9


def test_a_hand_set_up_needs_chips_and_a_button_dealt_in() -> None:
    """Table stakes (omaha-limit-basics.txt): a player with no chips is not dealt in; the button
    must be on a seat that is dealt in."""
    game = make_game("O", "pot-limit", small_blind=1, big_blind=2)
    with pytest.raises(GameDefinitionError, match="Seat 2 has 0 chips"):
        HandSetup(game=game, stacks={1: 100, 2: 0, 3: 100}, button=1)
    with pytest.raises(GameDefinitionError, match="seat 9"):
        HandSetup(game=game, stacks={1: 100, 2: 100, 3: 100}, button=9)


def test_small_blind_larger_than_the_big_blind_is_refused() -> None:
    """omaha-limit-basics.txt, The Blind: the small blind is half the lower limit, the big blind
    the whole; omaha-betting-structures.txt, Set-up: the big blind is generally twice the small.
    A small blind above the big blind is a typing error."""
    with pytest.raises(GameDefinitionError, match="3/2.*exceeds"):
        Stakes(small_blind=3, big_blind=2)
    Stakes(small_blind=2, big_blind=2)  # equal blinds happen (e.g. 2/2 limit); allowed


@pytest.mark.parametrize("field", ["small_blind", "big_blind", "small_bet", "big_bet"])
def test_amounts_that_are_not_a_whole_number_of_chips_are_refused(field: str) -> None:
    """SPEC, Splitting: chips are handled in the table's smallest chip unit, so blinds and bets
    must be multiples of it. Here the unit is 25 and one amount is 10 off."""
    amounts = {"small_blind": 50, "big_blind": 100, "small_bet": 100, "big_bet": 200}
    amounts[field] += 10
    with pytest.raises(GameDefinitionError, match=f"{amounts[field]} is not a multiple of the chip unit 25"):
        Stakes(**amounts, chip_unit=25)
    amounts[field] -= 10
    Stakes(**amounts, chip_unit=25)


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"small_blind": 1, "big_blind": 0}, "big blind must be positive"),
        ({"small_blind": -1, "big_blind": 2}, "big blind must be positive"),
        ({"small_blind": 1, "big_blind": 2, "chip_unit": 0}, "chip unit"),
        ({"small_blind": 1, "big_blind": 2, "small_bet": 4, "big_bet": 2}, "smaller than the small bet"),
    ],
)
def test_inconsistent_stakes_are_refused(kwargs: dict[str, int], words: str) -> None:
    """Stakes that cannot be played are refused when the table is configured, not mid-hand."""
    with pytest.raises(GameDefinitionError, match=words):
        Stakes(**kwargs)


def test_limit_bet_sizes_default_to_the_big_blind_and_twice_it() -> None:
    """omaha-betting-structures.txt, Limit: the bet is the big blind pre-flop and on the flop and
    double it on the turn and river; omaha-limit-basics.txt: a $2/$4 game has blinds $1/$2."""
    stakes = Stakes(small_blind=1, big_blind=2)
    assert [stakes.limit_bet(street) for street in range(4)] == [2, 2, 4, 4]
    # the seed's 3/6 limit game names its bet sizes; they may be set apart from the blinds
    named = Stakes(small_blind=1, big_blind=3, small_bet=3, big_bet=6)
    assert [named.limit_bet(street) for street in range(4)] == [3, 3, 6, 6]


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"hole_cards": 7}, "4, 5 or 6"),
        ({"boards": 3}, "one or two"),
        ({"discards": (3,)}, "flop round"),
        ({"hole_cards": 4, "discards": (1, 2, 2)}, "fewer than two"),
    ],
)
def test_variant_definitions_outside_the_omaha_family_are_refused(kwargs: dict[str, object], words: str) -> None:
    """SPEC, Games: 4, 5 or 6 hole cards, 1 or 2 boards, discards only on the flop and turn
    rounds, and a hand is always exactly two hole cards plus three board cards."""
    with pytest.raises(GameDefinitionError, match=words):
        Variant(code="X", name="Test game", **kwargs)  # type: ignore[arg-type]


def test_engine_errors_are_value_errors() -> None:
    """STYLE.md: error classes subclass ValueError and carry the data a caller needs."""
    assert issubclass(CardError, EngineError)
    assert issubclass(GameDefinitionError, EngineError)
    assert issubclass(EngineError, ValueError)
    assert isinstance(parse_card("As"), Card)
