"""21 Mutinies: corrections. The table is the truth: every field it shows can be set at any time, and
where the round stands is worked out again from what was set.

A correction that moves the round or the phase puts the table at the start of that round or phase
(`start_of_round`, `start_of_phase`): the generic `set round N`, `move round +1`, `next` and
`set phase NAME` through `corrected` (Game.corrected), and `mut-set` (`castaway mutinies set`) for
the fields that are not the catalog's: the captain and the turn order, the pirate token, the trade
routes' prices, the cards in hand and in front, the mutiny cards left in the deck. A correction the rules
could not reach is made all the same, with a one-line warning in its result.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ...action_base import Action, parse_int, register
from ...catalog import GameCatalog
from ...errors import UsageError, did_you_mean
from ...i18n import _
from ...table import Table
from ...valuetype import frozen
from . import core, jewels, purse, rounds
from .cards import FACE_DOWN, card_of
from .core import CAPTAIN_ACTIONS, HENCHMAN, flow, name, resolve_seat
from .layout import packs

PHASES = ("captain", "sailors", "resolve", "mutiny-card", "scoring", "over")
FIELDS = ("round", "phase", "captain", "order", "pirate", "routes", "deck")  # and SEAT.hand, SEAT.front, SEAT.jewels
PILES = ("hand", "front")
NONE_WORDS = ("none", "-", "no", "nic", "žádná", "zadna", "0")


def sync(t: Table) -> None:
    """The flow now stands where the table does: the round it knows and the phase flag."""
    t.data["flags"]["phase"] = core.derived_phase(t)


def start_of_round(t: Table, cat: GameCatalog, n: int) -> list[str]:
    """Round n, before the captain places: nothing placed, nothing to resolve, no card to draw."""
    f = flow(t)
    warn = []
    f.update(action=None, placed=[], queue=[], draw=None, compulsory=None, scoring=None)
    t.data["tracks"]["round"] = n
    if f["final_round"] is not None and n > f["final_round"]:
        warn.append(_("round {n} comes after the final round ({final}), which the rules never reach: castaway plays "
                      "round {n} as the final round").format(n=n, final=f["final_round"]))
        f["final_round"] = n
    f["blocked"] = {a: b for a, b in f["blocked"].items() if b.get("until") == "mutiny" or b.get("round", 0) >= n}
    sync(t)
    return warn


def start_of_phase(t: Table, cat: GameCatalog, phase: str) -> list[str]:
    """The current round put at the start of `phase` (see PHASES); what cannot be put there is said."""
    f = flow(t)
    if phase in ("setup", "captain"):
        warn = start_of_round(t, cat, core.rnd(t))
        if phase == "setup":
            warn.append(_("the setup is over once the game is set up: the table is put at the start of round {n}")
                        .format(n=core.rnd(t)))
        return warn
    f.update(queue=[], draw=None, compulsory=None, scoring=None)
    if phase == "sailors":
        if not f["placed"]:
            sync(t)
            return [_("the captain's pawn is not placed yet: castaway asks the captain's action first")]
        f["placed"] = f["placed"][:1]
        f["action"] = f["placed"][0]["action"]
    elif phase == "resolve":
        left = rounds.next_placer(t)
        if left is not None:
            sync(t)
            return [_("not every pawn is placed yet ({who} places next): castaway asks the placements first")
                    .format(who=name(t, left))]
        f["queue"] = rounds.resolution_queue(t)
    elif phase == "mutiny-card":
        if f["deck_left"] <= 0:
            rounds.end_round(t, cat)
            sync(t)
            return [_("the mutiny deck is spent: no card to draw; the round is over")]
        f["draw"] = core.captain(t)
    elif phase == "scoring":
        rounds.start_scoring(t, cat)
    elif phase == "over":
        from .score import winners

        won = winners(t)
        t.data["over"] = {"result": "won", "winners": won, "prestige": {s: core.value(t, s, "prestige") for s in core.players(t)}}
    else:
        raise UsageError(_("phase {phase!r}: accepted: {phases}").format(phase=phase, phases=", ".join(PHASES)))
    sync(t)
    return []


def corrected(t: Table, cat: GameCatalog, tg) -> dict | None:
    """The generic set, move and next on the round or the phase: the table put at its start."""
    if not t.data.get("flow") or tg.seat is not None or tg.spec.id not in ("round", "phase"):
        return None
    if tg.spec.id == "round":
        warn = start_of_round(t, cat, t.data["tracks"]["round"])
    else:
        warn = start_of_phase(t, cat, t.data["flags"]["phase"])
    return warned(warn)


def warned(warn: list[str]) -> dict | None:
    """A correction's result: the warnings of what the rules could not reach (the table is the truth)."""
    if not warn:
        return None
    return {"say": "; ".join(_("warning: {message}").format(message=w) for w in warn), "warning": warn}


