"""21 Days: what attacks the raft. Shark phase and attacks, single bites, the octopus, jellyfish,
Paranoia, plank loss, disasters, the stolen die, and the colour tokens that pick a victim.

Each procedure is a registered action: typed faces (the table's dice) or None (virtual dice from the
table's generator); the result keeps every face rolled, and `say` tells what happened.
"""

from __future__ import annotations

from typing import ClassVar

from ... import rolls as dice_records
from ...action_base import Action, register, typed_faces
from ...catalog import GameCatalog
from ...errors import Next, RuleError, UsageError
from ...i18n import N_, _
from ...table import Table
from ...valuetype import frozen
from . import typed as ty
from .core import ROLL, d21, day, done, fin_victim, flow, hope, is_scruffs, living, name, roll, wound
from .names import colour, seat

TOKEN_BIT = N_("token {value}")

SAY = {
    "slide": N_("The shark card slides to {n}."),
    "stay": N_("The sharks attacked yesterday: the card stays at {n} today."),
    "attack_tonight": N_(" They attack tonight!"),
    "pfennig": N_(" Herr Pfennig takes 1 hope (sharks at {n})."),
    "bite": N_("Shark {fin} bites {who} with {strength}: {what}."),
    "bite_hit": N_("wounded, strength now {now}"),
    "bite_miss": N_("no harm (strength {vis})"),
    "empty": N_("Shark {fin} finds spot {spot} empty: drop the colour tokens of the living survivors."),
    "reset": N_("The shark attack is over: the card goes back to {n}."),
    "token": N_("The colour tokens pick {who}."),
    "asleep": N_("Blank: the octopus sleeps; the starting player's die does nothing today."),
    "awake": N_("A tentacle: the octopus wakes and attacks with {n} tentacles. No other location is activated today."),
    "no_tentacles": N_("The octopus has no tentacles left: no attack."),
    "tentacle_none": N_("Tentacle {i}: the white die shows {w}; nobody's visible strength matches."),
    "tentacle_tie": N_("Tentacle {i}: the white die shows {w}, matching {who}: drop their colour tokens."),
    "tentacle_grab": N_("Tentacle {i}: the white die shows {w}: it grabs {who}."),
    "defend_low": N_("{who} rolls {d} against {w}: wounded, strength now {now}."),
    "defend_eq": N_("{who} rolls {d} against {w}: slips free."),
    "defend_high": N_("{who} rolls {d} against {w}: cuts the tentacle off ({left} left)."),
    "fight_over": N_(" The fight is over: the tentacles turn back."),
}


def shark_top(t: Table) -> int:
    lim = t.data.get("limits", {}).get("shark")
    return lim[1] if lim else 5


# -- shark phase and attacks ---------------------------------------------------------------------


@register
@frozen
class SharkPhase(Action):
    """The starting player slides the shark card one step closer (not the day after an attack)."""

    kind: ClassVar[str] = "d21-shark-phase"

    def text(self) -> str:
        return _("shark phase")

    def run(self, t: Table, cat: GameCatalog):
        x = d21(t)
        if x.get("just_attacked"):
            x["just_attacked"] = False
            n = t.data["tracks"]["shark"]
            say = _(SAY["stay"]).format(n=n)
        else:
            n = max(1, t.data["tracks"]["shark"] - 1)
            t.data["tracks"]["shark"] = n
            say = _(SAY["slide"]).format(n=n) + (_(SAY["attack_tonight"]) if n == 1 and day(t) < 21 else "")
        from .core import give_hope, seat_of

        pf = seat_of(t, "pfennig")
        if pf and n in (4, 5) and give_hope(t, pf, 1):
            say += _(SAY["pfennig"]).format(n=n)
        done(t, "shark")
        return {"shark": n, "say": say}


def _bite(t: Table, cat: GameCatalog, fin: int, strength: int, token: str | None, virtual: bool) -> tuple[str, str | None]:
    """One shark bite; returns (say, None) or (say, 'token') when the colour tokens must be dropped."""
    spot, seat = fin_victim(t, cat, fin)
    picked = ""
    if seat is None:
        if token is None and not virtual:
            flow(t)["await"] = {"what": "bite", "fin": fin, "strength": strength, "among": living(t)}
            return _(SAY["empty"]).format(fin=fin, spot=spot), "token"
        seat, _v = ty.drop(t, cat, living(t), token)
        picked = _(SAY["token"]).format(who=name(t, cat, seat)) + " "
    return picked + _hit(t, cat, seat, fin, strength), None


