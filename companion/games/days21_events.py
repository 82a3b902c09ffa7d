"""21 Days: the logbook's symbols, disasters and the Weather expansion.

The logbook cards' contents are in no rulebook: the table says which symbols today's card shows
(`LogbookSymbols`), each becomes a task of the day, resolved in order by `Symbol` or by the
procedure it names (jellyfish, shark bite, plank, disaster, paranoia ...).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..actions import Action, register
from ..catalog import GameCatalog
from ..errors import RuleError, UsageError
from ..table import Table
from .days21_core import (ROLL, colour_token, d21, day, done, flow, gain, give_hope, hope, living, lose, move_ship,
                          name, push, seat_arg, take_hope)

MIDDAY = ("places", "octopus", "no-fishing")
SAY = {
    "skip20": "the logbook -1 symbol is ignored on day 20",
    "skip": "the next logbook page is removed (the days jump one further tonight).",
}
# symbols whose task is resolved by its own procedure (the others by Symbol)
PROCEDURE = {"jellyfish": "jellyfish", "shark-1": "shark-1", "shark-6": "shark-6", "plank": "plank",
             "disaster": "disaster", "paranoia": "paranoia", "steal-die": "steal-die"}


def skip_page(t: Table) -> str:
    if day(t) == 20:
        return SAY["skip20"] + "."
    d21(t)["skip_pages"] = d21(t).get("skip_pages", 0) + 1
    return SAY["skip"]


def symbol_tasks(symbols) -> list[dict]:
    out = []
    for s in symbols:
        if s in ("jellyfish", "paranoia", "steal-die"):
            out.append({"do": "token", "for": s})
        out.append({"do": PROCEDURE.get(s, "sym"), "sym": s})
    return out


@register
@dataclass(frozen=True)
class LogbookSymbols(Action):
    """The symbols shown on today's logbook card for one part of the day, in the card's order."""

    kind: ClassVar[str] = "logbook"
    section: str = "morning"
    symbols: tuple = ()

    def text(self) -> str:
        return f"logbook {self.section}: " + (", ".join(self.symbols) or "nothing")

    def run(self, t: Table, cat: GameCatalog):
        known = cat.rules["symbols"]
        if self.section not in ("morning", "midday", "evening"):
            raise UsageError(f"logbook section {self.section!r}: accepted: morning, midday, evening")
        for s in self.symbols:
            if s not in known and s not in MIDDAY:
                raise UsageError(f"logbook symbol {s!r}: accepted: " + ", ".join(k for k in known if k != "source"))
        if self.section == "midday":
            from .days21_flow import midday_tasks

            done(t, "midday")
            syms = set(self.symbols)
            if "no-fishing" in syms:
                d21(t).setdefault("today", []).append("no-fishing")
            push(t, *midday_tasks(t, cat, "places" in syms or not syms, "octopus" in syms))
            return {"say": "Midday: " + (", ".join(self.symbols) or "placement")}
        done(t, self.section)
        push(t, *symbol_tasks(self.symbols))
        names = [known[s].split(":")[0] for s in self.symbols]
        return {"say": f"{self.section.capitalize()}: " + ("; ".join(names) if names else "nothing to do")}


@register
@dataclass(frozen=True)
class Symbol(Action):
    """One logbook symbol that needs no dice: applied as the rules say.

    to: who receives or loses (two-hope: 'red,blue'; shared-loss: 'red,red,blue'; colour-plus2: a colour);
    token: the swap location token chosen (swap-choice) or drawn (swap-new, None: drawn virtually).
    """

    kind: ClassVar[str] = "symbol"
    sym: str = ""
    to: str | None = None
    token: str | None = None

    def text(self) -> str:
        return f"symbol {self.sym}" + (f" to {self.to}" if self.to else "") + (f" token {self.token}" if self.token else "")

    def run(self, t: Table, cat: GameCatalog):
        s = self.sym
        who = [seat_arg(t, cat, x) for x in (self.to or "").replace(",", " ").split() if x]
        if s == "two-hope":
            to = who or [t.data["flags"]["starting"]] * 2
            if len(to) == 1:
                to = to * 2
            if len(to) != 2:
                raise UsageError(f"two hope tokens: give one or two survivors, not {len(to)}")
            got = {x: 0 for x in to}
            for x in to:
                got[x] += give_hope(t, x, 1, bonus=False)
            say = "Two hope: " + ", ".join(f"{x} +{n}" for x, n in got.items())
        elif s == "reshuffle":
            d = t.deck("disaster")
            d["draw"] += d["discard"]
            d["discard"] = []
            t.rng().shuffle(d["draw"])
            say = f"The disaster deck is whole again ({len(d['draw'])} cards)."
        elif s in ("swap-choice", "swap-new", "dolphin"):
            say = set_swap(t, cat, "dolphin" if s == "dolphin" else self.token, random=s == "swap-new")
        elif s in ("all-plus1", "all-minus1"):
            for x in living(t):
                gain(t, x, 1) if s == "all-plus1" else lose(t, x, 1)
            say = "Every survivor " + ("gains" if s == "all-plus1" else "loses") + " 1 strength."
        elif s == "colour-plus2":
            if len(who) != 1:
                raise UsageError("colour-plus2: say which colour, e.g. --to yellow")
            say = f"{name(t, cat, who[0])} gains {gain(t, who[0], 2)} strength."
        elif s == "shared-loss":
            if len(who) not in (2, 3):
                raise UsageError("shared-loss: list who loses each point, 2 or 3 of them, e.g. --to red,blue")
            for x in who:
                lose(t, x, 1)
            say = "Strength lost: " + ", ".join(who)
        elif s == "skip-day":
            say = "Logbook -1: " + skip_page(t)
        elif s in ("ship-left", "ship-right"):
            moved = move_ship(t, cat, 1 if s == "ship-right" else -1)
            say = f"The ship moves {moved:+d} to {t.data['tracks']['ship']}."
        elif s == "no-fishing":
            d21(t).setdefault("today", []).append("no-fishing")
            say = "The fishing rod is broken: no fishing today."
        elif s == "octopus":
            d21(t).setdefault("today", []).append("octopus")
            say = "The octopus lurks: the starting player's die goes on the Octopus location at Midday."
        elif s == "plus1" or s == "minus1":
            if len(who) != 1:
                raise UsageError(f"weather {s}: say which survivor, e.g. --to red")
            if s == "plus1":
                gain(t, who[0], 1)
            else:
                lose(t, who[0], 1)
            say = f"Weather: {name(t, cat, who[0])} {'+1' if s == 'plus1' else '-1'} strength."
        else:
            raise UsageError(f"symbol {s!r} has a procedure of its own (castaway {PROCEDURE.get(s, s)})")
        done(t, "sym", "weather-effect")
        return {"say": say}


def set_swap(t: Table, cat: GameCatalog, token: str | None, random: bool = False) -> str:
    """A swap location token on the board; the old one goes back to the stack."""
    from ..actions import resolve_card

    d = t.deck("swap")
    old = d21(t).get("swap")
    if old:
        if old in d["table"]:
            d["table"].remove(old)
        d["draw"].append(old)
    if token is None or token == ROLL:
        if not random:
            raise UsageError("choose a swap location token: " + ", ".join(c.id for c in cat.deck("swap").cards))
        pool = [c for c in d["draw"] if c != old] or d["draw"]
        new = t.rng().choice(sorted(pool))
    else:
        new = resolve_card(cat, t, "swap", token)
    d["draw"].remove(new)
    d["table"].append(new)
    d21(t)["swap"] = new
    return f"Swap location: {cat.deck('swap').card(new.split(':')[0]).name} (was {old or 'none'})."


# -- disasters -------------------------------------------------------------------------------------


@register
@dataclass(frozen=True)
class Disaster(Action):
    """The starting player draws a disaster card; the group may pay the hope shown to avert it.

    card: the card drawn (None: drawn virtually); avert: who pays, 'red=2,blue=1', 'no', or None to ask
    first; cancel: 'token:SEAT' spends SEAT's cancel-disaster ability token. token/face: the colour token
    and the plank die a card's effect asks for (virtual when left out).
    """

    kind: ClassVar[str] = "disaster"
    card: str | None = None
    avert: str | None = None
    token: str | None = None
    face: str | None = None

    def text(self) -> str:
        return "disaster" + "".join(f" {k} {v}" for k, v in (("card", self.card), ("avert", self.avert)) if v)

    def run(self, t: Table, cat: GameCatalog):
        f = flow(t)
        dz = f.setdefault("disaster", {})
        d = t.deck("disaster")
        if "card" not in dz:
            if "cancel-disaster" in d21(t).get("today", []):
                f.pop("disaster", None)
                done(t, "disaster")
                return {"say": "Today's disaster is cancelled: no card is drawn."}
            if not d["draw"]:
                d["draw"], d["discard"] = d["discard"], []
                t.rng().shuffle(d["draw"])
            if self.card in (None, ROLL):
                card = d["draw"].pop(0)
            else:
                from ..actions import resolve_card

                card = resolve_card(cat, t, "disaster", self.card)
                if card not in d["draw"]:
                    raise RuleError(f"disaster card {self.card!r} is not in the draw pile")
                d["draw"].remove(card)
            d["table"].append(card)
            dz["card"] = card
        card = dz["card"]
        spec = cat.deck("disaster").card(card.split(":")[0])
        cost = spec.get("avert")
        if self.avert is None and (cost is not None and sum(hope(t, s) for s in living(t)) >= cost or _canceller(t)):
            what = spec.effect or "not described in the rulebooks: read the card"
            return {"card": card, "say": f"Disaster: {spec.name}: {what}"}
        averted = self._avert(t, cat, cost)
        d["table"].remove(card)
        d["discard"].insert(0, card)
        f.pop("disaster", None)
        done(t, "disaster")
        if averted:
            return {"card": card, "say": f"{spec.name} averted: {averted}."}
        return {"card": card, **self._effect(t, cat, spec.id)}

    def _avert(self, t: Table, cat: GameCatalog, cost: int | None) -> str:
        raw = (self.avert or "no").strip().lower()
        if raw in ("no", "n", "-", ""):
            return ""
        if raw.startswith("token:"):
            seat = seat_arg(t, cat, raw.split(":", 1)[1])
            tok = d21(t)["ability"].get(seat)
            if not tok or tok["id"] != "cancel-disaster" or tok["used"]:
                raise RuleError(f"{seat} has no unused cancel-disaster ability token")
            tok["used"] = True
            return f"{seat}'s ability token cancels it"
        if cost is None:
            raise RuleError("this card shows no hope price to avert it")
        pays: dict[str, int] = {}
        for bit in raw.replace(",", " ").split():
            if "=" not in bit:
                raise UsageError(f"avert {self.avert!r}: write who pays as SEAT=N, e.g. red=1,blue=1")
            k, v = bit.split("=", 1)
            if not v.isdigit():
                raise UsageError(f"avert {self.avert!r}: {v!r} is not a number")
            seat = seat_arg(t, cat, k)
            pays[seat] = pays.get(seat, 0) + int(v)
        if sum(pays.values()) != cost:
            raise RuleError(f"averting takes {cost} hope, {sum(pays.values())} offered")
        for seat, n in pays.items():
            if hope(t, seat) < n:
                raise RuleError(f"{seat} holds {hope(t, seat)} hope, not {n}")
        for seat, n in pays.items():
            take_hope(t, seat, n)
        return "paid " + ", ".join(f"{s} {n}" for s, n in pays.items())

    def _effect(self, t: Table, cat: GameCatalog, cid: str) -> dict:
        if cid == "exhaustion":
            d = t.deck("disaster")
            d["draw"] += d["discard"]
            d["discard"] = []
            t.rng().shuffle(d["draw"])
            return {"say": "Exhaustion: " + skip_page(t) + " The spent disaster cards are shuffled back."}
        if cid == "octopus-grab":
            from .days21_attacks import lose_plank
            from .days21_core import dice_or_roll

            seat, _v = colour_token(t, cat, living(t), self.token)
            t.seat_values(seat)["strength"] = t.seat_values(seat)["strength"][1:]
            v = dice_or_roll(t, self.face, 1, "plank die")[0][0]
            return {"seat": seat, "faces": [v],
                    "say": f"The octopus grabs {name(t, cat, seat)} and takes a die. " + lose_plank(t, cat, v)}
        return {"say": "Apply the card as printed (castaway set / move / roll): it is not described in the rulebooks."}


def _canceller(t: Table) -> bool:
    return any(v["id"] == "cancel-disaster" and not v["used"] and s in living(t)
               for s, v in d21(t).get("ability", {}).items())


# -- the Weather expansion -----------------------------------------------------------------------


@register
@dataclass(frozen=True)
class Weather(Action):
    """Roll the weather die before the shark phase; on a cloud or lightning, the cloud token is flicked
    and `result` is what it covers (see rules.weather.results): it takes effect tomorrow."""

    kind: ClassVar[str] = "weather"
    face: str | None = None
    result: str | None = None

    def text(self) -> str:
        return "weather" + (f" (table: {self.face})" if self.face else "") + (f": {self.result}" if self.result else "")

    def run(self, t: Table, cat: GameCatalog):
        w = d21(t).get("weather")
        if w is None:
            raise RuleError("the Weather expansion is not in this game")
        f = flow(t)
        if self.result is None:
            faces = cat.die("weather").parts[0].faces
            face = t.rng().choice(faces) if self.face in (None, ROLL) else str(self.face).strip().lower()
            if face not in faces:
                raise UsageError(f"weather face {self.face!r}: accepted: " + ", ".join(dict.fromkeys(faces)))
            done(t, "weather")
            if face == "clear":
                w["tomorrow"] = None
                return {"faces": [face], "say": "Clear skies: the forecast board rests today."}
            push(t, {"do": "weather-board", "face": face})
            tries = "two flicks, the second counts" if face == "cloud" else "one flick"
            return {"faces": [face], "say": f"{face.capitalize()}: put the cloud token {face} side up on the start and flick it ({tries})."}
        results = cat.rules["weather"]["results"]
        if self.result not in results:
            raise UsageError(f"weather result {self.result!r}: accepted: " + ", ".join(results))
        w["tomorrow"] = None if self.result == "none" else self.result
        done(t, "weather-board")
        f.pop("weather", None)
        return {"say": f"The cloud covers: {self.result} (tomorrow)."}


def weather_tasks(t: Table) -> list[dict]:
    """This morning's weather effects, from yesterday's forecast."""
    w = d21(t).get("weather") or {}
    today = w.get("today")
    if today == "swarm":
        return [{"do": "token", "for": "jellyfish"}, {"do": "jellyfish", "sym": "jellyfish"}]
    if today in ("plus1", "minus1"):
        return [{"do": "weather-effect", "sym": today}]
    return []


def blocked(t: Table) -> set[str]:
    w = d21(t).get("weather") or {}
    today = w.get("today")
    if today == "heavy":
        return {"all"}
    if today in ("flare", "swap", "hope", "fishing", "receive", "play", "jellyfish"):
        return {today}
    return set()
