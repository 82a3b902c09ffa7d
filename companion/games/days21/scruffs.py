"""21 Days, Scruffs Up! solo: Scruffs' tokens played at the start of Midday and his multi-day tokens used
once a day (his die change is paid here; the faces then shown are the ones typed into the procedure).
"""

from __future__ import annotations

from typing import ClassVar

from ... import rolls as dice_records
from ...action_base import Action, register
from ...bounds import digits_in
from ...catalog import GameCatalog
from ...errors import Next, RuleError, UsageError
from ...i18n import N_, _
from ...lognames import card as card_name
from ...table import Table
from ...valuetype import frozen
from . import typed as ty
from .core import ROLL, d21, day, done, gain, give_hope, is_scruffs, living, move_ship, name


def scruffs_seat(t: Table) -> str | None:
    """Scruffs' seat while he is alive on the raft."""
    return next((s for s in living(t) if is_scruffs(t, s)), None)


def strong_enough(t: Table, seat: str) -> None:
    """EN § Solo Game: at a visible strength of 4 or less no Scruffs token is taken or used."""
    if t.visible(seat) < 5:
        raise RuleError(_("Scruffs' strength is {strength}: tokens need 5 or 6").format(strength=t.visible(seat)))


@register
@frozen
class ScruffsToken(Action):
    """Scruffs (strength 5 or 6, start of Midday) takes a token and rolls his die against the faces printed
    on it (`needs`, remembered once typed). Success: the reward, the token leaves the game; failure: it is
    discarded. card: the token drawn (its copy id; None: drawn virtually); needs: the faces printed on it;
    face: Scruffs' die (an int, ROLL for virtual, None to stop before the roll); to: who gets the reward
    (hope: seat ids; strength: one seat id; swap: a swap token's id). skip: no token today."""

    kind: ClassVar[str] = "d21-scruffs"
    card: str | None = None
    needs: tuple[int, ...] | None = None
    face: int | str | None = None
    to: tuple[str, ...] = ()
    skip: bool = False

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, card=None, needs=None, face=None, to=None, skip=False) -> "ScruffsToken":
        from . import draws

        return cls(draws.typed_card(t, cat, "scruffs", card), _needs(needs),
                   None if face is None else ROLL if ty.blank(face) else ty.face(face, _("Scruffs die")),
                   tuple(_seat_or_token(t, x) for x in ty.split(to)), bool(skip))

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        return cls.parse(t, cat, stored.get("card"), stored.get("needs"), stored.get("face"), stored.get("to"),
                         stored.get("skip", False)).to_dict()

    def text(self) -> str:
        needs = ",".join(map(str, self.needs)) if self.needs else None
        face = None if self.face == ROLL else self.face
        return _("Scruffs token") + "".join(" " + _(k).format(value=v) for k, v in ((N_("card {value}"), card_name("scruffs", self.card)), (N_("needs {value}"), needs), (N_("face {value}"), face)) if v)

    def run(self, t: Table, cat: GameCatalog):
        sc = d21(t).get("scruffs")
        seat = scruffs_seat(t)
        if sc is None or seat is None:
            raise RuleError(_("Scruffs is not on the raft"))
        if self.skip:
            done(t, "scruffs")
            return {"say": _("No Scruffs token today.")}
        strong_enough(t, seat)
        if sc.get("active"):
            raise RuleError(_("a multi-day Scruffs token is still in use: no new token meanwhile"))
        d = t.deck("scruffs")
        cur = sc.get("drawn")
        if cur is None:
            if not d["draw"]:
                d["draw"], d["discard"] = d["discard"], []
                t.rng().shuffle(d["draw"])
            from . import draws

            if draws.asked(t, self.card):
                raise RuleError(_("which Scruffs token did the table take? The table says it: its number, name or id, or 'draw' (castaway draws)"),
                                next=Next("d21-scruffs", {"drawn": True}, ("card",)))
            cur = draws.take(t, "scruffs", self.card, _("Scruffs token"))
            sc["drawn"] = cur
        base = cur.split(":")[0]
        known = sc.setdefault("needs", {})
        if self.needs:
            ty.need(self.needs, len(self.needs), "needs")
            known[base] = list(self.needs)
        spec = cat.deck("scruffs").card(base)
        if base not in known or self.face is None:
            need = "" if base in known else _(" Type the numbers printed on it.")
            effect = _(spec.effect) if spec.effect else _("not described in the rulebooks: read the card")  # a deck from CASTAWAY_DECKS
            return {"card": cur, "say": _("Scruffs' token: {name}: {effect}{need}").format(name=_(spec.name), effect=effect, need=need)}
        vals, virtual = ty.dice(t, None if self.face == ROLL else (self.face,), 1, _("Scruffs die"))
        v = vals[0]
        recs = ty.records("green", vals, virtual)
        sc.pop("drawn", None)
        done(t, "scruffs")
        if v not in known[base]:
            d["discard"].insert(0, cur)
            return dice_records.add({"card": cur, "faces": [v], "say": _("Scruffs rolls {v}: no luck, the token is discarded.").format(v=v)}, recs)
        say = self._reward(t, cat, seat, cur, base)
        return dice_records.add({"card": cur, "faces": [v], "say": _("Scruffs rolls {v}: {say}").format(v=v, say=say)}, recs)

    def _reward(self, t: Table, cat: GameCatalog, seat: str, cur: str, base: str) -> str:
        d = t.deck("scruffs")
        sc = d21(t)["scruffs"]
        spec = cat.deck("scruffs").card(base)
        to = list(self.to)
        if base in ("rerolls", "die-change"):
            sc["active"] = {"card": cur, "uses": spec.get("uses", 2), "last": None}
            d["table"].append(cur)
            return _("{name} stays out: Scruffs may use it once a day.").format(name=_(spec.name))
        d["out"].append(cur)
        if base.startswith("hope"):
            n = spec.get("hope", 2)
            people = [s for s in living(t) if not is_scruffs(t, s)]
            if not people:  # Scruffs alone on the raft: nobody can hold hope (the dog never does)
                return _("no survivor is left to take the hope.")
            who = [ty.check_seat(t, x, people) for x in to] or [people[i % len(people)] for i in range(n)]
            if len(who) == 1:
                who = who * n
            if len(who) != n:  # EN § Scruffs Tokens: all of them are divided among the other survivors
                raise UsageError(_("{to!r}: Scruffs' token gives {n} hope; name one survivor per token, or one for all").format(to=",".join(self.to), n=n))
            got = sum(give_hope(t, s, 1, bonus=False) for s in who)
            return _("{got} hope for {who}.").format(got=got, who=", ".join(who))
        if base == "strength-2":
            target = ty.check_seat(t, to[0]) if to else seat
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


