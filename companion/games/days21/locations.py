"""21 Days: the board's locations, activated in board order by rolling the placement dice there.

Flare, Bottle (receive, then play) and the bottle cards' effects, the Swap location (Turtle, Bottle,
Flare tokens), Hope, Fishing, the Plank Location promo card and The Kid's location. Who rolls at a
location comes from today's placements (guided game) or is named (`seats`) on the command line.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ... import rolls
from ...action_base import Action, register, typed_faces
from ...catalog import GameCatalog
from ...errors import Next, RuleError, UsageError
from ...i18n import N_, _
from ...table import Table
from ...valuetype import frozen
from . import typed as ty
from .core import anchor, d21, day, done, flow, gain, give_hope, hope, is_scruffs, living, lose, move_ship, name, pay_hope, placements, push, seat_of, take_hope
from .names import colour, seat

SAY = {
    "flare": N_("Flares {faces}: {sixes} six(es), the ship moves {moved:+d} to {ship}."),
    "blank": N_(" A 1 with three flares: the ship loses a space."),
    "anchor": N_(" The ship reached the anchor: {n} hope for the flare dice."),
    "hope": N_("Hope dice {faces} = {total}: {tokens} token(s){given}."),
    "fish": N_("{who} fishes {v}: {fish} fish. {gains}"),
    "kid_none": N_("The Kid rolls {v}: nothing happens."),
    "kid_hurt": N_("The Kid rolls {v}: he loses 1 strength."),
    "kid_good": N_("The Kid rolls {v}: choose cancel-disaster, strength (+2 shared) or skip-page."),
}


KID_CHOICES = ("cancel-disaster", "strength", "skip-page")


# -- flare -----------------------------------------------------------------------------------------


def flare_roll(t: Table, cat: GameCatalog, vals: list[int], full: bool) -> tuple[str, int]:
    before = t.data["tracks"]["ship"]
    sixes = vals.count(6)
    moved = move_ship(t, cat, sixes)
    say = ""
    if full and 1 in vals:
        moved += move_ship(t, cat, -1)
        say = _(SAY["blank"])
    return say, before




def _seats_faces(line: str, seats, faces) -> str:
    """A location's log line with the seats it names and the faces the table typed, in the table's words."""
    seats = ty.joined(seats) if isinstance(seats, tuple) else seats
    line = f"{line} {seat(seats)}" if seats else line
    return typed_faces(line, faces)


def _placed(res: dict, die: str, vals: list, virtual: bool) -> dict:
    """A result with its dice in the one shape of companion/rolls.py."""
    return rolls.add(res, ty.records(die, vals, virtual))

@register
@frozen
class Flare(Action):
    """The flare location: each 6 moves the ship one space right; with all three dice there, any 1 moves it
    back one. Reaching the anchor before day 21 gives a hope token per flare die (to whom you choose)."""

    kind: ClassVar[str] = "d21-flare"
    seats: tuple[str, ...] | None = None
    faces: tuple[int, ...] | None = None
    anchor_to: tuple[str, ...] | None = None

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, seats=None, faces=None, anchor_to=None) -> "Flare":
        return cls(ty.living_seats(t, cat, seats), ty.faces(faces, _("flare dice")), ty.living_seats(t, cat, anchor_to))

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        return ty.upgraded(cls, stored, t, cat, lenient=("anchor_to",))

    def text(self) -> str:
        return _seats_faces(_("flare location"), self.seats, self.faces)

    def run(self, t: Table, cat: GameCatalog):
        seats = ty.at(t, cat, "flare", self.seats, cat.rules["flare"]["full"])
        if not seats:
            done(t, "flare")
            return {"say": _("Nobody left to fire a flare.")}
        vals, virtual = ty.dice(t, self.faces, len(seats), _("flare dice"))
        before = t.data["tracks"]["ship"]
        extra, _b = flare_roll(t, cat, vals, len(seats) >= cat.rules["flare"]["full"])
        ship = t.data["tracks"]["ship"]
        say = _(SAY["flare"]).format(faces=",".join(map(str, vals)), sixes=vals.count(6), moved=ship - before, ship=ship) + extra
        got = None
        if day(t) < 21 and before < anchor(cat) <= max(ship, before) and vals.count(6):
            got = sum(give_hope(t, s, 1) for s in anchor_receivers(t, cat, seats, self.anchor_to))
            say += _(SAY["anchor"]).format(n=got)
        done(t, "flare")
        horvath = next((s for s in seats if t.seat_values(s).get("survivor") == "horvath"), None)
        if horvath and hope(t, horvath) >= 2 and day(t) < 21:
            push(t, {"do": "horvath"})
        res: dict[str, Any] = {"faces": vals, "say": say}
        if got is not None:
            res["anchor"] = got
        return _placed(res, "placement", vals, virtual)


def anchor_receivers(t: Table, cat: GameCatalog, seats: list[str], to_: tuple[str, ...] | None) -> list[str]:
    """Who gets each flare die's hope token when the ship reaches the anchor: any survivor (CS § Signální
    lokalita: "Tento žeton naděje lze dát kterémukoliv trosečníkovi"), one named per die or one for all;
    left out, each die's owner."""
    if not to_:
        return list(seats)
    people = [s for s in living(t) if not is_scruffs(t, s)]
    to = [ty.alive(t, cat, s, people) for s in to_]
    if len(to) == 1:
        return to * len(seats)
    if len(to) != len(seats):
        raise RuleError(_("the anchor gives {n} hope token(s), one per flare die; {m} receiver(s) named: name one per die or one survivor for all").format(
            n=len(seats), m=len(to)))
    return to