# -- the fields the catalog does not hold ----------------------------------------------------------


def parse_order(t: Table, text: str) -> tuple[str, ...]:
    """The turn order as typed, captain first: colours or players' names by commas or spaces (the
    henchman is left out: with two players he places second, as always)."""
    bits = [b for b in str(text).replace(";", ",").replace(",", " ").split() if b.strip()]
    seats = tuple(resolve_seat(t, b) for b in bits if b.strip().lower() != HENCHMAN)
    real = core.players(t)
    if sorted(seats) != sorted(real):
        raise UsageError(_("turn order {text!r}: name every player once, captain first ({seats})")
                         .format(text=text, seats=", ".join(real)))
    return seats


def parse_routes(t: Table, text: str) -> tuple:
    """The trade routes as typed, left to right: each square's price (2d, 1d1r, 1r, 0), '-' for an empty one."""
    bits = str(text).replace(",", " ").split()
    squares = len(flow(t)["routes"])
    if len(bits) != squares:
        raise UsageError(_("trade routes {text!r}: give {n} squares left to right, each a price like 2d, 1d1r, 0, or - for "
                           "an empty square").format(text=text, n=squares))
    return tuple(None if b in ("-", "empty", "prázdné", "prazdne") else tuple(purse.parse_cost(b)) for b in bits)


def parse_cards(t: Table, cat: GameCatalog, text: str) -> tuple[str, ...]:
    """Mutiny cards as typed, by commas: ids or printed names, or none; with the texts ignored (the
    cards lie face down) a number of cards."""
    raw = str(text).strip().lower()
    if raw in NONE_WORDS or not raw:
        return ()
    if core.texts_ignored(t) and raw.isdecimal():
        n = parse_int(raw, _("cards"), _("accepted: a number of cards 0..45"))
        if n > 45:
            raise UsageError(_("{n} cards: the mutiny deck has 45").format(n=n))
        return (FACE_DOWN,) * n
    return tuple(FACE_DOWN if b.strip() in ("face-down", "?") else card_of(cat, b).id for b in raw.split(",") if b.strip())


def parse_field(t: Table, cat: GameCatalog, field: str, text: str) -> tuple[str, Any]:
    """(field, typed value) from `mutinies set FIELD VALUE` as typed."""
    key = str(field).strip().lower()
    raw = str(text).strip()
    if "." in key:
        who, _dot, pile = key.partition(".")
        if pile in ("jewels", "drahokamy"):
            seat = resolve_seat(t, who)
            if seat == HENCHMAN:
                raise UsageError(_("the henchman keeps no jewels"))
            return f"{seat}.jewels", () if raw.lower() in NONE_WORDS else jewels.parse_colours(cat, raw) or ()
        if pile not in PILES:
            raise UsageError(_("field {field!r}: a player's cards are SEAT.hand or SEAT.front, his jewels SEAT.jewels")
                             .format(field=field))
        seat = resolve_seat(t, who)
        if seat == HENCHMAN:
            raise UsageError(_("the henchman holds no cards"))
        return f"{seat}.{pile}", parse_cards(t, cat, raw)
    if key == "round":
        n = parse_int(raw, _("round"), _("accepted: a round 1..999"))
        if not 1 <= n <= 999:
            raise UsageError(_("round {n}: accepted: 1..999").format(n=n))
        return key, n
    if key == "phase":
        if raw.lower() not in PHASES:
            raise UsageError(_("phase {phase!r}: accepted: {phases}").format(phase=raw, phases=", ".join(PHASES)))
        return key, raw.lower()
    if key == "captain":
        seat = resolve_seat(t, raw)
        if seat == HENCHMAN:
            raise UsageError(_("the henchman is never captain"))
        return key, seat
    if key == "order":
        return key, parse_order(t, raw)
    if key == "pirate":
        act = raw.lower()
        if act in NONE_WORDS:
            return key, None
        if act not in CAPTAIN_ACTIONS:
            raise UsageError(_("pirate {value!r}: the pirate token covers one of {actions}, or none")
                             .format(value=raw, actions=", ".join(CAPTAIN_ACTIONS)))
        return key, act
    if key == "routes":
        return key, parse_routes(t, raw)
    if key == "deck":
        n = parse_int(raw, _("mutiny cards left"), _("accepted: 0..45"))
        if not 0 <= n <= 45:
            raise UsageError(_("{n} mutiny cards left: accepted: 0..45").format(n=n))
        return key, n
    raise UsageError(_("no field {field!r} to set in 21 Mutinies; ").format(field=field)
                     + did_you_mean(key, [*FIELDS, *(f"{s}.{p}" for s in core.players(t) for p in PILES)])
                     + " " + _("(the purses and stacks are the table's components, e.g. red.doubloons)"))


