"""21 Mutinies: the round's procedures as actions (placing pawns, then resolving in order).

Every action works on the table copy the engine hands it and returns {"say": ...} for the table. Its fields
are typed (seat ids, spot ids, faces as ints, prices as (doubloons, rum)); what the table typed is read by
the kind's `parse` against the table, once, where it enters (the commands, the guided steps).
Source: 21-mutinies-rulebook-en.txt § Round Overview, § The Actions, § The Mutiny Cards.
"""

from __future__ import annotations

from typing import ClassVar

from ... import dice as dicemod
from ... import rolls
from ...action_base import Action, register, typed_faces
from ...bounds import digits_in
from ...catalog import GameCatalog
from ...colours import word
from ...errors import Next, RuleError, UsageError
from ...i18n import N_, _, ngettext
from ...table import Table
from ...valuetype import frozen
from . import core, jewels, placing, purse, rounds, spots
from .core import HENCHMAN, _phase, captain, flow, name, resolve_seat, rule
from .layout import packs
from .placing import routes_next
from .rounds import end_round


def _head(t: Table, *kinds: str) -> dict:
    _phase(t, "resolve")
    q = flow(t)["queue"]
    if not q or q[0]["kind"] not in kinds:
        nxt = _(core.ACTION_NAMES[q[0]["kind"]]) if q else _("nothing")
        raise RuleError(_("the next thing to resolve is {next}, not {asked}").format(
            next=nxt, asked="/".join(_(core.ACTION_NAMES[k]) for k in kinds)))
    return q[0]


def _placement(t: Table, item: dict) -> dict:
    return flow(t)["placed"][item["i"]]


def seat_of(t: Table, seat: str) -> str:
    """A typed action's seat held to the table: a seat in the turn order (the henchman's too)."""
    if seat not in flow(t)["order"]:
        raise UsageError(_("no seat {seat!r} at this table; accepted: {seats}").format(seat=seat, seats=", ".join(flow(t)["order"])))
    return seat


def faces_of(cat: GameCatalog, n: int, text: str | None) -> tuple[int, ...] | None:
    """n six-sided dice as typed at the table ('3,5', '3 5'); None (left out, or 'roll'): rolled virtually."""
    if text is None or str(text).strip().lower() == "roll":
        return None
    return tuple(r.faces[0] for r in dicemod.parse_faces(dicemod.by_ids(cat, ("d6",) * n), str(text)))


def rolled(t: Table, cat: GameCatalog, faces: tuple[int, ...] | None, n: int) -> tuple[list[int], list]:
    """n d6: the faces typed (checked) or rolled virtually, and their dice records (companion/rolls.py)."""
    dice = dicemod.by_ids(cat, ("d6",) * n)
    typed = faces is not None
    got = dicemod.checked_faces(dice, tuple((f,) for f in faces)) if faces is not None else dicemod.roll_virtual(dice, t.rng())
    return [r.faces[0] for r in got], [rec for r in got for rec in rolls.of_die(cat, r.die, r.faces, typed)]


def _done(t: Table, cat: GameCatalog) -> None:
    """One queue entry resolved; when the queue is empty the round moves on."""
    f = flow(t)
    f["queue"].pop(0)
    if f["queue"]:
        return
    if f["draw"]:
        t.data["flags"]["phase"] = "mutiny-card"
    else:
        end_round(t, cat)


def start_resolution(t: Table) -> None:
    flow(t)["queue"] = rounds.resolution_queue(t)
    t.data["flags"]["phase"] = "resolve"


def refill_routes(t: Table) -> int:
    n = 0
    for sq in flow(t)["routes"]:
        if not sq["token"] and t.data["counters"]["jewels"] > 0:
            t.data["counters"]["jewels"] -= 1
            sq.update(token=True, cost=None)
            n += 1
    return n


# -- placing pawns -------------------------------------------------------------------------------