@register
@frozen
class HorvathFlare(Action):
    """Horvath at the flare location: another attempt for 2 hope; a 6 moves the ship right."""

    kind: ClassVar[str] = "d21-horvath"
    face: int | None = None
    stop: bool = False

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, face=None, stop: bool = False) -> "HorvathFlare":
        return cls(None if stop else ty.face(face, _("flare die")), bool(stop))

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        return ty.upgraded(cls, stored, t, cat)

    def text(self) -> str:
        if self.stop:
            return _("Horvath stops firing")
        s = _("Horvath fires again")
        return typed_faces(s, self.face)

    def run(self, t: Table, cat: GameCatalog):
        if self.stop:
            done(t, "horvath")
            return {"say": _("Horvath keeps his hope.")}
        seat = seat_of(t, "horvath")
        if seat is None:
            raise RuleError(_("Horvath is not on the raft"))
        placed = placements(t)
        if placed and not any(s == seat and where == "flare" for s, where in placed):  # EN § Survivors: only when present on the Flare location
            raise RuleError(_("Horvath fires extra flares only from the Flare location, and his die is not there today"))
        pay_hope(t, seat, 2, _("Horvath's extra flare"))
        vals, virtual = ty.dice(t, ty.one(self.face), 1, _("flare die"))
        v = vals[0]
        before = t.data["tracks"]["ship"]
        move_ship(t, cat, 1 if v == 6 else 0)
        say = _("Horvath pays 2 hope and fires: {v}{part}").format(v=v, part=_(", the ship moves to {ship}.").format(ship=t.data['tracks']['ship']) if t.data["tracks"]["ship"] != before else ".")
        if hope(t, seat) < 2:
            done(t, "horvath")
        return _placed({"faces": [v], "say": say}, "placement", vals, virtual)


# -- swap, hope, fishing ---------------------------------------------------------------------------


def hope_payout(t: Table, cat: GameCatalog, seats: list[str], vals: list[int], per: int, penalty: bool,
                to_: tuple[str, ...] | None) -> str:
    total = sum(vals)
    tokens = total // per
    lost = 0
    if penalty:
        for s, v in zip(seats, vals):
            if v == 1:
                lost += take_hope(t, s, 1)
    owners = [s for s in seats if s in living(t) and not is_scruffs(t, s)]
    to = hope_receivers(t, cat, owners, tokens, to_)
    got: dict[str, int] = {}
    for s in to:
        got[s] = got.get(s, 0) + 1
    given = {s: give_hope(t, s, n) for s, n in got.items()}
    text = ", ".join(f"{colour(s)} +{n}" for s, n in given.items() if n)
    extra = f" ({text})" if text else ""
    if sum(min(given[s], n) for s, n in got.items()) < len(to):  # (Mick's extra token is no loss)
        extra += _("; the bag had no more tokens")
    if lost:
        extra += _("; {lost} paid back for 1s").format(lost=lost)
    return _(SAY["hope"]).format(faces=",".join(map(str, vals)), total=total, tokens=tokens, given=extra)


