"""Every record of a table's log in words, as the floor's report prints it ("Seat 3 (Anna) raises to 24").

Each sentence is a format string in one table, :data:`SENTENCES`, keyed by the record's kind (and a variant after a dot:
``"restraddle_consent.no"``), so that the words can be translated later without touching the code that picks them.
The code only chooses the entry and fills its named fields; nothing here joins words into a sentence by itself.

The sentences read a record's stored payload (what :func:`dealer_console.store.codec.record_payload` made of it), with
what the payload alone cannot say (the street a board card belongs to, a seat's bet after a call, the player's names)
handed in as :class:`Circumstances`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["SENTENCES", "Circumstances", "cards_text", "event_sentence", "seat_text"]

SENTENCES: dict[str, str] = {
    # pieces used inside the sentences
    "seat": "Seat {number}",
    "seat.named": "Seat {number} ({name})",
    "cards.none": "no card",
    "street.flop": "Flop", "street.turn": "Turn", "street.river": "River", "street.board": "Board cards",
    "where.run": " (run {run})", "where.board": " (board {board})", "where.run_board": " (run {run}, board {board})",
    "confidence": "{percent} % sure",
    "threshold": "below the threshold of {percent} %", "threshold.unknown": "below the threshold",
    "yes": "yes", "no": "no", "list": "{first}, {rest}",
    "choice.wait": "waits for the big blind", "choice.post": "posts to come in",
    "choice.once": "always runs the board once", "choice.runs": "may run the board more than once",
    "agreement.straddles": "straddles allowed: {answer}", "agreement.boards": "extra boards allowed: {answer}",
    "agreement.mississippi": "Mississippi straddles authorized by {manager}", "agreement.no_mississippi": "no Mississippi straddles",
    "setting": "{name} {value}",
    "stack": "seat {number} {chips}",
    # the rules engine's hand events
    "blind": "{seat} posts {amount} ({blind})",
    "blind.authorized": "{seat} posts {amount} ({blind}), authorized by {authorized_by}",
    "restraddle_consent.yes": "{seat} agrees to the re-straddle",
    "restraddle_consent.no": "{seat} refuses the re-straddle",
    "hole": "{seat} is dealt {cards}",
    "hole.unseen": "{seat} is dealt {count} cards face down",
    "burn": "Burn card, face down",
    "burn.seen": "Burn card {card}",
    "board": "{street}{where}: {cards}",
    "fold": "{seat} folds",
    "check": "{seat} checks",
    "call": "{seat} calls {amount}",
    "call.plain": "{seat} calls",
    "bet": "{seat} bets {amount}",
    "raise": "{seat} raises to {amount}",
    "all_in": "{seat} goes all in for {amount}",
    "all_in.plain": "{seat} goes all in",
    "discard": "{seat} discards {card}",
    "discard.unseen": "{seat} discards a card face down",
    "runs": "{seat} agrees to run the board {runs} times",
    "runs.once": "{seat} wants the board run once",
    "show": "{seat} shows {cards}",
    "muck": "{seat} mucks the hand",
    "misdeal": "Misdeal declared: {reason}; every chip goes back",
    "misdeal.plain": "Misdeal declared; every chip goes back",
    "void": "{by} undoes event {voided}: {reason}",
    "void.plain": "{by} undoes event {voided}",
    # the table's events
    "seated": "{player} sits down in seat {number} with {buy_in}",
    "add_on": "{seat} adds {amount} to the stack",
    "cash_out": "{seat} takes {amount} off the table",
    "sit_out": "{seat} sits out",
    "come_back": "{seat} comes back to play",
    "leave": "{seat} leaves the table with {amount}",
    "choices": "{seat} changes standing choices: {wait}; {runs}",
    "agreements": "The table's agreements change: {straddles}; {boards}; {mississippi}",
    "agreements.by": "{by} changes the table's agreements: {straddles}; {boards}; {mississippi}",
    "button": "The button is placed on seat {number}",
    "hand_started": "Hand #{number} starts: {game}, button on seat {button}, {players} players dealt in",
    "hand_finished": "Hand #{number} finished: rake {rake}, jackpot drop {jackpot}; stacks {stacks}",
    "hand_misdealt": "Hand #{number} misdealt: {reason}; every chip goes back",
    "hand_misdealt.plain": "Hand #{number} misdealt; every chip goes back",
    "seat_change": "{seat} moves to seat {to_seat}",
    "dealer_push": "{dealer} takes over the deal from {outgoing} after {hands} hands",
    "dealer_push.first": "{dealer} takes over the deal",
    "clock_called": "{by} calls the clock on {seat}: {seconds} s, time bank {time_bank} s",
    "clock_called.plain": "The clock is called on {seat}: {seconds} s, time bank {time_bank} s",
    "clock_expired": "The clock on {seat} runs out ({used} s of the time bank used): {outcome}",
    "table_closed": ("{by} closes the table after {hands} hands: buy-ins {buy_ins} (rebuys and add-ons {add_ons}), "
                     "cash-outs {cash_outs}, rake {rake}, jackpot drop {jackpot}"),
    # the store's records
    "table_opened": "Table {name} opened",
    "hand_opened": "Hand #{number} opened: button on seat {button}, {players} players dealt in",
    "hand_closed": "Hand #{number} closed ({status}): pot {pot}, rake {rake}, jackpot drop {jackpot}",
    "ruling": "Ruling by {manager} under {rule}: {decision}",
    "flag": "{by} flags the hand: {reason}",
    "reading.frame": "The camera's frame {value} is kept as evidence",
    "reading.applied": "The camera reads {subject} as {value} ({confidence}); applied",
    "reading.not_applied": "The camera reads {subject} as {value} ({confidence}); not applied",
    "reading.confirmed": "The camera reads {subject} as {value} ({confidence}, {threshold}); {who} confirms it",
    "reading.corrected": "The camera reads {subject} as {value} ({confidence}, {threshold}); {who} corrects it",
    "reading.unconfirmed": "The camera reads {subject} as {value} ({confidence}, {threshold}); applied, who confirmed it is not recorded",
    "reading.uncorrected": "The camera reads {subject} as {value} ({confidence}, {threshold}); not applied, who corrected it is not recorded",
    "reading.sensor": "The sensor reads {subject}: {value}",
    "staff_recovered": "{name}'s account is recovered on the store's machine by {operator} (a new PIN, the lock-out lifted)",
    "house_settings": "{by} changes the house settings: {changes}",
    "house_settings.reason": "{by} changes the house settings: {changes} ({reason})",
    "correction": "{by} corrects event {target}: {replacement}; reason: {reason}",
    "correction.void": "{by} voids event {target}; reason: {reason}",
    # a record no sentence is written for (a newer program's), or one whose payload does not read
    "unknown": "A record of kind \"{kind}\" (this report has no words for it)",
    "unreadable": "A \"{kind}\" record whose contents cannot be read ({problem})",
}
"""Every sentence and piece of one, as a format string with named fields."""

_STREETS = {3: "street.flop", 4: "street.turn", 5: "street.river"}


@dataclass(frozen=True, slots=True, kw_only=True)
class Circumstances:
    """What a record's own payload does not say, for its sentence."""

    players: Mapping[int, str] = field(default_factory=dict)
    """Seat -> player's name, where known."""
    cards_on_board: int | None = None
    """For a board event (or a correction of one): the cards on its board after it (3 flop, 4 turn, 5 river)."""
    runs: int = 1
    """Runs of the board the hand deals (a board event names its run when there are several)."""
    boards: int = 1
    """Boards of the game (a board event names its board in a double-board game)."""
    chips_put_in: int | None = None
    """For a call or an all-in: the chips it put in (the seat's stack before it less its stack after)."""
    actor: str = ""
    """Who entered the record (stands in for a missing ``by``)."""
    voids_seq: int | None = None
    """For an undo: the event it voids."""
    threshold: float | None = None
    """The camera's confidence threshold, for a reading that does not carry its own."""