def _hit(t: Table, cat: GameCatalog, seat: str, fin: int, strength: int) -> str:
    vis = t.visible(seat)
    if strength > vis:
        now = wound(t, seat, 1, "shark")
        what = _(SAY["bite_hit"]).format(now=now[0] if now else "0: dead")
    else:
        what = _(SAY["bite_miss"]).format(vis=vis)
    return _(SAY["bite"]).format(fin=fin, who=name(t, cat, seat), strength=strength, what=what)


def _check_shark(typed: tuple[tuple[int, int], ...] | None, n: int) -> None:
    if typed is None:
        return
    shown = ",".join(f"{a}/{b}" for a, b in typed)
    for a, b in typed:
        if not all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 6 for v in (a, b)):
            raise UsageError(_("shark faces {text!r}: {bit!r} should be outer/inner, each 1..6, e.g. 2/5").format(text=shown, bit=f"{a}/{b}"))
    if len(typed) > n:
        raise UsageError(_("shark faces {text!r}: {n} bites typed, {n2} left in this attack").format(text=shown, n=len(typed), n2=n))


def must_drop() -> RuleError:
    return RuleError(_("the colour tokens must be dropped first"), next=Next("d21-colour-token", missing=("seat",)))


@register
@frozen
class SharkAttack(Action):
    """The shark attack: four bites, each die's outer face picks the spot, the inner is the bite's strength.

    faces: the typed bites as (outer, inner) pairs (as many as remain, or fewer), or None for virtual bites
    (one, or all that remain); tokens: the colour tokens for bites at an empty spot, in order, each a seat
    id or ROLL (a virtual drop); none given: virtual for virtual bites, asked for typed ones.
    """

    kind: ClassVar[str] = "d21-shark-attack"
    faces: tuple[tuple[int, int], ...] | None = None
    tokens: tuple[str, ...] = ()
    all: bool = False

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, faces=None, tokens=None, all=False) -> "SharkAttack":
        return cls(ty.shark_faces(faces), tuple(ty.token(t, x) or ROLL for x in ty.split(tokens)), bool(all))

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        return cls.parse(t, cat, stored.get("faces"), stored.get("tokens"), stored.get("all", False)).to_dict()

    def text(self) -> str:
        s = _("shark attack")
        if self.faces:
            s = typed_faces(s, self.faces)
        typed = [x for x in self.tokens if x != ROLL]  # tokens dropped virtually say nothing in the line
        return _("{line} tokens {tokens}").format(line=s, tokens=seat(",".join(typed))) if typed else s

    def run(self, t: Table, cat: GameCatalog):
        f = flow(t)
        if f.get("await"):
            raise must_drop()
        sh = f.setdefault("shark", {"bite": 0})
        left = 4 - sh["bite"]
        typed = self.faces
        _check_shark(typed, left)
        tokens = list(self.tokens)
        n = len(typed) if typed is not None else (left if self.all else 1)
        says, faces, recs = [], [], []
        for i in range(n):
            if typed is not None:
                outer, inner = typed[i]
                virtual = False
            else:
                rng = t.rng()
                outer, inner = rng.randint(1, 6), rng.randint(1, 6)
                virtual = True
            faces.append([outer, inner])
            recs += dice_records.of_die(cat, "shark", (outer, inner), not virtual)
            token = tokens.pop(0) if tokens and fin_victim(t, cat, outer)[1] is None else None
            sh["bite"] += 1
            say, need = _bite(t, cat, outer, inner, token, virtual)
            says.append(_("Bite {n}: {say}").format(n=sh['bite'], say=say))
            if need or not living(t):
                break
        if sh["bite"] >= 4 and not f.get("await"):
            says.append(_reset(t))
        t.data["last"] = {"roll": "shark", "faces": [f"{a}/{b}" for a, b in faces]}
        return dice_records.add({"faces": faces, "say": " ".join(says)}, recs)


def _reset(t: Table) -> str:
    f = flow(t)
    f.pop("shark", None)
    top = shark_top(t)
    t.data["tracks"]["shark"] = top
    d21(t)["just_attacked"] = True
    done(t, "attack")
    return _(SAY["reset"]).format(n=top)