def hope_receivers(t: Table, cat: GameCatalog, owners: list[str], tokens: int, to_: tuple[str, ...] | None) -> list[str]:
    """Who gets each token won at the hope location: the survivors who rolled there share them as they
    like, or one keeps them all (21-dni-pravidla-cs.txt § Lokalita Naděje). `to_` names one receiver
    per token, or a single survivor for all of them; left out, they go round the rollers."""
    if not to_:
        return [owners[i % len(owners)] for i in range(tokens)] if owners else []
    if not owners:
        raise RuleError(_("nobody at the location can take hope tokens"))
    to = [ty.alive(t, cat, s) for s in to_]
    for s in to:
        if s not in owners:
            raise RuleError(_("{seat} did not roll at this location ({items} did): the tokens go only to them").format(
                seat=s, items=", ".join(owners)))
    if len(to) == 1:
        return to * tokens
    if len(to) != tokens:
        raise RuleError(_("--to {to!r}: {tokens} token(s) won, {n} receiver(s) named; name one per token or one survivor for all").format(
            to=",".join(to_), tokens=tokens, n=len(to)))
    return to


@register
@frozen
class Hope(Action):
    """The hope location: one hope token per 3 points; with all three dice there, each 1 rolled costs its
    roller a token (the 1 still counts). to: who gets each token (default: in turn among the rollers)."""

    kind: ClassVar[str] = "d21-hope"
    seats: tuple[str, ...] | None = None
    faces: tuple[int, ...] | None = None
    to: tuple[str, ...] | None = None

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, seats=None, faces=None, to=None) -> "Hope":
        return cls(ty.living_seats(t, cat, seats), ty.faces(faces, _("hope dice")), ty.living_seats(t, cat, to))

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        return ty.upgraded(cls, stored, t, cat, lenient=("to",))

    def text(self) -> str:
        return _seats_faces(_("hope location"), self.seats, self.faces)

    def run(self, t: Table, cat: GameCatalog):
        r = cat.rules["hope_location"]
        seats = ty.at(t, cat, "hope", self.seats, r["full"])
        done(t, "hope")
        if not seats:
            return {"say": _("Nobody left at the hope location.")}
        vals, virtual = ty.dice(t, self.faces, len(seats), _("hope dice"))
        say = hope_payout(t, cat, seats, vals, r["points_per_hope"], len(seats) >= r["full"], self.to)
        return _placed({"faces": vals, "say": say}, "placement", vals, virtual)


