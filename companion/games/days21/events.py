"""21 Days: the logbook's symbols, disasters and the Weather expansion.

The logbook cards' contents are in no rulebook: the table says which symbols today's card shows
(`LogbookSymbols`), each becomes a task of the day, resolved in order by `Symbol` or by the
procedure it names (jellyfish, shark bite, plank, disaster, paranoia ...).
"""

from __future__ import annotations

from typing import ClassVar

from ... import rolls as dice_records
from ...action_base import Action, register, typed_faces
from ...catalog import GameCatalog
from ...errors import Next, RuleError, UsageError
from ...i18n import N_, _
from ...lognames import card, rule
from ...table import Table
from ...valuetype import frozen
from . import typed as ty
from .core import ROLL, d21, day, done, flow, gain, give_hope, hope, is_scruffs, living, lose, move_ship, name, push, take_hope
from .names import colour, seat
from .weather import weather_label

SECTIONS = {"morning": N_("morning"), "midday": N_("midday"), "evening": N_("evening")}

MIDDAY = ("places", "octopus", "no-fishing")
NO_TENTACLES = N_("The octopus has no tentacles left: it does not attack, and its symbol is ignored.")
SAY = {
    "skip20": N_("the logbook -1 symbol is ignored on day 20"),
    "skip": N_("the next logbook page is removed (the days jump one further tonight)."),
}
# symbols whose task is resolved by its own procedure (the others by Symbol)
PROCEDURE = {"jellyfish": "jellyfish", "shark-1": "shark-1", "shark-6": "shark-6", "plank": "plank",
             "disaster": "disaster", "paranoia": "paranoia", "steal-die": "steal-die"}
# the action that resolves each of those tasks (a refusal's Next)
RESOLVES = {"jellyfish": Next("d21-jellyfish"), "shark-1": Next("d21-shark-bite", {"fin": 1}), "shark-6": Next("d21-shark-bite", {"fin": 6}),
            "plank": Next("d21-plank"), "disaster": Next("d21-disaster"), "paranoia": Next("d21-paranoia"),
            "steal-die": Next("d21-steal-die")}


def skip_page(t: Table) -> str:
    if day(t) == 20:
        return _(SAY["skip20"]) + "."
    d21(t)["skip_pages"] = d21(t).get("skip_pages", 0) + 1
    return _(SAY["skip"])


def symbol_tasks(symbols) -> list[dict]:
    out = []
    for s in symbols:
        if s in ("jellyfish", "paranoia", "steal-die"):
            out.append({"do": "token", "for": s})
        out.append({"do": PROCEDURE.get(s, "sym"), "sym": s})
    return out


@register
@frozen
class LogbookSymbols(Action):
    """The symbols shown on today's logbook card for one part of the day, in the card's order."""

    kind: ClassVar[str] = "d21-logbook"
    section: str = "morning"
    symbols: tuple = ()  # symbol ids
    nothing: bool = False  # midday: the table said the card shows nothing ("-"): nothing happens, no dice placed

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, section: str = "morning", symbols=()) -> "LogbookSymbols":
        """The section and the symbols as typed: numbers on the symbol chart or ids."""
        from .steps_common import symbol_chart

        by_number = {n: k for n, k, _i, _name in symbol_chart(cat)}
        sec = str(section).strip().lower()
        if [str(s).strip() for s in symbols or ()] == ["-"]:  # the card's part shows nothing
            return cls(sec, (), nothing=sec == "midday")
        return cls(sec, tuple(by_number.get(str(s).strip(), str(s).strip().lower()) for s in symbols or ()))

    def text(self) -> str:
        return _("logbook {section}: {symbols}").format(section=_(SECTIONS[self.section]) if self.section in SECTIONS else self.section,
                                                        symbols=", ".join(rule("symbol_chart", s) for s in self.symbols) or _("nothing"))

    def run(self, t: Table, cat: GameCatalog):
        known = cat.rules["symbols"]
        if self.section not in ("morning", "midday", "evening"):
            raise UsageError(_("logbook section {section!r}: accepted: morning, midday, evening").format(section=self.section))
        for s in self.symbols:
            if s not in known and s not in MIDDAY:
                raise UsageError(_("logbook symbol {s!r}: accepted: {items}").format(s=s, items=", ".join(k for k in known if k != "source")))
        if self.section == "midday":
            from .flow import midday_tasks

            done(t, "midday")
            syms = set(self.symbols)
            if "no-fishing" in syms:
                d21(t).setdefault("today", []).append("no-fishing")
            # the others place as usual on octopus days; a midday showing nothing ("-"): nothing happens, no dice placed
            push(t, *midday_tasks(t, cat, not (self.nothing and not syms), "octopus" in syms))
            if self.nothing and not syms:
                return {"say": _("Midday: nothing happens today (no placement).")}
            chart = cat.rules.get("symbol_chart") or {}
            say = _("Midday: {x}").format(x=", ".join(_(chart[s]["name"]) if s in chart else s for s in self.symbols) or _("placement"))
            if "octopus" in syms and t.data["counters"]["tentacles"] == 0:  # EN § Octopus Attack
                say += " " + _(NO_TENTACLES)
            return {"say": say}
        done(t, self.section)
        push(t, *symbol_tasks(self.symbols))
        names = [_(known[s]).split(":")[0] for s in self.symbols]
        part = {"morning": _("Morning"), "evening": _("Evening")}.get(self.section, self.section)
        return {"say": _("{part}: {x}").format(part=part, x="; ".join(names) if names else _("nothing to do"))}