@register
@packs
@frozen
class Place(Action):
    """A pawn on a space: the captain's action, or a sailor following, in the cabin or mutinying."""

    kind: ClassVar[str] = "mut-place"
    seat: str
    spot: str

    def text(self) -> str:
        return _("{seat} places on {spot}").format(seat=word(self.seat), spot=spots.spot_name(self.spot))

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, seat: str, spot: str) -> "Place":
        """`place SEAT SPOT...` as typed: a colour, a player's name, 'captain' or 'henchman'; 'routes 2', 'wreck'."""
        return cls(resolve_seat(t, seat), spots.spot_text(*spots.parse_spot(spot)))

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        return cls.parse(t, cat, stored["seat"], stored["spot"]).to_dict()

    def run(self, t: Table, cat: GameCatalog):
        _phase(t, "captain", "sailors")
        seat = seat_of(t, self.seat)
        expected = rounds.next_placer(t)
        assert expected is not None, "a pawn is left to place while the captain or the sailors place"
        if seat != expected:
            raise RuleError(_("it is {who}'s turn to place, not {other}'s").format(who=name(t, expected), other=name(t, seat)))
        action, detail = spots.split_spot(self.spot)
        rec = placing.check_spot(t, cat, seat, action, detail)
        f = flow(t)
        said = [f"{name(t, seat)} → {spots.spot_label(cat, t, action, detail)}"]
        if rec["paid"][0]:
            purse.pay(t, rec["payer"], "doubloons", rec["paid"][0], N_("the raid beyond the trade routes"))
            said.append(ngettext("{who} pays {n} doubloon now", "{who} pays {n} doubloons now", rec["paid"][0]).format(
                who=name(t, rec["payer"]), n=rec["paid"][0]))
        if rec["bonus"]:
            what, n = rec["bonus"]
            if what == "prestige":
                extra = purse.gain_prestige(t, cat, seat, n)
                said.append(_("last space: +{n} prestige").format(n=n) + "".join(f"; {e}" for e in extra))
            else:
                said.append(_("last spaces: +{n} {what}").format(n=purse.gain(t, seat, what, n), what=_(core.KEYS[what])))
        if rec.get("fifth_prestige"):
            extra = purse.gain_prestige(t, cat, seat, rec["fifth_prestige"])
            said.append(_("the fifth player on the last space: +{n} prestige").format(n=rec["fifth_prestige"])
                        + "".join(f"; {e}" for e in extra))
        f["placed"].append(rec)
        if seat == captain(t):
            f["action"] = action
            t.data["flags"]["phase"] = "sailors"
        if rounds.next_placer(t) is None:
            start_resolution(t)
        return {"say": "; ".join(said), "spot": spots.spot_text(action, detail)}


@register
@packs
@frozen
class Routes(Action):
    """What the face-up tokens on the trade routes cost (the physical tokens are the truth)."""

    kind: ClassVar[str] = "mut-routes"
    costs: tuple[tuple[int, int], ...]  # (doubloons, rum) per token, left to right
    square: int | None = None

    def text(self) -> str:
        where = _("square {square}").format(square=self.square) if self.square else _("trade routes")
        return f"{where}: {' '.join(purse.cost_text(c) for c in self.costs)}"

    @classmethod
    def parse(cls, costs, square: int | None = None) -> "Routes":
        """The prices as typed, one word per token: 2d1r, 3d, 1r, 2 (doubloons), 0 or free."""
        return cls(tuple((d, r) for d, r in map(purse.parse_cost, costs)), square)

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        return cls.parse(stored["costs"], stored.get("square")).to_dict()

    def run(self, t: Table, cat: GameCatalog):
        _phase(t, "captain", "sailors", "resolve", "mutiny-card")  # the final scoring no longer reads them
        routes = flow(t)["routes"]
        parsed = [purse.checked_cost(c) for c in self.costs]
        if self.square is not None:
            if not 1 <= self.square <= len(routes):
                raise UsageError(_("square {k}: the trade routes have squares 1..{n}").format(k=self.square, n=len(routes)))
            if len(parsed) != 1:
                raise UsageError(_("square {k}: give one cost, not {n}").format(k=self.square, n=len(parsed)))
            targets = [self.square - 1]
        else:
            unknown = [i for i, sq in enumerate(routes) if sq["token"] and sq["cost"] is None]
            filled = [i for i, sq in enumerate(routes) if sq["token"]]
            if len(parsed) == len(unknown) and unknown:
                targets = unknown
            elif len(parsed) == len(filled):
                targets = filled
            else:
                raise UsageError(_("{n} costs given: give one per token on the routes ({filled}), or one per new token ({new}), "
                                   "left to right").format(n=len(parsed), filled=len(filled), new=len(unknown)))
        for i, cost in zip(targets, parsed):
            if not routes[i]["token"]:
                raise RuleError(_("trade-route square {k} has no token").format(k=i + 1))
            routes[i]["cost"] = cost
        shown = "  ".join(f"{i + 1}:{purse.cost_text(sq['cost'])}" for i, sq in enumerate(routes) if sq["token"])
        return {"say": _("trade routes {shown}").format(shown=shown)}