@register
@frozen
class Swap(Action):
    """The swap location with the token in play: Turtle (hope at its better rate), Bottle (take a card,
    then play one), Flare (pay, then up to three flares). The Dolphin takes no dice."""

    kind: ClassVar[str] = "d21-swap"
    seats: tuple[str, ...] | None = None
    faces: tuple[int, ...] | None = None
    to: tuple[str, ...] | None = None
    card: str | None = None

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, seats=None, faces=None, to=None, card=None) -> "Swap":
        from . import draws

        return cls(ty.living_seats(t, cat, seats), ty.faces(faces, _("swap dice")), ty.living_seats(t, cat, to), draws.typed_card(t, cat, "bottle", card))

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        return ty.upgraded(cls, stored, t, cat, lenient=("to", "card"))

    def text(self) -> str:
        return _seats_faces(_("swap location"), self.seats, self.faces)

    def run(self, t: Table, cat: GameCatalog):
        token = d21(t).get("swap")
        if token is None:
            raise RuleError(_("no swap location token is on the board"))
        spec = cat.deck("swap").card(token.split(":")[0])
        seats = ty.at(t, cat, "swap", self.seats, spec.get("places", 1))
        done(t, "swap")
        if not seats:
            return {"say": _("Nobody left at the swap location.")}
        cid = spec.id
        if cid.startswith("turtle"):
            vals, virtual = ty.dice(t, self.faces, len(seats), _("turtle dice"))
            say = _("Turtle: {hope_payout}").format(hope_payout=hope_payout(t, cat, seats, vals, spec.get("points_per_hope"), False, self.to))
            return _placed({"faces": vals, "say": say}, "placement", vals, virtual)
        seat = seats[0]
        if cid == "bottle-swap":
            wd = d21(t).get("white_die")
            if wd and wd.get("seat") == seat:
                got = _("none: Extra hands is in play")
            else:
                from . import draws
                from .bottle import receive_card

                if draws.asked(t, self.card):
                    raise RuleError(_("which bottle card did {who} take at the Bottle swap location? The table says it: its number, name or id, or 'draw' (castaway draws)").format(
                        who=name(t, cat, seat)), next=Next("d21-swap", {"drawn": True}, ("card",)))

                got = receive_card(t, cat, seat, self.card, second=True)
            if t.deck("bottle")["held"].get(seat):
                push(t, {"do": "card", "seat": seat})
                return {"say": _("{who} takes a bottle card ({got}) and now plays one.").format(who=name(t, cat, seat), got=got)}
            return {"say": _("{who} takes no bottle card ({got}).").format(who=name(t, cat, seat), got=got)}
        if cid == "flare-swap":
            cost = cat.rules["flare"]["swap_cost"]
            if hope(t, seat) < cost:
                return {"say": _("{who} cannot pay the {cost} hope: no flares.").format(who=name(t, cat, seat), cost=cost)}
            most = cat.rules["flare"]["swap_rolls"]  # CS § Výměnná lokalita: up to 3 rolls; virtually all 3 are rolled
            if self.faces is not None and not 1 <= len(self.faces) <= most:
                raise UsageError(_("flare dice: {n} faces typed ({text}); the Flare swap location rolls up to {most} times: 1 to {most} faces, e.g. 6,2").format(
                    n=len(self.faces), text=",".join(map(str, self.faces)), most=most))
            pay_hope(t, seat, cost, _("the Flare swap location"))
            vals, virtual = ty.dice(t, self.faces, most if self.faces is None else len(self.faces), _("flare dice"))
            before = t.data["tracks"]["ship"]
            move_ship(t, cat, vals.count(6))
            say = _("{who} pays {cost} hope and fires {items}: the ship moves {n:+d}.").format(who=name(t, cat, seat), cost=cost, items=','.join(map(str, vals)), n=t.data['tracks']['ship'] - before)
            return _placed({"faces": vals, "say": say}, "placement", vals, virtual)
        if cid == "dolphin":
            raise RuleError(_("the Dolphin takes no placement dice: it turns a die already rolled, for 3 strength"),
                            next=Next("d21-dolphin", {}, ("seat",)))
        return {"say": _("{name}: resolve it as printed, correcting the table by hand; no rulebook describes it.").format(name=_(spec.name))}


def fish_share(t: Table, fish: int, most: int) -> list[str]:
    """Fish shared out by default: a round for everyone (weakest first), then seconds to the weakest."""
    got: dict[str, int] = {}
    alive = living(t)
    out: list[str] = []
    first = sorted(alive, key=lambda s: (t.visible(s) >= 6, t.visible(s)))
    for s in first[:fish]:
        out.append(s)
        got[s] = 1
    while len(out) < fish:
        cands = [s for s in alive if got.get(s, 0) < most]
        if not cands:
            break
        cands.sort(key=lambda s: (min(6, t.visible(s) + got.get(s, 0)) >= 6, t.visible(s) + got.get(s, 0)))
        out.append(cands[0])
        got[cands[0]] = got.get(cands[0], 0) + 1
    return out


