"""21 Days: survivors' abilities, the two-sided ability tokens, special hope tokens, the Dolphin, the
Scruffs tokens, and day 21 (exhaustion, flares, shouts, Diva, Rosina, the kite).

Rerolls and die changes (Aleta, the reroll token, the Dolphin, special hope tokens, Scruffs' die
change) are paid here; the faces the table then shows are the ones typed into the procedure.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...actions import Action, register
from ...catalog import GameCatalog
from ...errors import RuleError, UsageError
from ...table import Table
from .names import colour
from .core import (hope_taken, ROLL, d21, day, dice_or_roll, done, flow, gain, give_hope, hope, is_scruffs, living, lose,
                          mark_today, move_ship, name, pay_hope, push, raft, seat_arg, seat_of, spot_of, used_today)
from ...i18n import _, N_

SAY = {
    "cost": N_("{who} pays {n} hope"),
    "once_day": N_("{who} has used that today already (once a day)"),
    "day21": N_("special hope bonuses cannot be used on day 21 (the token still counts as plain hope)"),
}

ABILITIES = ("maya", "aleta", "tomi", "mechanic", "pastor")


@register
@dataclass(frozen=True)
class Ability(Action):
    """A survivor's own ability, paid as their card says.

    maya: once a day, 2 hope, +1 strength to `to`. tomi: after fishing, 2 hope, one more fish for `to`
    ('no' lets it be). aleta: on days her strength is 4+, 2 hope, reroll any
    die (type the new face into the procedure). mechanic: 1 hope, gives his bottle card to `to`, who holds
    none and may play it at once. pastor: survivors at his location pass hope freely (`to`=SEAT, `n`).
    """

    kind: ClassVar[str] = "d21-ability"
    who: str = ""
    to: str | None = None
    n: int = 1
    source: str | None = None

    def text(self) -> str:
        return f"ability {self.who}" + (f" to {self.to}" if self.to else "")

    def run(self, t: Table, cat: GameCatalog):
        seat = seat_of(t, self.who)
        if seat is None:
            raise RuleError(_("{who!r} is not a living survivor at this table; abilities: {items}").format(who=self.who, items=", ".join(ABILITIES)))
        who = name(t, cat, seat)
        if self.who == "maya":
            if used_today(t, "maya"):
                raise RuleError(_(SAY["once_day"]).format(who=who))
            target = seat_arg(t, cat, self.to or seat)
            pay_hope(t, seat, 2, _("Maya's gift"))
            mark_today(t, "maya")
            return {"say": _("Maya pays 2 hope: {who} +{gain} strength.").format(who=name(t, cat, target), gain=gain(t, target, 1))}
        if self.who == "tomi":
            done(t, "tomi")
            if self.to in (None, "", "no"):
                return {"say": _("Tomi keeps his hope.")}
            if flow(t).get("fished") != day(t):
                raise RuleError(_("Tomi's extra fish comes when he fishes at the fishing location"))
            target = seat_arg(t, cat, self.to)
            pay_hope(t, seat, 2, _("Tomi's extra fish"))
            flow(t).pop("fished", None)
            return {"say": _("Tomi pays 2 hope: {who} +{gain} strength.").format(who=name(t, cat, target), gain=gain(t, target, 1))}
        if self.who == "aleta":
            if t.visible(seat) < 4:
                raise RuleError(_("Aleta's visible strength is {strength}: her reroll needs 4 or more").format(strength=t.visible(seat)))
            pay_hope(t, seat, 2, _("Aleta's reroll"))
            return {"say": _("Aleta pays 2 hope: reroll the die and type the new face.")}
        if self.who == "mechanic":
            target = seat_arg(t, cat, self.to or "")
            d = t.deck("bottle")
            cards = d["held"].get(seat) or []
            if not cards:
                raise RuleError(_("the mechanic holds no bottle card to give"))
            if d["held"].get(target) or is_scruffs(t, target):
                raise RuleError(_("{target} cannot take it: only a survivor with no bottle card").format(target=target))
            pay_hope(t, seat, 1, _("the mechanic's gift"))
            card = cards.pop(0)
            if not cards:
                del d["held"][seat]
            d["held"][target] = [card]
            push(t, {"do": "card", "seat": target})
            return {"say": _("The mechanic pays 1 hope and hands {card} to {who}, who may play it now.").format(card=card, who=name(t, cat, target))}
        if self.who == "pastor":
            src = seat_arg(t, cat, self.source or "")
            target = seat_arg(t, cat, self.to or "")
            here = {s: loc for s, loc in flow(t).get("placements", [])}
            spot = here.get(seat)
            if spot is None or here.get(src) != spot or here.get(target) != spot:
                raise RuleError(_("hope passes freely only between survivors on the pastor's location today"))
            pay_hope(t, src, self.n, _("passing hope"))
            t.seat_values(target)["hope"] = hope(t, target) + self.n
            return {"say": _("{src} passes {n} hope to {target}.").format(src=src, n=self.n, target=target)}
        raise UsageError(_("ability {who!r}: accepted here: {items} (others have commands or act by themselves)").format(who=self.who, items=', '.join(ABILITIES)))


@register
@dataclass(frozen=True)
class MagnussonReroll(Action):
    """The Professor on the octopus location rerolls the octopus die once for 2 hope (or lets it be)."""

    kind: ClassVar[str] = "d21-magnusson"
    reroll: bool = True
    face: str | None = None

    def text(self) -> str:
        return "the Professor rerolls the octopus die" if self.reroll else "the Professor keeps the octopus die"

    def run(self, t: Table, cat: GameCatalog):
        from .attacks import Octopus, professor_at_octopus, start_fight

        f = flow(t)
        octo = f.get("octopus") or {}
        seat = professor_at_octopus(t)
        if seat is None:
            raise RuleError(_("only Prof. Magnusson with his die on the Octopus location rerolls the octopus die"))
        if not octo.get("face") or "octopus_done" not in d21(t).get("today", []):
            raise RuleError(_("the octopus die has not been rolled today: castaway octopus first"))
        if octo.get("rerolled") or f.get("fight") is not None and f["fight"].get("done"):
            raise RuleError(_("the Professor rerolls the octopus die once, before the fight"))
        done(t, "magnusson")
        if not self.reroll:
            if octo.get("face") != "blank" and f.get("fight") is None:
                start_fight(t)
            return {"say": _("The octopus die stands.")}
        pay_hope(t, seat, 2, _("the Professor's reroll"))
        if f.get("fight") is not None:  # a fight begun before the reroll is called off: the die is rolled again
            f.pop("fight", None)
            f["queue"] = [q for q in f["queue"] if q.get("do") != "tentacle"]
        f["queue"].insert(0, {"do": "octopus"})
        res = Octopus(self.face).run(t, cat)
        return {**res, "say": _("The Professor pays 2 hope and rerolls: {say}").format(say=res["say"])}


@register
@dataclass(frozen=True)
class FlipToken(Action):
    """Use a survivor's ability token (once a game): hope21 (3 hope, day 21 only), reroll (one die of
    anyone, type the new face), strength4 (4 strength shared: to=red,red,blue,kid), swap-seats (to=the other
    survivor: they trade places on the raft). cancel-disaster is used while a disaster is on the table."""

    kind: ClassVar[str] = "d21-flip-token"
    seat: str = ""
    to: str | None = None

    def text(self) -> str:
        return f"{self.seat}'s ability token" + (f" to {self.to}" if self.to else "")

    def run(self, t: Table, cat: GameCatalog):
        seat = seat_arg(t, cat, self.seat)
        tok = d21(t).get("ability", {}).get(seat)
        if not tok or tok["used"]:
            raise RuleError(_("{seat} has no unused ability token").format(seat=seat))
        a = tok["id"]
        to = [seat_arg(t, cat, s) for s in (self.to or "").replace(",", " ").split() if s]
        if a == "hope21":
            if day(t) < 21:
                raise RuleError(_("this token's 3 hope come on day 21"))
            got = give_hope(t, seat, 3)
            say = hope_taken(name(t, cat, seat), got)
        elif a == "reroll":
            say = _("Reroll one die of anyone's and type the new face.")
        elif a == "strength4":
            if len(to) == 1:
                to = to * 4  # one survivor takes all four
            if len(to) != 4:  # CS § Oboustranné žetony: 4 strength points shared among the living
                raise UsageError(_("strength4: list who gets each of the 4 points, e.g. --to red,red,blue,kid"))
            for s in to:
                gain(t, s, 1)
            say = _("4 strength shared: {items}").format(items=", ".join(to))
        elif a == "swap-seats":
            if len(to) != 1 or to[0] == seat:
                raise UsageError(_("swap-seats: name the other survivor, e.g. --to blue"))
            a_spot, b_spot = spot_of(t, seat), spot_of(t, to[0])
            raft(t)[a_spot], raft(t)[b_spot] = to[0], seat
            say = _("{seat} and {to} trade places on the raft.").format(seat=seat, to=to[0])
        else:
            raise RuleError(_("the cancel-disaster token is used while a disaster card is drawn (avert: token:SEAT)"))
        tok["used"] = True
        return {"say": say}


@register
@dataclass(frozen=True)
class SpecialHope(Action):
    """Spend a special hope token (±1 or ±2 on a die, wrapping 6↔1); it leaves the game. Not on day 21."""

    kind: ClassVar[str] = "d21-special-hope"
    seat: str = ""
    token: str = ""

    def text(self) -> str:
        return f"{self.seat} spends special hope {self.token}"

    def run(self, t: Table, cat: GameCatalog):
        if day(t) >= 21:
            raise RuleError(_(SAY["day21"]))
        seat = seat_arg(t, cat, self.seat)
        sp = d21(t)["special"]
        if self.token not in sp:
            raise UsageError(_("special hope token {token!r}: accepted: {items}").format(token=self.token, items=', '.join(sp)))
        if sp[self.token] == "used":
            raise RuleError(_("special hope token {token} has been used already").format(token=self.token))
        pay_hope(t, seat, 1, _("a special hope token"))
        sp[self.token] = "used"
        t.data["pools"]["hope"]["supply"] -= 1
        step = 2 if self.token.startswith("plusminus2") else 1
        return {"say": _("{seat} spends the ±{step} token: change one die by {step} up or down (6 and 1 wrap) and type it.").format(seat=seat, step=step)}


def in_attack(t: Table) -> bool:
    """A shark or octopus attack is being rolled (CS § Výměnná lokalita: the Dolphin fears both)."""
    f = flow(t)
    head = (f.get("queue") or [{}])[0].get("do")
    return bool(f.get("shark") or f.get("fight")) or head in ("shark-1", "shark-6", "octopus", "magnusson", "tentacle") or \
        (head == "attack" and t.data["tracks"]["shark"] == 1 and day(t) < 21) or \
        (f.get("await") or {}).get("what") in ("bite", "tentacle")


@register
@dataclass(frozen=True)
class Dolphin(Action):
    """With the Dolphin on the board a survivor pays 3 strength to turn a die they rolled to 7 minus it.
    Never in shark or octopus attacks, never for Scruffs."""

    kind: ClassVar[str] = "d21-dolphin"
    seat: str = ""
    face: int | None = None

    def text(self) -> str:
        return f"{self.seat} throws a die to the Dolphin" + (f" ({self.face} → {7 - self.face})" if self.face else "")

    def run(self, t: Table, cat: GameCatalog):
        if not str(d21(t).get("swap") or "").startswith("dolphin"):
            raise RuleError(_("the Dolphin is not on the board"))
        seat = seat_arg(t, cat, self.seat)
        if is_scruffs(t, seat):
            raise RuleError(_("the Dolphin does not help Scruffs"))
        f = flow(t)
        if in_attack(t):
            raise RuleError(_("the Dolphin keeps away from shark and octopus attacks"))
        if self.face is not None and not 1 <= self.face <= 6:
            raise UsageError(_("face {face}: accepted 1..6").format(face=self.face))
        lose(t, seat, 3)
        turned = _(" {face} becomes {turned}.").format(face=self.face, turned=7 - self.face) if self.face else _(" Type the turned face (7 minus the roll).")
        return {"say": _("{who} pays 3 strength to the Dolphin.{turned}").format(who=name(t, cat, seat), turned=turned)}


# -- Scruffs Up! ---------------------------------------------------------------------------------


@register
@dataclass(frozen=True)
class ScruffsToken(Action):
    """Scruffs (strength 5 or 6, start of Midday) takes a token and rolls his die against the faces printed
    on it (`needs`, remembered once typed). Success: the reward, the token leaves the game; failure: it is
    discarded. to: who gets the reward (hope: 'red,blue'; strength: one seat; swap: a token id).
    skip: no token today."""

    kind: ClassVar[str] = "d21-scruffs"
    card: str | None = None
    needs: str | None = None
    face: str | None = None
    to: str | None = None
    skip: bool = False

    def text(self) -> str:
        return "Scruffs token" + "".join(f" {k} {v}" for k, v in (("card", self.card), ("needs", self.needs), ("face", self.face)) if v)

    def run(self, t: Table, cat: GameCatalog):
        sc = d21(t).get("scruffs")
        seat = next((s for s in living(t) if is_scruffs(t, s)), None)
        if sc is None or seat is None:
            raise RuleError(_("Scruffs is not on the raft"))
        if self.skip:
            done(t, "scruffs")
            return {"say": _("No Scruffs token today.")}
        if t.visible(seat) < 5:
            raise RuleError(_("Scruffs' strength is {strength}: tokens need 5 or 6").format(strength=t.visible(seat)))
        if sc.get("active"):
            raise RuleError(_("a multi-day Scruffs token is still in use: no new token meanwhile"))
        d = t.deck("scruffs")
        cur = sc.get("drawn")
        if cur is None:
            if not d["draw"]:
                d["draw"], d["discard"] = d["discard"], []
                t.rng().shuffle(d["draw"])
            if self.card in (None, ROLL):
                cur = d["draw"].pop(0)
            else:
                from ...actions import resolve_card

                cur = resolve_card(cat, t, "scruffs", self.card)
                d["draw"].remove(cur)
            sc["drawn"] = cur
        base = cur.split(":")[0]
        known = sc.setdefault("needs", {})
        if self.needs:
            vals = [int(x) for x in self.needs.replace(",", " ").split() if x.isdecimal() and 1 <= int(x) <= 6]
            if not vals:
                raise UsageError(_("needs {needs!r}: the faces printed on the token, e.g. 5,6").format(needs=self.needs))
            known[base] = vals
        spec = cat.deck("scruffs").card(base)
        if base not in known or self.face is None:
            need = "" if base in known else _(" Type the numbers printed on it.")
            return {"card": cur, "say": _("Scruffs' token: {name}: {effect}{need}").format(name=_(spec.name), effect=_(spec.effect), need=need)}
        v = dice_or_roll(t, self.face, 1, "Scruffs die")[0][0]
        sc.pop("drawn", None)
        done(t, "scruffs")
        if v not in known[base]:
            d["discard"].insert(0, cur)
            return {"card": cur, "faces": [v], "say": _("Scruffs rolls {v}: no luck, the token is discarded.").format(v=v)}
        say = self._reward(t, cat, seat, cur, base)
        return {"card": cur, "faces": [v], "say": _("Scruffs rolls {v}: {say}").format(v=v, say=say)}

    def _reward(self, t: Table, cat: GameCatalog, seat: str, cur: str, base: str) -> str:
        d = t.deck("scruffs")
        sc = d21(t)["scruffs"]
        spec = cat.deck("scruffs").card(base)
        to = [x for x in (self.to or "").replace(",", " ").split() if x]
        if base in ("rerolls", "die-change"):
            sc["active"] = {"card": cur, "uses": spec.get("uses", 2), "last": None}
            d["table"].append(cur)
            return _("{name} stays out: use it with castaway scruffs-use (once a day).").format(name=_(spec.name))
        d["out"].append(cur)
        if base.startswith("hope"):
            n = spec.get("hope", 2)
            people = [s for s in living(t) if not is_scruffs(t, s)]
            if not people:  # Scruffs alone on the raft: nobody can hold hope (the dog never does)
                return _("no survivor is left to take the hope.")
            who = [seat_arg(t, cat, x, people) for x in to] or [people[i % len(people)] for i in range(n)]
            if len(who) == 1:
                who = who * n
            if len(who) != n:  # EN § Scruffs Tokens: all of them are divided among the other survivors
                raise UsageError(_("--to {to!r}: Scruffs' token gives {n} hope; name one survivor per token, or one for all").format(to=self.to, n=n))
            got = sum(give_hope(t, s, 1, bonus=False) for s in who)
            return _("{got} hope for {who}.").format(got=got, who=", ".join(who))
        if base == "strength-2":
            target = seat_arg(t, cat, to[0]) if to else seat
            return f"{name(t, cat, target)} +{gain(t, target, 2)} strength."
        if base == "swap-location":
            from .events import set_swap

            return set_swap(t, cat, to[0] if to else None, random=not to)
        if base == "shark-reset":
            t.data["tracks"]["shark"] = 5
            return _("the shark card goes back to 5.")
        if base == "flare":
            if day(t) >= 21:
                return _("no flare on day 21.")
            move_ship(t, cat, 1)
            return _("a flare! The ship moves to {ship}.").format(ship=t.data['tracks']['ship'])
        return _("{name}: apply it as printed.").format(name=_(spec.name))


@register
@dataclass(frozen=True)
class ScruffsUse(Action):
    """Use the multi-day Scruffs token in play (two rerolls / two die changes, once a day each)."""

    kind: ClassVar[str] = "d21-scruffs-use"

    def text(self) -> str:
        return "use the Scruffs token"

    def run(self, t: Table, cat: GameCatalog):
        sc = d21(t).get("scruffs") or {}
        act = sc.get("active")
        if not act:
            raise RuleError(_("no multi-day Scruffs token is in play"))
        if act.get("last") == day(t):
            raise RuleError(_("the Scruffs token has been used today already (once a day)"))
        act["uses"] -= 1
        act["last"] = day(t)
        left = act["uses"]
        if left <= 0:
            t.deck("scruffs")["table"].remove(act["card"])
            t.deck("scruffs")["out"].append(act["card"])
            sc["active"] = None
        what = _("reroll a die") if act["card"].startswith("rerolls") else _("change a die by 1 up or down (6 and 1 wrap)")
        return {"say": _("Scruffs' token: {what} and type the new face ({left} use(s) left).").format(what=what, left=left)}


# -- day 21 ----------------------------------------------------------------------------------------


@register
@dataclass(frozen=True)
class Day21(Action):
    """Day 21: exhaustion first (everyone -1); then, as often as the group likes: flare (2 hope, a 6 moves
    the ship), shout (only without hope: 2 strength, a 6 moves the ship), diva (1 hope, at most 3), kite
    (2 hope: pieces onto the board, then the flying kite moves the ship or brings hope), rosina (at the start of
    the day she alone activates one location open to her: `where`), end (the day ends: lost unless rescued)."""

    kind: ClassVar[str] = "d21-day21"
    what: str = "flare"
    seat: str | None = None
    face: str | None = None
    where: str | None = None

    def text(self) -> str:
        return f"day 21: {self.what}" + (f" by {self.seat}" if self.seat else "") + (f" (table: {self.face})" if self.face else "")

    def run(self, t: Table, cat: GameCatalog):
        if day(t) < 21:
            raise RuleError(_("it is day {day}: this happens on day 21").format(day=day(t)))
        r = cat.rules["day21"]
        if self.what == "exhaustion":
            if used_today(t, "exhaustion"):
                raise RuleError(_("exhaustion has been taken already today"))
            mark_today(t, "exhaustion")
            for s in living(t):
                lose(t, s, r["exhaustion"])
            done(t, "exhaustion")
            return {"say": _("Exhaustion: every survivor loses 1 strength.")}
        if self.what == "pass":
            done(t, "rosina")
            return {"say": _("Rosina keeps still.")}
        if self.what == "end":
            done(t, "day21")
            t.data["over"] = {"result": "lost", "how": N_("day 21 ended without the rescue ship reaching the buoy")}
            return {"say": _("Day 21 is over and the ship did not reach you.")}
        if self.what == "kite":
            return self._kite(t, cat)
        if self.what == "rosina":
            seat = seat_arg(t, cat, self.seat) if self.seat else seat_of(t, "rosina")
            if seat is None:
                raise RuleError(_("Rosina is not on the raft"))
            return self._rosina(t, cat, seat)
        seat = seat_arg(t, cat, self.seat or "")
        who = name(t, cat, seat)
        if self.what == "flare":
            pay_hope(t, seat, r["flare_cost"], "a flare")
        elif self.what == "shout":
            if hope(t, seat) > 0:
                raise RuleError(_("{seat} still holds hope: shouting is for those with none (fire a flare)").format(seat=seat))
            if is_scruffs(t, seat):
                raise RuleError(_("Scruffs barks, but the rules give him no shout"))
            lose(t, seat, r["shout_cost"])
        elif self.what == "diva":
            if t.seat_values(seat).get("survivor") != "diva":
                raise RuleError(_("only Diva sings for the ship"))
            n = sum(1 for k in d21(t).get("today", []) if k == "diva")
            if n >= r["diva_most"]:
                raise RuleError(_("Diva has sung {n} times: at most {diva_most}").format(n=n, diva_most=r['diva_most']))
            pay_hope(t, seat, r["diva_cost"], _("Diva's song"))
            mark_today(t, "diva")
        else:
            raise UsageError(_("day 21: {what!r}: accepted: exhaustion, flare, shout, diva, kite, rosina, end").format(what=self.what))
        v = dice_or_roll(t, self.face, 1, f"{self.what} die")[0][0]
        if v == 6:
            move_ship(t, cat, 1)
            return {"faces": [v], "say": _("{who}: {what} {v}! The ship moves to {ship}.").format(who=who, what=self.what, v=v, ship=t.data['tracks']['ship'])}
        return {"faces": [v], "say": _("{who}: {what} {v}: not seen.").format(who=who, what=self.what, v=v)}

    def _kite(self, t: Table, cat: GameCatalog):
        k = d21(t).get("kite")
        if k is None:
            raise RuleError(_("the Kite expansion is not in this game"))
        seat = seat_arg(t, cat, self.seat or "")
        pay_hope(t, seat, cat.rules["kite"]["cost"], _("a kite roll"))
        faces = cat.die("kite").parts[0].faces
        face = t.rng().choice(faces) if self.face in (None, ROLL) else str(self.face).strip().lower()
        if face not in faces:
            raise UsageError(_("kite face {face!r}: accepted: {items}").format(face=self.face, items=", ".join(dict.fromkeys(faces))))
        if not k["flying"]:
            if face == "kite" and t.data["counters"]["kite"] > 0:
                t.data["counters"]["kite"] -= 1
                k["built"] += 1
                if k["built"] >= 3:
                    k["flying"] = True
                    move_ship(t, cat, 1)
                    return {"faces": [face], "say": _("The kite is built and flies! The ship moves to {ship}.").format(ship=t.data['tracks']['ship'])}
                return {"faces": [face], "say": _("A kite piece goes up ({built} of 3).").format(built=k['built'])}
            return {"faces": [face], "say": _("Kite die: {face}: nothing to build.").format(face=face)}
        if face == "kite":
            move_ship(t, cat, 1)
            return {"faces": [face], "say": _("The kite catches the eye: the ship moves to {ship}.").format(ship=t.data['tracks']['ship'])}
        if face == "hope":
            return {"faces": [face], "say": _("Hope: {seat} +{give_hope}.").format(seat=colour(seat), give_hope=give_hope(t, seat, 1))}
        return {"faces": [face], "say": _("Kite die: blank.")}

    def _rosina(self, t: Table, cat: GameCatalog, seat: str):
        """Rosina chooses a location and activates it (EN § Survivors: at the start of day 21, she alone):
        any location open to her die, as on a day of placements. Her die goes there and the location's
        own step follows; a face typed here resolves it at once."""
        if t.seat_values(seat).get("survivor") != "rosina":
            raise RuleError(_("only Rosina activates a location on day 21"))
        if used_today(t, "rosina"):
            raise RuleError(_("Rosina's location is taken at the start of day 21, once"))
        opts = rosina_locations(t, cat, seat)
        where = (self.where or "").strip().lower()
        if where not in opts:
            if where in cat.rules["locations"]["order"]:
                raise RuleError(_("Rosina cannot use the {where} location now; open to her: {items}").format(where=where, items=", ".join(opts)))
            raise UsageError(_("Rosina's location {where!r}: accepted: {items}").format(where=self.where, items=", ".join(opts)))
        mark_today(t, "rosina")
        done(t, "rosina")
        flow(t)["placements"] = [[seat, where]]
        step = ROSINA_TASK.get(where, where)
        push(t, {"do": step, "seat": seat} if step in ("dive", "receive", "play") else {"do": step})
        say = _("Rosina's die goes on the {where} location.").format(where=where)
        if self.face in (None, ""):
            return {"say": say}
        res = rosina_action(where, seat, self.face).run(t, cat)
        return {**(res or {}), "say": say + " " + (res or {}).get("say", "")}


ROSINA_TASK = {"jellyfish": "dive", "plank": "plank-spot"}


def rosina_locations(t: Table, cat: GameCatalog, seat: str) -> list[str]:
    """The locations Rosina's die may go to on day 21: those open to her as on any day (weather, the
    Kite's dive cost, her bottle card, the swap token in play, the Plank Location card she owns)."""
    from .flow import available

    return [loc for loc in available(t, cat, seat) if loc not in ("none", "kid")]


def rosina_action(where: str, seat: str, face):
    from . import bottle as bo
    from . import hazards as hz
    from . import locations as lo

    face = str(face)
    return {"flare": lambda: lo.Flare(faces=face), "hope": lambda: lo.Hope(faces=face),
            "fishing": lambda: lo.Fishing(face=face), "swap": lambda: lo.Swap(faces=face),
            "receive": lambda: bo.Bottle("receive", seat, face), "play": lambda: bo.Bottle("play", seat, face),
            "plank": lambda: lo.PlankSpot(face), "jellyfish": lambda: hz.Jellyfish(who=seat, faces=face, dive=True)}[where]()