@register
@frozen
class Symbol(Action):
    """One logbook symbol that needs no dice: applied as the rules say.

    to: who receives or loses (two-hope: 'red,blue'; shared-loss: 'red,red,blue'; colour-plus2: a colour);
    token: the swap location token chosen (swap-choice) or drawn (swap-new: None asked with physical decks,
    drawn virtually with virtual ones; draws.DRAW: castaway draws).
    """

    kind: ClassVar[str] = "d21-symbol"
    sym: str = ""
    to: tuple[str, ...] = ()  # seat ids
    token: str | None = None  # a swap token's copy id (None: drawn virtually)

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, sym: str = "", to=None, token=None) -> "Symbol":
        from . import draws

        return cls(str(sym).strip().lower(), ty.seats(t, to), draws.typed_card(t, cat, "swap", token))

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        return cls.parse(t, cat, stored.get("sym", ""), stored.get("to"), stored.get("token")).to_dict()

    def text(self) -> str:
        s = _("symbol {sym}").format(sym=rule("symbol_chart", self.sym))
        s = _("{line} to {to}").format(line=s, to=",".join(colour(x) for x in self.to)) if self.to else s
        return _("{line} token {token}").format(line=s, token=seat(self.token)) if self.token else s

    def run(self, t: Table, cat: GameCatalog):
        from . import draws

        s = self.sym
        who = [ty.check_seat(t, x) for x in self.to]
        if s == "swap-new" and draws.asked(t, self.token):
            raise RuleError(_("which swap location token did the table turn up? Give its number, name or id, or 'draw' (castaway draws)"),
                            next=Next("d21-symbol", {"sym": s}, ("token",)))
        if s == "two-hope" and not [x for x in living(t) if not is_scruffs(t, x)]:
            say = _("Two hope: no survivor is left to take them (Scruffs never holds hope).")
        elif s == "two-hope":
            to = who or [t.data["flags"]["starting"]] * 2
            if len(to) == 1:
                to = to * 2
            if len(to) != 2:
                raise UsageError(_("two hope tokens: give one or two survivors, not {n}").format(n=len(to)))
            dog = next((x for x in to if is_scruffs(t, x)), None)
            if dog:  # EN § Solo Game Setup: Scruffs cannot receive hope tokens
                people = [x for x in living(t) if not is_scruffs(t, x)]
                raise RuleError(_("{seat} is Scruffs, who holds no hope tokens: give them to {items}").format(seat=dog, items=", ".join(people)))
            got = {x: 0 for x in to}
            for x in to:
                got[x] += give_hope(t, x, 1, bonus=False)
            say = _("Two hope: {items}").format(items=", ".join(f"{colour(x)} +{n}" for x, n in got.items()))
        elif s == "reshuffle":
            d = t.deck("disaster")
            d["draw"] += d["discard"]
            d["discard"] = []
            t.rng().shuffle(d["draw"])
            say = _("The disaster deck is whole again ({n} cards).").format(n=len(d['draw']))
        elif s in ("swap-choice", "swap-new", "dolphin"):
            say = set_swap(t, cat, "dolphin" if s == "dolphin" else self.token, random=s == "swap-new")
        elif s in ("all-plus1", "all-minus1"):
            for x in living(t):
                gain(t, x, 1) if s == "all-plus1" else lose(t, x, 1)
            say = _("Every survivor gains 1 strength.") if s == "all-plus1" else _("Every survivor loses 1 strength.")
        elif s == "colour-plus2":
            if len(who) != 1:
                raise UsageError(_("colour-plus2: say which colour, e.g. yellow"))
            say = _("{who} gains {gain} strength.").format(who=name(t, cat, who[0]), gain=gain(t, who[0], 2))
        elif s == "shared-loss":
            if len(who) not in (2, 3):
                raise UsageError(_("shared-loss: list who loses each point, 2 or 3 of them, e.g. red,blue"))
            for x in who:
                lose(t, x, 1)
            say = _("Strength lost: {items}").format(items=", ".join(colour(x) for x in who))
        elif s == "skip-day":
            say = _("Logbook -1: {skip_page}").format(skip_page=skip_page(t))
        elif s in ("ship-left", "ship-right"):
            moved = move_ship(t, cat, 1 if s == "ship-right" else -1)
            say = _("The ship moves {moved:+d} to {ship}.").format(moved=moved, ship=t.data['tracks']['ship'])
        elif s == "no-fishing":
            d21(t).setdefault("today", []).append("no-fishing")
            say = _("The fishing rod is broken: no fishing today.")
        elif s == "octopus":
            d21(t).setdefault("today", []).append("octopus")
            say = _("The octopus lurks: the starting player's die goes on the Octopus location at Midday.")
            if t.data["counters"]["tentacles"] == 0:  # EN § Octopus Attack: no tentacles, no attack
                say = _(NO_TENTACLES)
        elif s == "plus1" or s == "minus1":
            if len(who) != 1:
                raise UsageError(_("weather {s}: say which survivor, e.g. red").format(s=s))
            if s == "plus1":
                gain(t, who[0], 1)
            else:
                lose(t, who[0], 1)
            say = _("Weather: {who} {part} strength.").format(who=name(t, cat, who[0]), part='+1' if s == 'plus1' else '-1')
        else:
            if s in RESOLVES:
                raise RuleError(_("symbol {s!r} has a procedure of its own").format(s=s), next=RESOLVES[s])
            raise UsageError(_("symbol {s!r}: accepted: {items}").format(s=s, items=", ".join(k for k in cat.rules["symbols"] if k != "source" and k not in PROCEDURE)))
        done(t, "sym", "weather-effect")
        return {"say": say}