Speaker = Callable[[Mapping[str, Any], "Circumstances"], str]


def _say(key: str, **values: object) -> str:
    return SENTENCES[key].format(**values)


def seat_text(seat: int, players: Mapping[int, str]) -> str:
    """``"Seat 3 (Anna)"``, or ``"Seat 3"`` when the player's name is not known."""
    name = players.get(seat, "")
    return _say("seat.named", number=seat, name=name) if name else _say("seat", number=seat)


def cards_text(text: object) -> str:
    """Stored cards (``"2c7d9s"``, ``"??"`` for an unseen one) as ``"2c 7d 9s"``."""
    if isinstance(text, list | tuple):
        text = "".join("??" if item is None else str(item) for item in text)
    value = str(text or "")
    if not value:
        return _say("cards.none")
    return " ".join(value[index:index + 2] for index in range(0, len(value), 2))


def _percent(value: object) -> str:
    return f"{100 * float(str(value)):.0f}"


def _yes(value: object) -> str:
    return _say("yes" if value else "no")


def event_sentence(kind: str, payload: Mapping[str, Any], circumstances: Circumstances | None = None) -> str:
    """One record in words; a record of an unknown kind, or whose payload does not read, says so instead of failing."""
    said = circumstances or Circumstances()
    speaker = _SPEAKERS.get(kind)
    if speaker is None:
        return _say("unknown", kind=kind)
    try:
        return speaker(payload, said)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as error:
        return _say("unreadable", kind=kind, problem=f"{type(error).__name__}: {error}")