# -- resolving the captain's action ------------------------------------------------------------


@register
@packs
@frozen
class Take(Action):
    """Raiding on the trade routes: pay the token's price and take it; empty squares refill at the end."""

    kind: ClassVar[str] = "mut-take"
    colour: str | None = None  # the jewel's colour as the table saw it; None: not said (colour unknown)
    drawn: str | None = None  # the fifth raider's free jewel from the stack: its colour; None: not said

    def text(self) -> str:
        return _("take a jewel from the trade routes") + (f" ({jewels.colour_name(self.colour)})" if self.colour else "")

    @classmethod
    def parse(cls, cat: GameCatalog, colour: str | None = None, drawn: str | None = None) -> "Take":
        """`take --colour C [--drawn C]`: the colour of the jewel taken (and of the fifth raider's free one) as
        typed (red, blue, green, yellow, wild)."""
        return cls(*(None if c is None else jewels.parse_colour(cat, c) for c in (colour, drawn)))

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        return cls(stored.get("colour"), stored.get("drawn")).to_dict()

    def run(self, t: Table, cat: GameCatalog):
        item = _head(t, "routes")
        p = _placement(t, item)
        d, r, _prestige = p["owes"]
        p["owes"] = [0, 0, 0]
        took = purse.can_pay(t, p["payer"], d, r)
        if not took:
            said = [_("{who} can no longer pay {cost}: the token stays, nothing happens").format(
                who=name(t, p["payer"]), cost=purse.cost_text([d, r]))]
        else:
            purse.pay(t, p["payer"], "doubloons", d, N_("the jewel token"))
            purse.pay(t, p["payer"], "rum", r, N_("the jewel token"))
            flow(t)["routes"][p["space"] - 1].update(token=False, cost=None)
            if p["seat"] == HENCHMAN:
                t.data["counters"]["jewels-out"] += 1
            else:
                t.seat_values(p["seat"])["jewel"] += 1
                jewels.gained(t, p["seat"], self.colour)
            if d or r:
                said = [_("{who} pays {cost} and takes the jewel of square {k}").format(
                    who=name(t, p["seat"]), cost=purse.cost_text([d, r]), k=p["space"])]
            else:
                said = [_("{who} takes the free jewel of square {k}").format(who=name(t, p["seat"]), k=p["space"])]
        if p["fifth"] and took:
            if purse.draw_jewel(t, p["seat"]):
                if p["seat"] != HENCHMAN:
                    jewels.gained(t, p["seat"], self.drawn)
                said.append(_("the fifth raider draws a free jewel"))
            else:
                said.append(_("no jewel left for the fifth raider"))
        if not any(q["kind"] == "routes" for q in flow(t)["queue"][1:]):
            n = refill_routes(t)
            said.append(ngettext("{n} new token on the routes: say its price", "{n} new tokens on the routes: say their prices", n)
                        .format(n=n) if n else _("the stack is empty: the squares stay empty"))
        _done(t, cat)
        return {"say": "; ".join(said)}


@register
@packs
@frozen
class Raid(Action):
    """Raiding beyond the trade routes: a jewel drawn blind, kept or refused (its cost paid back)."""

    kind: ClassVar[str] = "mut-raid"
    keep: bool = True
    colour: str | None = None  # the kept jewel's colour as the table saw it; None: not said (colour unknown)

    def text(self) -> str:
        said = _("draw a jewel beyond the routes") if self.keep else _("draw a jewel beyond the routes, refused")
        return said + (f" ({jewels.colour_name(self.colour)})" if self.colour and self.keep else "")

    @classmethod
    def parse(cls, cat: GameCatalog, keep: bool = True, colour: str | None = None) -> "Raid":
        """`raid --keep/--discard --colour C`: the colour of the jewel kept as typed."""
        return cls(keep, None if colour is None or not keep else jewels.parse_colour(cat, colour))

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        return cls(stored.get("keep", True), stored.get("colour")).to_dict()

    def run(self, t: Table, cat: GameCatalog):
        item = _head(t, "beyond")
        p = _placement(t, item)
        who = name(t, p["seat"])
        if not purse.draw_jewel(t, HENCHMAN):  # face up for now; moved to the raider if kept
            purse.gain(t, p["payer"], "doubloons", p["paid"][0])
            _done(t, cat)
            return {"say": ngettext("the stack is empty: {who} draws nothing and takes back {n} doubloon",
                                      "the stack is empty: {who} draws nothing and takes back {n} doubloons",
                                      p["paid"][0]).format(who=who, n=p["paid"][0])}
        if p["seat"] == HENCHMAN:
            said = _("the henchman's jewel is discarded face up")
        elif self.keep:
            t.data["counters"]["jewels-out"] -= 1
            t.seat_values(p["seat"])["jewel"] += 1
            jewels.gained(t, p["seat"], self.colour)
            said = _("{who} keeps the jewel").format(who=who)
        else:
            back = purse.gain(t, p["payer"], "doubloons", p["paid"][0])
            said = ngettext("{who} discards it face up and takes back {n} doubloon",
                             "{who} discards it face up and takes back {n} doubloons", back).format(who=who, n=back)
        _done(t, cat)
        return {"say": said}


