"""21 Days, day 21: the rescue's moves (exhaustion, flares, shouts, Diva's songs, Rosina, the kite, the
end), and the locations Rosina may send a survivor to.
"""

from __future__ import annotations

from typing import ClassVar

from ... import rolls
from ...action_base import Action, register, typed_faces
from ...catalog import GameCatalog
from ...errors import RuleError, UsageError
from ...i18n import N_, _
from ...lognames import word
from ...table import Table
from ...valuetype import frozen
from . import typed as ty
from .core import ROLL, d21, day, done, flow, give_hope, hope, is_scruffs, living, lose, mark_today, move_ship, name, pay_hope, push, seat_of, used_today
from .names import PLACES, colour, seat

# day 21's moves in the log's shown line (the stored line keeps the word typed)
MOVES = {"exhaustion": N_("exhaustion"), "flare": N_("flare"), "shout": N_("shout"), "diva": N_("song"),
         "kite": N_("kite roll"), "rosina": N_("Rosina"), "end": N_("end of the day")}
WHAT = ("exhaustion", "flare", "shout", "diva", "kite", "rosina", "pass", "end")


@register
@frozen
class Day21(Action):
    """Day 21: exhaustion first (everyone -1); then, as often as the group likes: flare (2 hope, a 6 moves
    the ship), shout (only without hope: 2 strength, a 6 moves the ship), diva (1 hope, at most 3), kite
    (2 hope: pieces onto the board, then the flying kite moves the ship or brings hope), rosina (at the start of
    the day she alone activates one location open to her: `where`), end (the day ends: lost unless rescued)."""

    kind: ClassVar[str] = "d21-day21"
    what: str = "flare"
    seat: str | None = None
    face: int | str | None = None  # a number; the kite die's face word (kite, hope, blank)
    where: str | None = None
    at_once: bool = False  # Rosina: her location rolls now (the face typed, or virtually)

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, what="flare", seat=None, face=None, where=None, at_once=None) -> "Day21":
        w = str(what).strip().lower()
        if w not in WHAT:
            raise UsageError(_("day 21: {what!r}: accepted: exhaustion, flare, shout, diva, kite, rosina, end").format(what=what))
        if w == "kite":
            faces = cat.die("kite").parts[0].faces
            got = None if face is None or str(face).strip().lower() in ("", ROLL) else str(face).strip().lower()
            if got is not None and got not in faces:
                raise UsageError(_("kite face {face!r}: accepted: {items}").format(face=face, items=", ".join(dict.fromkeys(faces))))
            typed: int | str | None = got
        else:
            typed = ty.face(face, _("{what} die").format(what=_(MOVES.get(w, w))))
        if at_once is None:  # as the command line has it: a face given (even 'roll') resolves Rosina's location now
            at_once = w == "rosina" and face not in (None, "")
        loc = None if where is None or not str(where).strip() else str(where).strip().lower()
        return cls(w, ty.one_seat(t, cat, seat), typed, loc, bool(at_once))

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        return ty.upgraded(cls, stored, t, cat)

    def text(self) -> str:
        s = _("day 21: {what}").format(what=word(self.what, MOVES))
        s = _("{line} by {seat}").format(line=s, seat=seat(self.seat)) if self.seat else s
        return typed_faces(s, self.face)

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
            seat = ty.alive(t, cat, self.seat) if self.seat else seat_of(t, "rosina")
            if seat is None:
                raise RuleError(_("Rosina is not on the raft"))
            return self._rosina(t, cat, seat)
        seat = ty.alive(t, cat, self.seat)
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
        typed = self.face if isinstance(self.face, int) else None
        vals, virtual = ty.dice(t, ty.one(typed), 1, _("{what} die").format(what=_(MOVES.get(self.what, self.what))))
        v = vals[0]
        res = rolls.add({"faces": [v]}, ty.records("placement", vals, virtual))
        if v == 6:
            move_ship(t, cat, 1)
            return {**res, "say": _("{who}: {what} {v}! The ship moves to {ship}.").format(who=who, what=self.what, v=v, ship=t.data['tracks']['ship'])}
        return {**res, "say": _("{who}: {what} {v}: not seen.").format(who=who, what=self.what, v=v)}

    def _kite(self, t: Table, cat: GameCatalog):
        k = d21(t).get("kite")
        if k is None:
            raise RuleError(_("the Kite expansion is not in this game"))
        seat = ty.alive(t, cat, self.seat)
        pay_hope(t, seat, cat.rules["kite"]["cost"], _("a kite roll"))
        faces = cat.die("kite").parts[0].faces
        face = t.rng().choice(faces) if self.face is None else self.face
        if face not in faces:
            raise UsageError(_("kite face {face!r}: accepted: {items}").format(face=self.face, items=", ".join(dict.fromkeys(faces))))
        return rolls.add(self._kite_face(t, cat, k, seat, face), ty.records("kite", [face], self.face is None))

    def _kite_face(self, t: Table, cat: GameCatalog, k: dict, seat: str, face) -> dict:
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
        say = _("Rosina's die goes on the {where} location.").format(where=_(PLACES.get(where, where)))
        if not self.at_once:
            return {"say": say}
        res = rosina_action(where, seat, self.face if isinstance(self.face, int) else None).run(t, cat)
        return {**(res or {}), "say": say + " " + (res or {}).get("say", "")}


ROSINA_TASK = {"jellyfish": "dive", "plank": "plank-spot"}


def rosina_locations(t: Table, cat: GameCatalog, seat: str) -> list[str]:
    """The locations Rosina's die may go to on day 21: those open to her as on any day (weather, the
    Kite's dive cost, her bottle card, the swap token in play, the Plank Location card she owns)."""
    from .flow import available

    return [loc for loc in available(t, cat, seat) if loc not in ("none", "kid")]


def rosina_action(where: str, seat: str, face: int | None):
    """The action of the location Rosina's die went to, rolled at once: the face typed, or virtually (None)."""
    from . import bottle as bo
    from . import hazards as hz
    from . import locations as lo
    from .typed import faces as swim_faces

    faces = ty.one(face)
    return {"flare": lambda: lo.Flare(faces=faces), "hope": lambda: lo.Hope(faces=faces),
            "fishing": lambda: lo.Fishing(face=face), "swap": lambda: lo.Swap(faces=faces),
            "receive": lambda: bo.Bottle("receive", seat, face), "play": lambda: bo.Bottle("play", seat, face),
            "plank": lambda: lo.PlankSpot(face), "jellyfish": lambda: hz.Jellyfish(who=seat, faces=swim_faces(face, _("jellyfish swim")), dive=True)}[where]()