def _seat(payload: Mapping[str, Any], said: Circumstances) -> str:
    return seat_text(int(payload["seat"]), said.players)


# ---------------------------------------------------------------- the engine's hand events

def _blind(p: Mapping[str, Any], said: Circumstances) -> str:
    if p.get("authorized_by"):
        return _say("blind.authorized", seat=_seat(p, said), amount=p["amount"], blind=p["blind"], authorized_by=p["authorized_by"])
    return _say("blind", seat=_seat(p, said), amount=p["amount"], blind=p["blind"])


def _consent(p: Mapping[str, Any], said: Circumstances) -> str:
    return _say("restraddle_consent.yes" if p["agrees"] else "restraddle_consent.no", seat=_seat(p, said))


def _hole(p: Mapping[str, Any], said: Circumstances) -> str:
    cards = cards_text(p["cards"])
    if cards and all(card == "??" for card in cards.split()):
        return _say("hole.unseen", seat=_seat(p, said), count=len(cards.split()))
    return _say("hole", seat=_seat(p, said), cards=cards)


def _burn(p: Mapping[str, Any], _said: Circumstances) -> str:
    return _say("burn.seen", card=p["card"]) if p.get("card") else _say("burn")


def _board(p: Mapping[str, Any], said: Circumstances) -> str:
    run, board = int(p.get("run", 0)) + 1, int(p.get("board", 0)) + 1
    street = _say(_STREETS.get(said.cards_on_board or 0, "street.board"))
    if said.runs > 1 and said.boards > 1:
        where = _say("where.run_board", run=run, board=board)
    elif said.runs > 1:
        where = _say("where.run", run=run)
    elif said.boards > 1:
        where = _say("where.board", board=board)
    else:
        where = ""
    return _say("board", street=street, where=where, cards=cards_text(p["cards"]))


def _plain_seat(key: str) -> Speaker:
    return lambda p, said: _say(key, seat=_seat(p, said))


def _call(p: Mapping[str, Any], said: Circumstances) -> str:
    if said.chips_put_in is None:
        return _say("call.plain", seat=_seat(p, said))
    return _say("call", seat=_seat(p, said), amount=said.chips_put_in)


def _all_in(p: Mapping[str, Any], said: Circumstances) -> str:
    if said.chips_put_in is None:
        return _say("all_in.plain", seat=_seat(p, said))
    return _say("all_in", seat=_seat(p, said), amount=said.chips_put_in)


def _amount(key: str) -> Speaker:
    return lambda p, said: _say(key, seat=_seat(p, said), amount=p["amount"])


def _discard(p: Mapping[str, Any], said: Circumstances) -> str:
    return _say("discard", seat=_seat(p, said), card=p["card"]) if p.get("card") else _say("discard.unseen", seat=_seat(p, said))


def _runs(p: Mapping[str, Any], said: Circumstances) -> str:
    runs = int(p["runs"])
    return _say("runs.once", seat=_seat(p, said)) if runs == 1 else _say("runs", seat=_seat(p, said), runs=runs)


def _show(p: Mapping[str, Any], said: Circumstances) -> str:
    return _say("show", seat=_seat(p, said), cards=cards_text(p["cards"]))