@register
@frozen
class SharkBite(Action):
    """Shark 1 or Shark 6 from the logbook bites once: only the inner die counts."""

    kind: ClassVar[str] = "d21-shark-bite"
    fin: int = 1
    face: tuple[int, ...] | None = None  # the shark die as typed: (inner,) or (outer, inner); None: virtual
    token: str | None = None  # the colour token for an empty spot: a seat id, ROLL (virtual), None (ask)

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, fin=1, face=None, token=None) -> "SharkBite":
        if ty.blank(face) or isinstance(face, (tuple, list)):
            typed = None if ty.blank(face) else tuple(face)
        else:
            bits = str(face).strip().split("/")
            if len(bits) > 2:
                raise UsageError(_("shark die {text!r}: type the inner face, or outer/inner like 2/5").format(text=face))
            typed = tuple(ty.face(b, _("shark inner die")) for b in bits)
        return cls(int(fin), typed, ty.token(t, token))

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        return cls.parse(t, cat, stored.get("fin", 1), stored.get("face"), stored.get("token")).to_dict()

    def text(self) -> str:
        s = _("shark {fin} bites").format(fin=self.fin)
        return typed_faces(s, "/".join(map(str, self.face)) if self.face else None)

    def run(self, t: Table, cat: GameCatalog):
        if self.fin not in (1, 6):
            raise UsageError(_("shark {fin}: accepted: 1 or 6 (the logbook's single sharks)").format(fin=self.fin))
        if self.face is not None and len(self.face) not in (1, 2):
            raise UsageError(_("shark die {text!r}: type the inner face, or outer/inner like 2/5").format(text=self.face))
        vals, virtual = ty.dice(t, self.face[-1:] if self.face else None, 1, _("shark inner die"))
        if self.face and len(self.face) == 2:
            ty.need(self.face, 2, _("shark inner die"))
        say, need = _bite(t, cat, self.fin, vals[0], self.token, virtual)
        if need:
            flow(t)["await"]["single"] = True
        else:
            done(t, "shark-1", "shark-6")
        recs = dice_records.of_die(cat, "shark", self.face, True) if self.face and len(self.face) == 2 else \
            [dice_records.record("shark", vals[0], not virtual, "inner")]
        return dice_records.add({"faces": vals, "say": say}, recs)


def pick_among(t: Table) -> list[str]:
    """Whose colour tokens go in the hand for the pick the day is waiting for (Paranoia: humans only)."""
    from .core import task

    q = task(t) or {}
    if q.get("do") == "token" and q.get("for") == "paranoia":
        return [s for s in living(t) if not is_scruffs(t, s)]
    return living(t)


@register
@frozen
class ColourToken(Action):
    """Drop the colour tokens of the survivors in question: the one that falls (typed) or a virtual pick."""

    kind: ClassVar[str] = "d21-colour-token"
    seat: str | None = None  # the seat whose token fell; None: a virtual drop

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, seat=None) -> "ColourToken":
        tok = ty.token(t, seat)
        return cls(None if tok == ROLL else tok)

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        return cls.parse(t, cat, stored.get("seat")).to_dict()

    def text(self) -> str:
        return _("colour token: {seat}").format(seat=colour(self.seat) if self.seat else _("drawn virtually"))

    def run(self, t: Table, cat: GameCatalog):
        f = flow(t)
        aw = f.pop("await", None) or {"what": "pick", "among": pick_among(t)}
        among = [s for s in aw["among"] if s in living(t)]
        seat, virtual = ty.drop(t, cat, among, self.seat)
        say = _(SAY["token"]).format(who=name(t, cat, seat))
        if aw["what"] == "bite":
            say += " " + _hit(t, cat, seat, aw["fin"], aw["strength"])
            if aw.get("single"):
                done(t, "shark-1", "shark-6")
            elif f.get("shark", {}).get("bite", 0) >= 4:
                say += " " + _reset(t)
        elif aw["what"] == "tentacle":
            f["fight"]["victim"] = seat
        else:
            f["picked"] = seat
            done(t, "token")
        return {"seat": seat, "virtual": virtual, "say": say}


# -- the octopus ---------------------------------------------------------------------------------