@register
@packs
@frozen
class Plunder(Action):
    """Plunder shipwrecks: two dice; one must beat the space's number for a treasure."""

    kind: ClassVar[str] = "mut-plunder"
    faces: tuple[int, ...] | None = None  # the two dice as typed at the table; None: rolled virtually

    def text(self) -> str:
        s = _("plunder: roll 2d6")
        return typed_faces(s, self.faces)

    @classmethod
    def parse(cls, cat: GameCatalog, faces: str | None) -> "Plunder":
        return cls(faces_of(cat, 2, faces))

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        return cls.parse(cat, stored.get("faces")).to_dict()

    def run(self, t: Table, cat: GameCatalog):
        item = _head(t, "wreck")
        p = _placement(t, item)
        faces, records = rolled(t, cat, self.faces, 2)
        t.data["last"] = {"roll": "2d6", "faces": [str(f) for f in faces]}
        beat = rule(cat, "wreck")["beats"][p["space"] - 1]
        seat, who = p["seat"], name(t, p["seat"])
        said = [_("{who} rolls {a} and {b} (needs more than {beat})").format(who=who, a=faces[0], b=faces[1], beat=beat)]
        if max(faces) > beat:
            if purse.draw_treasure(t, seat):
                said.append(_("discarded face up") if seat == HENCHMAN else _("draws a treasure token"))
            elif seat != HENCHMAN:
                purse.gain(t, seat, "doubloons", 1)
                extra = purse.gain_prestige(t, cat, seat, 1)
                said.append(_("no treasure left: +1 prestige, +1 doubloon") + "".join(f"; {e}" for e in extra))
            if seat == captain(t) and min(faces) > beat:
                said.append(_("both dice beat {beat}: +{n} doubloon").format(beat=beat, n=purse.gain(t, seat, "doubloons", 1)))
        else:
            said.append(_("nothing"))
        _done(t, cat)
        return {"say": "; ".join(said), "faces": faces, rolls.KEY: records}


@register
@packs
@frozen
class Tavern(Action):
    """The tavern: the captain's free rum, then one die + 2 rum handed round while the tavern has any."""

    kind: ClassVar[str] = "mut-tavern"
    face: int | None = None  # the die as typed at the table; None: rolled virtually

    def text(self) -> str:
        s = _("tavern: roll d6")
        return typed_faces(s, self.face)

    @classmethod
    def parse(cls, cat: GameCatalog, face: str | None) -> "Tavern":
        faces = faces_of(cat, 1, face)
        return cls(None if faces is None else faces[0])

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        return cls.parse(cat, stored.get("face")).to_dict()

    def run(self, t: Table, cat: GameCatalog):
        _head(t, "tavern")
        tav = rule(cat, "tavern")
        faces, records = rolled(t, cat, None if self.face is None else (self.face,), 1)
        face = faces[0]
        t.data["last"] = {"roll": "d6", "faces": [str(face)]}
        cap = captain(t)
        free = purse.gain(t, cap, "rum", tav["free_rum"])
        total = face + tav["die_bonus"]
        guests = [p["seat"] for p in spots.on(t, "tavern")]
        got = {s: 0 for s in guests}
        for unit in range(total):
            guest = guests[unit % len(guests)]
            if guest == HENCHMAN:
                continue  # his share stays in the tavern (assumed, see rules.henchman)
            if t.pool_left("rum") <= 0:
                break
            got[guest] += purse.gain(t, guest, "rum", 1)
        shares = ", ".join(f"{name(t, s)} {n}" for s, n in got.items() if s != HENCHMAN)
        _done(t, cat)
        return {"say": _("captain's free rum {free}; die {face} + {bonus} = {total} rum: {shares}").format(
            free=free, face=face, bonus=tav["die_bonus"], total=total, shares=shares), "face": face, rolls.KEY: records}