def _needs(text) -> tuple[int, ...] | None:
    """The faces printed on a Scruffs token, typed '5,6'."""
    if text is None or isinstance(text, (tuple, list)):
        return None if text is None else tuple(int(x) for x in text)
    if not str(text).strip():
        return None
    bits = str(text).replace(",", " ").split()
    if not bits or not all(digits_in(b, 1, 6) for b in bits):
        raise UsageError(_("needs {needs!r}: the faces printed on the token, e.g. 5,6").format(needs=text))
    return tuple(int(b) for b in bits)


def _seat_or_token(t: Table, text: str) -> str:
    """Who gets a Scruffs reward (a seat id), or, for the swap-location token, the swap token's id."""
    try:
        return ty.seat_of_word(t, text)
    except UsageError:
        return str(text).strip().lower()


@register
@frozen
class ScruffsUse(Action):
    """Use the multi-day Scruffs token in play (two rerolls / two die changes, once a day each)."""

    kind: ClassVar[str] = "d21-scruffs-use"

    def text(self) -> str:
        return _("use the Scruffs token")

    def run(self, t: Table, cat: GameCatalog):
        sc = d21(t).get("scruffs") or {}
        act = sc.get("active")
        if not act:
            raise RuleError(_("no multi-day Scruffs token is in play"))
        if act.get("last") == day(t):
            raise RuleError(_("the Scruffs token has been used today already (once a day)"))
        seat = scruffs_seat(t)
        if seat is None:
            raise RuleError(_("Scruffs is not on the raft"))
        strong_enough(t, seat)
        act["uses"] -= 1
        act["last"] = day(t)
        left = act["uses"]
        if left <= 0:
            t.deck("scruffs")["table"].remove(act["card"])
            t.deck("scruffs")["out"].append(act["card"])
            sc["active"] = None
        what = _("reroll a die") if act["card"].startswith("rerolls") else _("change a die by 1 up or down (6 and 1 wrap)")
        return {"say": _("Scruffs' token: {what} and type the new face ({left} use(s) left).").format(what=what, left=left)}