@register
@frozen
class Octopus(Action):
    """The starting player rolls the octopus die: blank sleeps, a tentacle face starts the fight."""

    kind: ClassVar[str] = "d21-octopus"
    face: str | None = None  # the octopus die's face word (blank, tentacle); None: virtual

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, face=None) -> "Octopus":
        return cls(octopus_face(cat, face))

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        return cls.parse(t, cat, stored.get("face")).to_dict()

    def text(self) -> str:
        s = _("octopus die")
        return typed_faces(s, self.face)

    def run(self, t: Table, cat: GameCatalog):
        res = self._roll(t, cat)
        return dice_records.add(res, [dice_records.record("octopus", res["faces"][0], self.face is not None)])

    def _roll(self, t: Table, cat: GameCatalog) -> dict:
        faces = cat.die("octopus").parts[0].faces
        if self.face is None:
            face = t.rng().choice(faces)
        else:
            face = self.face
            if face not in faces:
                raise UsageError(_("octopus face {face!r}: accepted: blank, tentacle").format(face=self.face))
        f = flow(t)
        rerolled = f.get("octopus", {}).get("face") is not None
        today = d21(t).setdefault("today", [])
        if "octopus_done" not in today:
            today.append("octopus_done")
        f["octopus"] = {"face": face, "rerolled": rerolled}
        left = t.data["counters"]["tentacles"]
        if left == 0:
            done(t, "octopus")
            return {"faces": [face], "say": _(SAY["no_tentacles"])}
        if face == "blank":
            say = _(SAY["asleep"])
        else:
            say = _(SAY["awake"]).format(n=left)
        done(t, "octopus")
        from .core import push

        prof = professor_at_octopus(t)
        if prof and not rerolled and hope(t, prof) >= 2:
            push(t, {"do": "magnusson", "seat": prof})
        elif face != "blank":
            start_fight(t)
        t.data["last"] = {"roll": "octopus", "faces": [face]}
        return {"faces": [face], "say": say}


def octopus_face(cat: GameCatalog, text) -> str | None:
    """The octopus die's face as typed ('Tentacle'), in its word; None: virtual."""
    if ty.blank(text):
        return None
    face = str(text).strip().lower()
    if face not in cat.die("octopus").parts[0].faces:
        raise UsageError(_("octopus face {face!r}: accepted: blank, tentacle").format(face=text))
    return face


def professor_at_octopus(t: Table) -> str | None:
    """The Professor's seat when his placement die is on the Octopus location today (EN § Survivors:
    only there may he reroll the octopus die)."""
    from .core import survivor

    for placed, loc in flow(t).get("placements", []):
        if loc == "octopus" and placed in living(t) and survivor(t, placed) == "magnusson":
            return placed
    return None


def start_fight(t: Table) -> None:
    """The octopus is awake: one task per tentacle; the day's other locations are not activated."""
    f = flow(t)
    n = t.data["counters"]["tentacles"]
    # i: tokens flipped; of: i plus the attempts still to come (a cut tentacle leaves both);
    # done/total: the attempts made and the tentacles at the fight's start (for the guided titles)
    f["fight"] = {"i": 0, "of": n, "done": 0, "total": n, "victim": None, "white": None}
    f["queue"] = [q for q in f["queue"] if q.get("do") not in ACTIVATIONS]
    f["queue"][0:0] = [{"do": "tentacle"}]
    d21(t)["octopus_fought"] = True


ACTIVATIONS = ("flare", "jellyfish", "receive", "play", "swap", "hope", "fishing", "plank", "kid", "scruffs", "place",
               "activate", "octopus")