def parse_payout(payout: str | None) -> tuple[int, int] | None:
    """A payout read from the board's chart as typed: doubloons,prestige ('4,1' or '4/1')."""
    if payout is None:
        return None
    bits = str(payout).replace("/", ",").split(",")
    if len(bits) != 2 or not all(digits_in(b.strip(), 0, 100) for b in bits):
        raise UsageError(_("payout {payout!r}: give doubloons,prestige from your board's chart, e.g. 4,1").format(payout=payout))
    return int(bits[0]), int(bits[1])


def market_payout(cat: GameCatalog, combo: str, rum: int, payout: tuple[int, int] | None) -> tuple[int, int]:
    chart = cat.rules.get("market-chart", {}).get("chart") or {}
    if payout is not None:
        if len(payout) != 2 or any(isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 100 for n in payout):
            raise UsageError(_("payout {payout!r}: give doubloons,prestige from your board's chart, e.g. 4,1").format(payout=payout))
        return payout[0], payout[1]
    row = chart.get(combo)
    if not row or len(row) <= rum:
        raise RuleError(_("castaway has no black market chart for {combo} with {rum} rum (it is printed on the board): "
                          "the payout is read from it as doubloons and prestige").format(combo=_(core.COMBO_NAMES[combo]), rum=rum),
                        next=Next("mut-trade", {"rum": rum}, missing=("payout",)))
    return int(row[rum][0]), int(row[rum][1])


@register
@packs
@frozen
class Trade(Action):
    """The black market (or the town's market space): hand in a combination, add rum, take the payout."""

    kind: ClassVar[str] = "mut-trade"
    rum: int = 0
    payout: tuple[int, int] | None = None  # (doubloons, prestige) read from the board's chart
    symbols: int | None = None
    colours: tuple[str, ...] | None = None  # the jewels revealed, by colour; None: castaway's pick from those held

    def text(self) -> str:
        if self.payout:
            return _("trade with {rum} rum for {payout}").format(rum=self.rum, payout=",".join(map(str, self.payout)))
        return _("trade with {rum} rum").format(rum=self.rum)

    @classmethod
    def parse(cls, rum: int = 0, payout: str | None = None, symbols: int | None = None,
              cat: GameCatalog | None = None, colours: str | None = None) -> "Trade":
        return cls(rum, parse_payout(payout), symbols, None if cat is None else jewels.parse_colours(cat, colours))

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        return cls.parse(stored.get("rum", 0), stored.get("payout"), stored.get("symbols")).to_dict()

    def run(self, t: Table, cat: GameCatalog):
        item = _head(t, "market", "town")
        p = _placement(t, item)
        combo = p["detail"] if item["kind"] == "market" else p["detail"].partition(":")[2]
        if not combo:
            raise RuleError(_("the next to resolve is the town's {space} space, not a trade").format(
                space=_(core.TOWN_NAMES[p["detail"].partition(":")[0]])), next=Next("mut-town"))
        seat, who = p["seat"], name(t, p["seat"])
        cap = rule(cat, "market")["max_rum"]
        if self.symbols is not None and not 0 <= self.symbols <= 20:
            raise UsageError(_("rum symbols {n}: accepted 0..20 (count them on the tokens traded)").format(n=self.symbols))
        limit = min(cap, core.value(t, seat, "rum"), cap if self.symbols is None else self.symbols)
        if not 0 <= self.rum <= limit:
            raise RuleError(_("{who} may add 0..{limit} rum (at most {cap}, the rum held and the rum symbols traded), not {n}").format(
                who=who, limit=limit, cap=cap, n=self.rum))
        need = rule(cat, "market")["combos"][combo]
        if core.value(t, seat, "jewel") < need:
            raise RuleError(_("{who} holds {n} jewels; {combo} trades {need}").format(
                who=who, n=core.value(t, seat, "jewel"), combo=_(core.COMBO_NAMES[combo]), need=need))
        picked = jewels.choose(t, seat, combo, need, self.colours)
        if picked is None:
            given = ", ".join(jewels.colour_name(c) for c in self.colours) if self.colours else None
            raise RuleError((_("{given} are not {combo} among {who}'s jewels ({held})").format(
                given=given, combo=_(core.COMBO_NAMES[combo]), who=who, held=jewels.shown(t, seat)) if given else
                _("{who}'s jewels ({held}) make no {combo}").format(who=who, held=jewels.shown(t, seat), combo=_(core.COMBO_NAMES[combo]))),
                next=Next("mut-trade", missing=("colours",)))
        taken, trusted = picked
        d, pp = market_payout(cat, combo, self.rum, self.payout)
        purse.pay(t, seat, "rum", self.rum, N_("the black market"))
        jewels.spent(t, seat, taken)
        t.seat_values(seat)["jewel"] -= need
        t.data["counters"]["jewels-out"] += need
        got = purse.gain(t, seat, "doubloons", d)
        extra = purse.gain_prestige(t, cat, seat, pp)
        if taken:
            extra.insert(0, _("jewels handed in: {colours}").format(colours=", ".join(jewels.colour_name(c) for c in taken)))
        if trusted:
            extra.append(_("warning: {message}").format(message=_("{who}'s jewel colours are not all known: {combo} taken on trust")
                                                           .format(who=who, combo=_(core.COMBO_NAMES[combo]))))
        _done(t, cat)
        return {"say": ngettext("{who} trades {combo} with {rum} rum: +{d} doubloon, +{pp} prestige",
                                  "{who} trades {combo} with {rum} rum: +{d} doubloons, +{pp} prestige", got).format(
            who=who, combo=_(core.COMBO_NAMES[combo]), rum=self.rum, d=got, pp=pp) + "".join(f"; {e}" for e in extra)}