@register
@frozen
class Fishing(Action):
    """Fishing: the roll says how many fish (1, 2, 3, 4, 4, and 4+1 on a 6), each one visible strength;
    at most 2 for one survivor, nobody past 6. to: who gets each fish (default: weakest first).
    Tomi's extra fish is its own action (castaway ability tomi --to SEAT)."""

    kind: ClassVar[str] = "d21-fishing"
    seat: str | None = None
    face: int | None = None
    to: tuple[str, ...] | None = None

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, seat=None, face=None, to=None) -> "Fishing":
        return cls(ty.one_seat(t, cat, seat), ty.face(face, _("fishing die")), ty.living_seats(t, cat, to))

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        return ty.upgraded(cls, stored, t, cat, lenient=("to",))

    def text(self) -> str:
        s = _seats_faces(_("fishing"), self.seat, self.face)
        return _("{line} to {to}").format(line=s, to=seat(ty.joined(self.to))) if self.to else s

    def run(self, t: Table, cat: GameCatalog):
        if "no-fishing" in d21(t).get("today", []):
            raise RuleError(_("the fishing rod is broken today: no fishing"))
        seats = ty.at(t, cat, "fishing", (self.seat,) if self.seat else None, 1)
        done(t, "fishing")
        if not seats:
            return {"say": _("Nobody left to fish.")}
        seat = seats[0]
        vals, virtual = ty.dice(t, ty.one(self.face), 1, _("fishing die"))
        v = vals[0]
        r = cat.rules["fishing"]
        fish = r["fish"][v - 1]
        to = [ty.alive(t, cat, s) for s in self.to or ()] or fish_share(t, fish, r["most_each"])
        most = min(fish, r["most_each"] * len(living(t)))
        if len(to) > fish or len(to) < most:  # CS § Lokalita rybolov: each fish is one survivor's strength
            raise RuleError(_("a {v} catches {fish} fish; {n} given out").format(v=v, fish=fish, n=len(to)))
        count: dict[str, int] = {}
        for s in to:
            count[s] = count.get(s, 0) + 1
            if count[s] > r["most_each"]:
                raise RuleError(_("{s} would get {count} fish: at most {most_each} each").format(s=colour(s), count=count[s], most_each=r['most_each']))
        # CS § Lokalita rybolov: a roll of N feeds N survivors one each (4 at most, a 6 one more): a second fish
        # only once every survivor aboard has one
        hungry = [s for s in living(t) if s not in count]
        if hungry and any(n > 1 for n in count.values()):
            raise RuleError(_("a {v} catches {fish} fish: one each first, so {items} get one before anyone gets a second").format(
                v=v, fish=fish, items=", ".join(colour(s) for s in hungry)))
        gains = {s: gain(t, s, n) for s, n in count.items()}
        text = ", ".join(f"{colour(s)} +{g}" for s, g in gains.items()) or _("nobody gains")
        say = _(SAY["fish"]).format(who=name(t, cat, seat), v=v, fish=fish, gains=text)
        if t.seat_values(seat).get("survivor") == "tomi" and hope(t, seat) >= 2:
            push(t, {"do": "tomi"})
            flow(t)["fished"] = day(t)
        return _placed({"faces": [v], "say": say}, "placement", vals, virtual)


@register
@frozen
class PlankSpot(Action):
    """The Plank Location promo card: its owner's die there; a 6 brings a plank back, then the card goes."""

    kind: ClassVar[str] = "d21-plank-spot"
    face: int | None = None

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, face=None) -> "PlankSpot":
        return cls(ty.face(face, _("plank location die")))

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        return ty.upgraded(cls, stored, t, cat)

    def text(self) -> str:
        return _seats_faces(_("plank location"), None, self.face)

    def run(self, t: Table, cat: GameCatalog):
        owner = d21(t).get("plank_card")
        if owner is None:
            raise RuleError(_("the Plank Location card is not in play"))
        vals, virtual = ty.dice(t, ty.one(self.face), 1, _("plank location die"))
        v = vals[0]
        done(t, "plank-spot")
        if v != 6:
            return _placed({"faces": [v], "say": _("{v}: no plank this time.").format(v=v)}, "placement", vals, virtual)
        from .attacks import restore_plank

        say = restore_plank(t, cat)
        card = next(c for c in t.deck("bottle")["table"] if c.startswith("plank-location"))
        t.deck("bottle")["table"].remove(card)
        t.deck("bottle")["discard"].append(card)
        d21(t)["plank_card"] = None
        return _placed({"faces": [v], "say": _("6! {say} The Plank Location card is discarded.").format(say=say)}, "placement", vals, virtual)