def set_swap(t: Table, cat: GameCatalog, token: str | None, random: bool = False) -> str:
    """A swap location token on the board; the old one goes back to the stack."""
    from ...card_actions import resolve_card

    d = t.deck("swap")
    old = d21(t).get("swap")
    if old:
        if old in d["table"]:
            d["table"].remove(old)
        d["draw"].append(old)
    if token is None or token in (ROLL, "draw"):
        if not random:
            raise UsageError(_("choose a swap location token: {items}").format(items=", ".join(c.id for c in cat.deck("swap").cards)))
        pool = [c for c in d["draw"] if c != old] or d["draw"]
        new = t.rng().choice(sorted(pool))
    else:
        new = resolve_card(cat, t, "swap", token)
    d["draw"].remove(new)
    d["table"].append(new)
    d21(t)["swap"] = new
    return _("Swap location: {new} (was {old}).").format(new=_(cat.deck('swap').card(new.split(':')[0]).name), old=_(cat.deck('swap').card(old.split(':')[0]).name) if old else _("none"))


# -- disasters -------------------------------------------------------------------------------------


@register
@frozen
class Disaster(Action):
    """The starting player draws a disaster card; the group may pay the hope shown to avert it.

    card: the card drawn, its copy id (None: nothing said, asked with physical decks and drawn with virtual ones;
    draws.DRAW: castaway draws); avert: who pays how much, ((seat, n), ...),
    () for nobody, or None (with no cancel) to ask first; cancel: the seat whose cancel-disaster ability
    token is spent. token/face: the colour token (a seat id, ROLL or None: virtual) and the plank die (None:
    virtual) a card's effect asks for.
    """

    kind: ClassVar[str] = "d21-disaster"
    card: str | None = None
    avert: tuple[tuple[str, int], ...] | None = None
    token: str | None = None
    face: int | None = None
    cancel: str | None = None

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, card=None, avert=None, token=None, face=None) -> "Disaster":
        """What the table typed: the card, who averts it ('red=2,blue=1', 'token:SEAT', 'no'), the colour token
        and the plank die."""
        pays, cancel = _avert_words(t, avert)
        from . import draws

        return cls(draws.typed_card(t, cat, "disaster", card), pays, ty.token(t, token), ty.face(face, _("plank die")), cancel)

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        return cls.parse(t, cat, stored.get("card"), stored.get("avert"), stored.get("token"), stored.get("face")).to_dict()

    def text(self) -> str:
        avert = "token:" + self.cancel if self.cancel else \
            (",".join(f"{s}={n}" for s, n in self.avert) or "no") if self.avert is not None else None
        return _("disaster") + "".join(" " + _(k).format(value=v) for k, v in ((N_("card {value}"), card("disaster", self.card)), (N_("avert {value}"), avert)) if v)

    def run(self, t: Table, cat: GameCatalog):
        f = flow(t)
        dz = f.setdefault("disaster", {})
        d = t.deck("disaster")
        if "card" not in dz:
            if "cancel-disaster" in d21(t).get("today", []):
                f.pop("disaster", None)
                done(t, "disaster")
                return {"say": _("Today's disaster is cancelled: no card is drawn.")}
            from . import draws

            if draws.asked(t, self.card):
                raise RuleError(_("which disaster card did the starting player draw? The table says it: its number, name or id, or 'draw' (castaway draws)"),
                                next=Next("d21-disaster", {}, ("card",)))
            if not d["draw"]:
                d["draw"], d["discard"] = d["discard"], []
                t.rng().shuffle(d["draw"])
            card = draws.take(t, "disaster", self.card, _("disaster card"))
            d["table"].append(card)
            dz["card"] = card
        card = dz["card"]
        spec = cat.deck("disaster").card(card.split(":")[0])
        cost = spec.get("avert")
        if self.avert is None and self.cancel is None and (cost is None or sum(hope(t, s) for s in living(t)) >= cost or _canceller(t)):
            what = _(spec.effect) if spec.effect else _("not described in the rulebooks: read the card")
            return {"card": card, "say": _("Disaster: {name}: {what}").format(name=_(spec.name), what=what)}
        averted = self._avert(t, cat, cost)
        d["table"].remove(card)
        d["discard"].insert(0, card)
        f.pop("disaster", None)
        done(t, "disaster")
        if averted:
            return {"card": card, "say": _("{name} averted: {averted}.").format(name=_(spec.name), averted=averted)}
        return {"card": card, **self._effect(t, cat, spec.id)}

    def _avert(self, t: Table, cat: GameCatalog, cost: int | None) -> str:
        if self.cancel is not None:
            seat = ty.check_seat(t, self.cancel)
            tok = d21(t)["ability"].get(seat)
            if not tok or tok["id"] != "cancel-disaster" or tok["used"]:
                raise RuleError(_("{seat} has no unused cancel-disaster ability token").format(seat=seat))
            tok["used"] = True
            return _("{seat}'s ability token cancels it").format(seat=name(t, cat, seat))
        if not self.avert:
            return ""
        pays: dict[str, int] = {}
        for seat, n in self.avert:
            ty.check_seat(t, seat)
            if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                raise UsageError(_("avert: {v!r} is not a number").format(v=n))
            pays[seat] = pays.get(seat, 0) + n
        if cost is not None and sum(pays.values()) != cost:  # a card no rulebook shows: the table knows its price
            raise RuleError(_("averting takes {cost} hope, {n} offered").format(cost=cost, n=sum(pays.values())))
        for seat, n in pays.items():
            if hope(t, seat) < n:
                raise RuleError(_("{seat} holds {hope} hope, not {n}").format(seat=seat, hope=hope(t, seat), n=n))
        for seat, n in pays.items():
            take_hope(t, seat, n)
        return _("paid by {items}").format(items=", ".join(f"{colour(s)} {n}" for s, n in pays.items()))

    def _effect(self, t: Table, cat: GameCatalog, cid: str) -> dict:
        if cid == "exhaustion":
            d = t.deck("disaster")
            d["draw"] += d["discard"]
            d["discard"] = []
            t.rng().shuffle(d["draw"])
            return {"say": _("Exhaustion: {skip_page} The spent disaster cards are shuffled back.").format(skip_page=skip_page(t))}
        if cid == "octopus-grab":
            from .attacks import lose_plank

            seat, _v = ty.drop(t, cat, living(t), self.token)
            t.seat_values(seat)["strength"] = t.seat_values(seat)["strength"][1:]
            vals, virtual = ty.dice(t, None if self.face is None else (self.face,), 1, _("plank die"))
            v = vals[0]
            return dice_records.add({"seat": seat, "faces": [v],
                    "say": _("The octopus grabs {who} and takes a die. {lose_plank}").format(who=name(t, cat, seat), lose_plank=lose_plank(t, cat, v))},
                    ty.records("d6", vals, virtual))
        return {"say": _("Apply the card as printed and correct the table to match: it is not described in the rulebooks.")}