@register
@packs
@frozen
class Town(Action):
    """Visit the town: pirate's tale, theft (choice 'stack' or a route square), tavern, rumours."""

    kind: ClassVar[str] = "mut-town"
    square: int | None = None  # theft only: the trade-route square whose token is taken; None: the stack
    colour: str | None = None  # theft only: the stolen jewel's colour as the table saw it; None: not said

    def text(self) -> str:
        return _("town: {choice}").format(choice=self.square) if self.square else _("town")

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, choice: str | None, colour: str | None = None) -> "Town":
        town = cls._parse(t, cat, choice)
        return town if colour is None else cls(town.square, jewels.parse_colour(cat, colour))

    @classmethod
    def _parse(cls, t: Table, cat: GameCatalog, choice: str | None) -> "Town":
        """The theft's choice as typed: 'stack', or a trade-route square ('2', 'routes:2'). Only a sailor's
        theft takes one; elsewhere it is not read (as the town always did)."""
        q = flow(t)["queue"]
        p = flow(t)["placed"][q[0]["i"]] if q and "i" in q[0] else None
        if choice is None or p is None or p["action"] != "town" or p["detail"] != "theft" or p["seat"] == HENCHMAN:
            return cls(None)
        raw = str(choice).strip().lower().removeprefix("route").removeprefix("s:").strip(":")
        if raw == "stack":
            return cls(None)
        if not raw.isdecimal() or int(raw) > 99:
            raise UsageError(_("theft {choice!r}: accepted: stack, or a trade-route square number").format(choice=choice))
        return cls(int(raw))

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        return cls.parse(t, cat, stored.get("choice")).to_dict()

    def run(self, t: Table, cat: GameCatalog):
        item = _head(t, "town")
        p = _placement(t, item)
        space = p["detail"].partition(":")[0]
        seat, who = p["seat"], name(t, p["seat"])
        town = rule(cat, "town")
        if space == "market":
            raise RuleError(_("the town's market space is resolved as a trade"), next=Next("mut-trade", missing=("rum",)))
        if space == "tale" and not purse.can_pay(t, p["payer"], town["tale_pay"], 0):
            p["owes"] = [0, 0, 0]
            said = _("{who} can no longer pay {n} doubloons: nothing happens").format(who=name(t, p["payer"]), n=town["tale_pay"])
        elif space == "tale":
            purse.pay(t, p["payer"], "doubloons", town["tale_pay"], N_("a pirate's tale"))
            p["owes"] = [0, 0, 0]
            extra = purse.gain_prestige(t, cat, seat, town["tale_prestige"])
            said = ngettext("{who} pays {n} doubloon: +{pp} prestige", "{who} pays {n} doubloons: +{pp} prestige", town["tale_pay"]).format(
                who=who, n=town["tale_pay"], pp=town["tale_prestige"] if seat != HENCHMAN else 0) + "".join(f"; {e}" for e in extra)
        elif space == "theft":
            said = self._theft(t, p, seat, who)
        elif space == "tavern":
            said = _("{who} takes {n} rum").format(who=who, n=purse.gain(t, seat, "rum", 1))
        else:
            if purse.draw_treasure(t, seat):
                said = (_("{who} draws a treasure token (discarded)") if seat == HENCHMAN
                        else _("{who} draws a treasure token")).format(who=who)
            else:
                purse.gain(t, seat, "doubloons", 1)
                extra = purse.gain_prestige(t, cat, seat, 1)
                said = _("no treasure left: {who} takes 1 doubloon and 1 prestige").format(who=who) + "".join(f"; {e}" for e in extra)
        _done(t, cat)
        return {"say": said}

    def _theft(self, t: Table, p: dict, seat: str, who: str) -> str:
        if seat == HENCHMAN or self.square is None:
            if not purse.draw_jewel(t, seat):
                return _("the jewel stack is empty")
            if seat != HENCHMAN:
                jewels.gained(t, seat, self.colour)
            return _("{who} draws a jewel from the stack").format(who=who)
        routes = flow(t)["routes"]
        k = self.square
        if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= len(routes) or not routes[k - 1]["token"]:
            raise RuleError(_("trade-route square {k} holds no token").format(k=k))
        cost = routes[k - 1]["cost"]
        if cost is None:
            raise RuleError(_("the price of the token on square {k} is not known yet").format(k=k), next=routes_next(k))
        purse.pay(t, seat, "doubloons", cost[0], N_("the stolen token"))
        purse.pay(t, seat, "rum", cost[1], N_("the stolen token"))
        routes[k - 1].update(token=False, cost=None)
        t.seat_values(seat)["jewel"] += 1
        jewels.gained(t, seat, self.colour)
        refill_routes(t)
        return _("{who} pays {cost} and takes the jewel of square {k}; a new token goes there: say its price").format(
            who=who, cost=purse.cost_text(cost), k=k)