def _order_of(t: Table, seats: tuple[str, ...]) -> list[str]:
    if core.two_player(t):
        return [seats[0], HENCHMAN, seats[1]]
    return list(seats)


@register
@packs
@frozen
class Correct(Action):
    """A correction of what the table shows that the catalog holds no component for (see FIELDS).

    field: round, phase, captain, order, pirate, routes, deck, or SEAT.hand / SEAT.front; value: typed
    (a number, a phase, a seat, the seats captain first, an action or None, each square's (doubloons, rum)
    or None, card ids)."""

    kind: ClassVar[str] = "mut-set"
    field: str
    value: Any

    def text(self) -> str:
        v = self.value
        if self.field == "routes":
            shown = " ".join("-" if c is None else purse.cost_text(c) for c in v)
        elif isinstance(v, tuple):
            shown = ",".join(map(str, v)) or _("none")
        else:
            shown = _("none") if v is None else str(v)
        return _("correction: {field} {value}").format(field=self.field, value=shown)

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, field: str, text: str) -> "Correct":
        return cls(*parse_field(t, cat, field, text))

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        return stored

    def run(self, t: Table, cat: GameCatalog):
        f = flow(t)
        v = self.value
        warn: list[str] = []
        if self.field == "round":
            warn = start_of_round(t, cat, int(v))
        elif self.field == "phase":
            warn = start_of_phase(t, cat, str(v))
        elif self.field in ("captain", "order"):
            if self.field == "captain":
                seat = resolve_seat(t, v)
                rest = [s for s in core.players(t) if s != seat]
                seats = (seat, *rest)
            else:
                seats = parse_order(t, ",".join(v))
            if _order_of(t, seats) != f["order"]:
                f["order"] = _order_of(t, seats)
                warn = start_of_round(t, cat, core.rnd(t)) if f["placed"] or f["queue"] or f["draw"] else []
        elif self.field == "pirate":
            if v is not None and v not in CAPTAIN_ACTIONS:
                raise UsageError(_("pirate {value!r}: the pirate token covers one of {actions}, or none")
                                 .format(value=v, actions=", ".join(CAPTAIN_ACTIONS)))
            f["pirate"] = v
        elif self.field == "routes":
            if len(v) != len(f["routes"]):
                raise UsageError(_("trade routes: give {n} squares").format(n=len(f["routes"])))
            f["routes"] = [{"token": False, "cost": None} if c is None else {"token": True, "cost": purse.checked_cost(c)}
                           for c in v]
        elif self.field == "deck":
            f["deck_left"] = int(v)
            if v == 0 and f["final_round"] is None:
                warn.append(_("the Last Mutiny lies at the bottom of the deck: with none left, castaway plays this round "
                              "as the final round"))
                f["final_round"] = core.rnd(t)
        elif self.field.endswith(".jewels"):
            seat = resolve_seat(t, self.field.partition(".")[0])
            for c in v:
                if c not in jewels.colours(cat):
                    raise UsageError(_("jewel colour {text!r}: accepted: {colours}").format(text=c, colours=", ".join(jewels.colours(cat))))
            jewels.set_colours(t, seat, tuple(v))
        else:
            seat, _dot, pile = self.field.partition(".")
            seat = resolve_seat(t, seat)
            pile = {"hand": "held", "front": "front"}[pile]
            ids = [c.id for c in cat.deck("mutiny").cards]
            for c in v:
                if c != FACE_DOWN and c not in ids:
                    raise UsageError(_("mutiny card {text!r} is not one castaway knows").format(text=c))
            f["cards"][pile][seat] = list(v)
            held = sum(len(cs) for p in ("held", "front") for cs in f["cards"][p].values())
            if held + len(f["cards"]["discard"]) > 45:
                warn.append(_("{n} mutiny cards are now in hand, in front and discarded: the box holds 45").format(
                    n=held + len(f["cards"]["discard"])))
        sync(t)
        return warned(warn)