@register
@frozen
class Kid(Action):
    """The Kid's location (activated last): 1-2 nothing, 3-4 he loses 1 strength, 5-6 a choice:
    cancel-disaster (today's), strength (+2 shared: to=red,kid), or skip-page (the next logbook page)."""

    kind: ClassVar[str] = "d21-kid"
    face: int | None = None
    choice: str | None = None
    to: tuple[str, ...] | None = None

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, face=None, choice=None, to=None) -> "Kid":
        pick = None if choice is None or not str(choice).strip() else str(choice).strip().lower()
        if pick is not None and pick not in KID_CHOICES:
            raise UsageError(_("the Kid's choice {choice!r}: accepted: cancel-disaster, strength, skip-page").format(choice=choice))
        return cls(ty.face(face, _("the Kid's die")), pick, ty.living_seats(t, cat, to))

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        return ty.upgraded(cls, stored, t, cat, lenient=("to",))

    def text(self) -> str:
        s = _seats_faces(_("the Kid's location"), None, self.face)
        return _("{line}: {result}").format(line=s, result=self.choice) if self.choice else s

    def _result(self, res: dict, v: int, virtual: bool | None) -> dict:
        """The Kid's die is recorded once, when it is rolled (the choice that follows takes no die)."""
        return res if virtual is None else _placed(res, "placement", [v], virtual)

    def run(self, t: Table, cat: GameCatalog):
        seat = seat_of(t, "kid")
        if seat is None:
            raise RuleError(_("The Kid is not on the raft"))
        f = flow(t)
        if [seat, "kid"] not in placements(t):
            raise RuleError(_("The Kid's die is not on his location today: it goes there first, for 2 hope"),
                            next=Next("d21-place", {"seat": seat, "location": "kid"}))
        if "kid-rolled" in d21(t).get("today", []):
            raise RuleError(_("The Kid's location is activated once a day; it has been today"))
        k = f.setdefault("kid", {})
        virtual = None
        if "face" not in k:
            vals, virtual = ty.dice(t, ty.one(self.face), 1, _("the Kid's die"))
            k["face"] = vals[0]
        v = k["face"]
        if v <= 2:
            say = _(SAY["kid_none"]).format(v=v)
        elif v <= 4:
            lose(t, seat, 1)
            say = _(SAY["kid_hurt"]).format(v=v)
        elif self.choice is None:
            return self._result({"faces": [v], "say": _(SAY["kid_good"]).format(v=v)}, v, virtual)
        elif self.choice == "cancel-disaster":
            d21(t).setdefault("today", []).append("cancel-disaster")
            say = _("The Kid rolls {v}: today's disaster is cancelled.").format(v=v)
        elif self.choice == "strength":
            to = [ty.alive(t, cat, s) for s in self.to or ()] or [seat, seat]
            if len(to) > 2:
                raise UsageError(_("--to {to!r}: 2 strength to share, {n} given").format(to=ty.joined(self.to), n=len(to)))
            for s in to:
                gain(t, s, 1)
            say = _("The Kid rolls {v}: +2 strength for {items}.").format(v=v, items=', '.join(to))
        elif self.choice == "skip-page":
            from .events import skip_page

            say = _("The Kid rolls {v}: {skip_page}").format(v=v, skip_page=skip_page(t))
        else:
            raise UsageError(_("the Kid's choice {choice!r}: accepted: cancel-disaster, strength, skip-page").format(choice=self.choice))
        f.pop("kid", None)
        d21(t).setdefault("today", []).append("kid-rolled")
        done(t, "kid")
        return self._result({"faces": [v], "say": say}, v, virtual)