@register
@packs
@frozen
class BonusJewel(Action):
    """The colour of the face-down jewel a prestige bonus space gave (§ Initial Setup 1a), as its owner sees
    it: kept with the seat's other colours for the black market; None: not said (of unknown colour)."""

    kind: ClassVar[str] = "mut-bonus-jewel"
    seat: str
    space: int
    colour: str | None = None

    def text(self) -> str:
        colour = jewels.colour_name(self.colour) if self.colour else _("not said")
        return _("{seat}'s bonus jewel (space {space}): {colour}").format(seat=word(self.seat), space=self.space, colour=colour)

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, seat: str, colour: str | None) -> "BonusJewel":
        """`bonus-jewel SEAT COLOUR` as typed: a colour (red, blue, green, yellow, wild), or none; the space is
        the seat's oldest bonus jewel not yet told."""
        who = resolve_seat(t, seat)
        said = None if colour is None or str(colour).strip().lower() in ("", "none", "-", jewels.UNKNOWN) else colour
        spaces = [sp for s, sp in jewels.bonus_all_waiting(t) if s == who]
        if not spaces:
            raise RuleError(_("no bonus jewel of {who} waits for its colour").format(who=name(t, who)))
        return cls(who, spaces[0], None if said is None else jewels.parse_colour(cat, said))

    def run(self, t: Table, cat: GameCatalog):
        if (self.seat, self.space) not in jewels.bonus_all_waiting(t):
            raise RuleError(_("no bonus jewel of {who} waits for its colour").format(who=name(t, self.seat)))
        flow(t).setdefault("bonus_told", {}).setdefault(self.seat, []).append(self.space)
        if self.colour is None:
            return {"say": _("{who}'s bonus jewel: colour not said").format(who=name(t, self.seat))}
        jewels.gained(t, self.seat, self.colour)
        return {"say": _("{who}'s bonus jewel is {colour}").format(who=name(t, self.seat), colour=jewels.colour_name(self.colour))}