def _misdeal(p: Mapping[str, Any], _said: Circumstances) -> str:
    return _say("misdeal", reason=p["reason"]) if p.get("reason") else _say("misdeal.plain")


def _void(p: Mapping[str, Any], said: Circumstances) -> str:
    by = p.get("by") or said.actor
    voided = said.voids_seq if said.voids_seq is not None else int(p["target"]) + 1
    if p.get("reason"):
        return _say("void", by=by, voided=voided, reason=p["reason"])
    return _say("void.plain", by=by, voided=voided)


# ---------------------------------------------------------------- the table's events

def _seated(p: Mapping[str, Any], _said: Circumstances) -> str:
    return _say("seated", player=p["player"], number=p["seat"], buy_in=p["buy_in"])


def _leave(p: Mapping[str, Any], said: Circumstances) -> str:
    return _say("leave", seat=_seat(p, said), amount=p["cashed_out"])


def _choices(p: Mapping[str, Any], said: Circumstances) -> str:
    choices = p["choices"]
    return _say("choices", seat=_seat(p, said), wait=_say("choice.wait" if choices["wait_for_big_blind"] else "choice.post"),
                runs=_say("choice.once" if choices["always_run_once"] else "choice.runs"))


def _agreements(p: Mapping[str, Any], said: Circumstances) -> str:
    agreed = p["agreements"]
    mississippi = agreed.get("mississippi")
    values = {
        "straddles": _say("agreement.straddles", answer=_yes(agreed["straddles_allowed"])),
        "boards": _say("agreement.boards", answer=_yes(agreed["extra_boards_allowed"])),
        "mississippi": _say("agreement.mississippi", manager=mississippi["manager"]) if mississippi else _say("agreement.no_mississippi"),
    }
    by = p.get("by") or ""
    return _say("agreements.by", by=by, **values) if by else _say("agreements", **values)


def _stacks(pairs: Any) -> str:
    parts = [_say("stack", number=seat, chips=chips) for seat, chips in pairs]
    return _join(parts)


def _join(parts: list[str]) -> str:
    text = parts[0] if parts else ""
    for part in parts[1:]:
        text = _say("list", first=text, rest=part)
    return text


def _plan_number(p: Mapping[str, Any]) -> Any:
    return p["plan"]["number"]


def _hand_started(p: Mapping[str, Any], _said: Circumstances) -> str:
    plan = p["plan"]
    game = plan["game"]
    name = game.get("name") if isinstance(game, Mapping) else game
    return _say("hand_started", number=plan["number"], game=name, button=plan["button"], players=len(plan["dealt_in"]))


def _hand_finished(p: Mapping[str, Any], _said: Circumstances) -> str:
    return _say("hand_finished", number=_plan_number(p), rake=p.get("rake", 0), jackpot=p.get("jackpot", 0),
                stacks=_stacks(p["final_stacks"]))


def _hand_misdealt(p: Mapping[str, Any], _said: Circumstances) -> str:
    if p.get("reason"):
        return _say("hand_misdealt", number=_plan_number(p), reason=p["reason"])
    return _say("hand_misdealt.plain", number=_plan_number(p))


# ---------------------------------------------------------------- the store's records

def _hand_opened(p: Mapping[str, Any], _said: Circumstances) -> str:
    setup = p["setup"]
    return _say("hand_opened", number=p["number"], button=setup["button"], players=len(setup["stacks"]))


def _hand_closed(p: Mapping[str, Any], _said: Circumstances) -> str:
    return _say("hand_closed", number=p["number"], status=p["status"], pot=p["pot_total"], rake=p.get("rake", 0),
                jackpot=p.get("jackpot", 0))


def _ruling(p: Mapping[str, Any], _said: Circumstances) -> str:
    return _say("ruling", manager=p["floor_manager"], rule=p["rule"], decision=p["decision"])