def _avert_words(t: Table, text) -> tuple[tuple[tuple[str, int], ...] | None, str | None]:
    """Who averts a disaster, as typed: 'red=1,blue=1' (summed per seat), 'token:SEAT', or 'no'. Returns
    (pays, cancel): pays None when nothing was typed (ask first)."""
    if text is None:
        return None, None
    if isinstance(text, (tuple, list)):
        return tuple((str(s), int(n)) for s, n in text), None
    raw = str(text).strip().lower()
    if raw in ("no", "n", "-", "", "ne"):
        return (), None
    if raw.startswith("token:"):
        return (), ty.seat_of_word(t, raw.split(":", 1)[1])
    pays: dict[str, int] = {}
    for bit in raw.replace(",", " ").split():
        if "=" not in bit:
            raise UsageError(_("avert {avert!r}: write who pays as SEAT=N, e.g. red=1,blue=1").format(avert=text))
        k, v = bit.split("=", 1)
        if not v.isdecimal():
            raise UsageError(_("avert {avert!r}: {v!r} is not a number").format(avert=text, v=v))
        seat_ = ty.seat_of_word(t, k)
        pays[seat_] = pays.get(seat_, 0) + int(v)
    return tuple(pays.items()), None


def _canceller(t: Table) -> bool:
    return any(v["id"] == "cancel-disaster" and not v["used"] and s in living(t)
               for s, v in d21(t).get("ability", {}).items())


