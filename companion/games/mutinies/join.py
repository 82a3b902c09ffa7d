"""21 Mutinies: joining a game the table already plays (Game.join_asks / join_answer). castaway asks what the
table shows, in the game's own terms, the fresh table's value on Enter: the round, the turn order (captain
first), the pirate token, each player's purse, tokens and mutiny cards, the stacks left, the mutiny deck
and the trade routes' prices. Each answer that differs is recorded as a correction (set, mut-set).

Source: 21-mutinies-rulebook-en.txt § Initial Setup, § Round Overview.
"""

from __future__ import annotations

from ...actions import SetValue
from ...catalog import GameCatalog
from ...guide import Ask
from ...i18n import N_, _
from ...table import Table
from ...errors import UsageError
from . import core
from .core import ACTION_NAMES, CAPTAIN_ACTIONS, flow, name
from .correct import Correct, parse_cards, parse_order, parse_routes

PURSE = {"prestige": N_("How much prestige has {who}?"), "doubloons": N_("How many doubloons has {who}?"),
         "rum": N_("How much rum has {who}?"), "jewel": N_("How many jewel tokens does {who} hold?"),
         "treasure": N_("How many treasure tokens does {who} hold?")}
LATER = "later"


def _cards(t: Table, seat: str, pile: str) -> list[str]:
    return list(flow(t)["cards"][pile].get(seat, []))


def join_asks(t: Table, cat: GameCatalog):
    f = flow(t)
    yield "round", Ask(_("Which round is it? (Enter: {n})").format(n=core.rnd(t)), "number", lo=1, hi=999,
                       default=core.rnd(t), id="mut-join-round")
    order = ", ".join(core.players(t))
    yield "order", Ask(_("Turn order, captain first, by commas (Enter: {order})").format(order=order), "text",
                       default=order, id="mut-join-order")
    yield "pirate", Ask(_("Which action does the pirate token cover?"), "choice", default=f["pirate"] or "none",
                        choices=(("none", _("none (the first round)")),
                                 *((a, _(ACTION_NAMES[a])) for a in CAPTAIN_ACTIONS)), id="mut-join-pirate")
    for s in [s for s in t.seats if s in core.players(t)]:  # the table's order: the same whatever the turn order
        who = name(t, s)
        for key, prompt in PURSE.items():
            lo, hi = t.limits(cat.counters[key])
            yield f"{s}.{key}", Ask(_(prompt).format(who=who), "number", lo=lo, hi=hi if hi is not None else 200,
                                    default=core.value(t, s, key), id=f"mut-join-{key}")
        held = _cards(t, s, "held")
        if core.texts_ignored(t):
            yield f"{s}.hand", Ask(_("How many mutiny cards does {who} hold, face down?").format(who=who), "number",
                                   lo=0, hi=45, default=len(held), id="mut-join-hand")
        else:
            yield f"{s}.hand", Ask(_("Mutiny cards in {who}'s hand, by commas (names or ids; Enter: {cards})").format(
                who=who, cards=", ".join(held) or _("none")), "text", default=",".join(held) or "none", id="mut-join-hand")
            front = _cards(t, s, "front")
            yield f"{s}.front", Ask(_("Mutiny cards played in front of {who}, by commas (Enter: {cards})").format(
                who=who, cards=", ".join(front) or _("none")), "text", default=",".join(front) or "none", id="mut-join-front")
    c = t.data["counters"]
    yield "jewels", Ask(_("Jewel tokens left in the stack? (Enter: {n})").format(n=c["jewels"]), "number", lo=0,
                        hi=cat.counters["jewels"].max, default=c["jewels"], id="mut-join-jewels")
    yield "treasures", Ask(_("Treasure tokens left in the stack? (Enter: {n})").format(n=c["treasures"]), "number", lo=0,
                           hi=cat.counters["treasures"].max, default=c["treasures"], id="mut-join-treasures")
    yield "deck", Ask(_("Mutiny cards left in the deck, the Last Mutiny included? (Enter: {n})").format(n=f["deck_left"]),
                      "number", lo=0, hi=45, default=f["deck_left"], id="mut-join-deck")
    yield "routes", Ask(_("Prices on the trade routes, left to right (2d, 1d1r, 0; - for an empty square; Enter: asked at "
                          "the round's start)"), "text", default=LATER, id="mut-join-routes")


def join_answer(t: Table, cat: GameCatalog, key: str, answer):
    f = flow(t)
    if key == "round":
        return None if int(answer) == core.rnd(t) else SetValue("round", int(answer))
    if key == "order":
        seats = parse_order(t, answer)
        return None if list(seats) == core.players(t) else Correct("order", seats)
    if key == "pirate":
        value = None if answer == "none" else answer
        return None if value == f["pirate"] else Correct("pirate", value)
    if key in ("jewels", "treasures"):
        return None if int(answer) == t.data["counters"][key] else SetValue(key, int(answer))
    if key == "deck":
        return None if int(answer) == f["deck_left"] else Correct("deck", int(answer))
    if key == "routes":
        if str(answer).strip().lower() == LATER:
            return None
        return Correct("routes", parse_routes(t, answer))
    seat, _dot, part = key.partition(".")
    if part in ("hand", "front"):
        cards = parse_cards(t, cat, str(answer))
        pile = "held" if part == "hand" else "front"
        return None if list(cards) == _cards(t, seat, pile) else Correct(key, cards)
    if part in PURSE:
        return None if int(answer) == core.value(t, seat, part) else SetValue(key, int(answer))
    raise UsageError(_("join question {key!r}: 21 Mutinies asks no such question").format(key=key))