def _reading(p: Mapping[str, Any], said: Circumstances) -> str:
    subject, value = str(p.get("subject", "")), str(p.get("value", "")) or _say("cards.none")
    if subject == "camera frame":
        return _say("reading.frame", value=value)
    confidence = p.get("confidence")
    if confidence is None:
        return _say("reading.sensor", subject=subject, value=value)
    sure = _say("confidence", percent=_percent(confidence))
    limit = p.get("threshold") if p.get("threshold") is not None else said.threshold
    below = _say("threshold", percent=_percent(limit)) if limit is not None else _say("threshold.unknown")
    who = p.get("confirmed_by") or ""
    if who:
        key = "reading.confirmed" if p.get("applied") else "reading.corrected"
        return _say(key, subject=subject, value=value, confidence=sure, threshold=below, who=who)
    if limit is not None and float(confidence) < float(limit):
        key = "reading.unconfirmed" if p.get("applied") else "reading.uncorrected"
        return _say(key, subject=subject, value=value, confidence=sure, threshold=below)
    return _say("reading.applied" if p.get("applied") else "reading.not_applied", subject=subject, value=value, confidence=sure)


def _house_settings(p: Mapping[str, Any], _said: Circumstances) -> str:
    changes = _join([_say("setting", name=name, value=value) for name, value in p["changes"]])
    if p.get("reason"):
        return _say("house_settings.reason", by=p["by"], changes=changes, reason=p["reason"])
    return _say("house_settings", by=p["by"], changes=changes)


def _correction(p: Mapping[str, Any], said: Circumstances) -> str:
    by = p.get("by") or said.actor
    if not p.get("replacement"):
        return _say("correction.void", by=by, target=p["target_seq"], reason=p.get("reason", ""))
    data = json.loads(p["replacement"])
    kind = str(data.pop("kind"))
    replacement = event_sentence(kind, data, Circumstances(players=said.players, runs=said.runs, boards=said.boards,
                                                           cards_on_board=said.cards_on_board))
    return _say("correction", by=by, target=p["target_seq"], replacement=replacement, reason=p.get("reason", ""))


_SPEAKERS: dict[str, Speaker] = {
    "blind": _blind, "restraddle_consent": _consent, "hole": _hole, "burn": _burn, "board": _board,
    "fold": _plain_seat("fold"), "check": _plain_seat("check"), "call": _call, "bet": _amount("bet"), "raise": _amount("raise"),
    "all_in": _all_in, "discard": _discard, "runs": _runs, "show": _show, "muck": _plain_seat("muck"), "misdeal": _misdeal,
    "void": _void,
    "seated": _seated, "add_on": _amount("add_on"), "cash_out": _amount("cash_out"), "sit_out": _plain_seat("sit_out"),
    "come_back": _plain_seat("come_back"), "leave": _leave, "choices": _choices, "agreements": _agreements,
    "button": lambda p, _said: _say("button", number=p["seat"]), "hand_started": _hand_started,
    "hand_finished": _hand_finished, "hand_misdealt": _hand_misdealt,
    "seat_change": lambda p, said: _say("seat_change", seat=_seat(p, said), to_seat=p["to_seat"]),
    "dealer_push": lambda p, _said: (_say("dealer_push", dealer=p["dealer"], outgoing=p["outgoing"], hands=p.get("outgoing_hands", 0))
                                     if p.get("outgoing") else _say("dealer_push.first", dealer=p["dealer"])),
    "clock_called": lambda p, said: _say("clock_called" if p.get("by") else "clock_called.plain", by=p.get("by", ""),
                                         seat=_seat(p, said), seconds=p["seconds"], time_bank=p.get("time_bank", 0)),
    "clock_expired": lambda p, said: _say("clock_expired", seat=_seat(p, said), used=p.get("time_bank_used", 0),
                                          outcome=p["outcome"]),
    "table_closed": lambda p, _said: _say("table_closed", by=p["by"], hands=p["hands"], buy_ins=p["buy_ins"],
                                          add_ons=p["add_ons"], cash_outs=p["cash_outs"], rake=p["rake"], jackpot=p["jackpot"]),
    "table_opened": lambda p, _said: _say("table_opened", name=p["name"]), "hand_opened": _hand_opened,
    "hand_closed": _hand_closed, "ruling": _ruling, "flag": lambda p, _said: _say("flag", by=p["by"], reason=p["reason"]),
    "reading": _reading, "staff_recovered": lambda p, _said: _say("staff_recovered", name=p["name"], operator=p["operator"]),
    "house_settings": _house_settings, "correction": _correction,
}