# -- the Weather expansion -----------------------------------------------------------------------


@register
@frozen
class Weather(Action):
    """Roll the weather die before the shark phase; on a cloud or lightning, the cloud token is flicked
    and `result` is what it covers (see rules.weather.results): it takes effect tomorrow."""

    kind: ClassVar[str] = "d21-weather"
    face: str | None = None  # the weather die's face word (None: virtual)
    result: str | None = None

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, face=None, result=None) -> "Weather":
        faces = cat.die("weather").parts[0].faces
        w = None if ty.blank(face) else str(face).strip().lower()
        if w is not None and w not in faces:
            raise UsageError(_("weather face {face!r}: accepted: {items}").format(face=face, items=", ".join(dict.fromkeys(faces))))
        return cls(w, None if result is None else str(result).strip().lower())

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        return cls.parse(t, cat, stored.get("face"), stored.get("result")).to_dict()

    def text(self) -> str:
        s = _("weather")
        s = typed_faces(s, self.face)
        return _("{line}: {result}").format(line=s, result=self.result) if self.result else s

    def run(self, t: Table, cat: GameCatalog):
        w = d21(t).get("weather")
        if w is None:
            raise RuleError(_("the Weather expansion is not in this game"))
        f = flow(t)
        if self.result is None:
            faces = cat.die("weather").parts[0].faces
            face = t.rng().choice(faces) if self.face is None else self.face
            if face not in faces:
                raise UsageError(_("weather face {face!r}: accepted: {items}").format(face=self.face, items=", ".join(dict.fromkeys(faces))))
            recs = [dice_records.record("weather", face, self.face is not None)]
            done(t, "weather")
            if face == "clear":
                w["tomorrow"] = None
                return dice_records.add({"faces": [face], "say": _("Clear skies: the forecast board rests today.")}, recs)
            push(t, {"do": "weather-board", "face": face})
            if face == "cloud":
                say = _("Cloud: put the cloud token cloud side up on the start and flick it (two flicks, the second counts).")
            else:
                say = _("Lightning: put the cloud token storm side up on the start and flick it (one flick).")
            return dice_records.add({"faces": [face], "say": say}, recs)
        results = cat.rules["weather"]["results"]
        if self.result not in results:
            raise UsageError(_("weather result {result!r}: accepted: {items}").format(result=self.result, items=", ".join(results)))
        w["tomorrow"] = None if self.result == "none" else self.result
        done(t, "weather-board")
        f.pop("weather", None)
        return {"say": _("The cloud covers: {result} (tomorrow).").format(result=weather_label(self.result))}