@register
@frozen
class Tentacle(Action):
    """One tentacle: the white die picks whoever shows that visible strength, who then defends with their
    placement die (lower: -1 strength; equal: escapes; higher: cuts the tentacle off).

    white / defence: a typed face (int), ROLL for virtual, or None to stop and ask at that point; token: the
    colour token for a tie, a seat id, ROLL (virtual) or None (ask).
    """

    kind: ClassVar[str] = "d21-tentacle"
    white: int | str | None = ROLL
    token: str | None = ROLL
    defence: int | str | None = ROLL

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, white=ROLL, token=ROLL, defence=ROLL) -> "Tentacle":
        def die(text, what):
            return None if text is None else ROLL if ty.blank(text) else ty.face(text, what)
        return cls(die(white, _("white die")), ty.token(t, token), die(defence, _("defence die")))

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        return cls.parse(t, cat, stored.get("white", ROLL), stored.get("token", ROLL), stored.get("defence", ROLL)).to_dict()

    def text(self) -> str:
        bits = [_(k).format(value=seat(v) if k == TOKEN_BIT else v) for k, v in ((N_("white {value}"), self.white), (TOKEN_BIT, self.token), (N_("defence {value}"), self.defence))
                if v not in (None, ROLL)]
        return _("tentacle ({bits})").format(bits=", ".join(bits)) if bits else _("tentacle")

    def run(self, t: Table, cat: GameCatalog):
        recs: list = []
        res = self._fight(t, cat, recs)
        return dice_records.add(res, recs) if recs else res

    def _die(self, t: Table, v: int | str | None, what: str) -> int:
        if v == ROLL:
            return roll(t, 1)[0]
        ty.need((v,), 1, what)
        return int(v)  # type: ignore[arg-type]

    def _fight(self, t: Table, cat: GameCatalog, recs: list):
        f = flow(t)
        fight = f.get("fight")
        if fight is None:
            if t.data["counters"]["tentacles"] == 0:
                raise RuleError(_("the octopus has no tentacles left"))
            start_fight(t)
            fight = f["fight"]
        says, faces = [], {}
        i = fight["done"] + 1
        if fight["white"] is None:
            if self.white is None:
                raise UsageError(_("roll the white die first"))
            w = self._die(t, self.white, _("white die"))
            recs.append(dice_records.record("white", w, self.white != ROLL))
            fight["white"] = w
            faces["white"] = w
            match = [s for s in living(t) if t.visible(s) == w]
            if not match:
                says.append(_(SAY["tentacle_none"]).format(i=i, w=w))
                return self._next(t, says, faces)
            if len(match) > 1:
                if self.token is None:
                    f["await"] = {"what": "tentacle", "among": match}
                    says.append(_(SAY["tentacle_tie"]).format(i=i, w=w, who=", ".join(match)))
                    return {**faces, "say": " ".join(says)}
                seat, _v = ty.drop(t, cat, match, self.token)
                says.append(_(SAY["token"]).format(who=name(t, cat, seat)))
            else:
                seat = match[0]
            fight["victim"] = seat
            says.append(_(SAY["tentacle_grab"]).format(i=i, w=w, who=name(t, cat, seat)))
        if fight["victim"] is None:
            raise RuleError(_("the colour tokens must pick who the tentacle grabs"), next=Next("d21-colour-token", missing=("seat",)))
        if self.defence is None:
            return {**faces, "say": " ".join(says)}
        seat, w = fight["victim"], fight["white"]
        dv = self._die(t, self.defence, _("defence die"))
        recs.append(dice_records.record("placement", dv, self.defence != ROLL))
        faces["defence"] = dv
        who = name(t, cat, seat)
        if dv < w:
            now = wound(t, seat, 1, "octopus")
            says.append(_(SAY["defend_low"]).format(who=who, d=dv, w=w, now=now[0] if now else "0: dead"))
        elif dv == w:
            says.append(_(SAY["defend_eq"]).format(who=who, d=dv, w=w))
        else:
            t.data["counters"]["tentacles"] -= 1
            fight["of"] -= 1
            fight["i"] -= 1  # the cut tentacle is gone, not flipped
            says.append(_(SAY["defend_high"]).format(who=who, d=dv, w=w, left=t.data["counters"]["tentacles"]))
        return self._next(t, says, faces)

    @staticmethod
    def _next(t: Table, says: list, faces: dict) -> dict:
        f = flow(t)
        fight = f["fight"]
        fight["i"] += 1
        fight["done"] += 1
        fight["white"], fight["victim"] = None, None
        if fight["i"] >= fight["of"] or not living(t):
            f.pop("fight", None)
            done(t, "tentacle")
            says.append(_(SAY["fight_over"]).strip())
        return {**faces, "say": " ".join(says)}


@register
@frozen
class PjotrCancel(Action):
    """Pjotr pays 2 hope to cancel the shark or octopus wound just dealt (yes), or lets it stand (no)."""

    kind: ClassVar[str] = "d21-pjotr"
    cancel: bool = True

    def text(self) -> str:
        return _("Pjotr cancels the wound") if self.cancel else _("Pjotr lets the wound stand")

    def run(self, t: Table, cat: GameCatalog):
        from .core import pay_hope, seat_of

        w = flow(t).pop("wound", None)
        if w is None:
            raise RuleError(_("no shark or octopus wound to cancel right now"))
        if not self.cancel:
            return {"say": _("The wound stands.")}
        pj = seat_of(t, "pjotr")
        if pj is None:
            raise RuleError(_("Pjotr is not on the raft"))
        pay_hope(t, pj, 2, _("Pjotr's cancel"))
        seat = w["seat"]
        dead = t.data.get("dead", [])
        if seat in dead:
            dead.remove(seat)
            t.deck("bottle")["draw"] = [c for c in t.deck("bottle")["draw"] if c not in w["bottle"]]
            if w["bottle"]:
                t.deck("bottle")["held"][seat] = list(w["bottle"])
        t.seat_values(seat).update(w["vals"])
        return {"seat": seat, "say": _("Pjotr pays 2 hope: {who} is unhurt.").format(who=name(t, cat, seat))}


# jellyfish, Paranoia, planks and the stolen die live in hazards.py; importers of this module keep
# finding them here.
from .hazards import Jellyfish, Paranoia, PlankLoss, StealDie, jelly_card, lose_plank, open_suitcase, parse_challenges, restore_plank, swim  # noqa: E402,F401
