"""21 Days: what the table may do once a die shows, before its result is applied (issue 22, item 4).

The rulebooks let the table change a die it has seen: Aleta's reroll (2 hope, on days her visible strength
is 4 or more), an ability token's reroll (once a game), the Scruffs token in play (two rerolls or two ±1
changes, once a day each), a special hope token (±1 or ±2, 6 and 1 wrap; not on day 21), the Dolphin
(3 strength: the die turned to 7 minus it; never in shark or octopus attacks, never for Scruffs' rolls),
the Professor's reroll of the octopus die (2 hope, from the Octopus location, once) and Pjotr's cancel of
the wound the die deals (2 hope).

The guided game first shows the face typed or rolled (DieShown: the day's flow keeps it under "shown"); each
change is a DieHelp; Enter applies the procedure with the faces as they then stand (DieApply). A procedure
command takes the same changes at once (AfterDie: `--use`). The dice recorded (rolls.py) are the faces first
shown and each reroll's new face; a die turned (the Dolphin, a ± token) was not rolled again and adds none.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from ... import rolls as dice_records
from ...action_base import Action, register
from ...catalog import GameCatalog
from ...errors import RuleError, UsageError
from ...i18n import N_, _
from ...table import Table
from ...valuetype import frozen
from . import typed as ty
from .core import ROLL, d21, day, flow, hope, is_scruffs, living, name, pay_hope, seat_of

# the procedures whose die the table may change once it shows: the field holding the faces, the die
SPEC = {
    "d21-shark-attack": ("faces", "shark"), "d21-shark-bite": ("face", "shark"), "d21-octopus": ("face", "octopus"),
    "d21-plank": ("face", "d6"), "d21-paranoia": ("face", "placement"), "d21-flare": ("faces", "placement"),
    "d21-plank-spot": ("face", "placement"), "d21-bottle": ("face", "placement"), "d21-jellyfish": ("faces", "placement"),
    "d21-scruffs": ("face", "green"), "d21-hope": ("faces", "placement"), "d21-fishing": ("face", "placement"),
    "d21-tentacle": ("white", "white"),  # or the defence roll (placement die): see field_of
    "d21-horvath": ("face", "placement"), "d21-kid": ("face", "placement"), "d21-swap": ("faces", "placement"),
    "d21-play-card": ("faces", "d6"), "d21-day21": ("face", "placement"),  # day 21: the kite die for a kite roll
}
DAY21_ROLLS = ("flare", "shout", "diva", "kite")  # day 21's moves that roll a die (exhaustion, Rosina, the end do not)
ATTACKS = ("d21-shark-attack", "d21-shark-bite", "d21-tentacle")  # the Dolphin keeps away; Pjotr may cancel a wound
HELPS = ("aleta", "token", "scruffs", "special", "dolphin", "professor", "pjotr")
SPECIAL_STEP = {"plusminus1-a": 1, "plusminus1-b": 1, "plusminus2": 2}

SAY = {
    "accepted": N_("{text!r}: accepted: aleta [FACE], reroll [SEAT] [FACE], scruffs [FACE], special SEAT ±1|±2 FACE, "
                   "dolphin SEAT, professor [FACE], pjotr (a die other than the first: N:FACE, e.g. 2:5); Enter applies the die"),
    "which_die": N_("die {n}: this roll has {m} dice"),
    "face": N_("face {face!r}: the {die} shows one of {faces}"),
    "step": N_("{face!r}: the ±{step} token changes {old} by {step} up or down (6 and 1 wrap): {items}"),
    "no_num": N_("the {die} shows words, not numbers: it is not turned or changed by ±"),
    "shows": N_("The die shows {faces}."),
}


def field_of(inner: dict) -> str | None:
    """The field of a stored procedure that holds the die the table may change (None: no such die)."""
    kind = inner.get("kind")
    if kind == "d21-tentacle":
        return "white" if inner.get("defence") is None else "defence"
    if kind == "d21-day21" and inner.get("what") not in DAY21_ROLLS:
        return None
    return SPEC[kind][0] if kind in SPEC else None


def die_of(inner: dict) -> str:
    if inner.get("kind") == "d21-tentacle" and field_of(inner) == "defence":
        return "placement"
    if inner.get("kind") == "d21-day21" and inner.get("what") == "kite":
        return "kite"
    return SPEC[inner["kind"]][1]


def numeric(cat: GameCatalog, die: str) -> bool:
    """The die shows numbers (a ± token or the Dolphin can turn it); the octopus and kite dice show pictures."""
    return all(isinstance(f, int) for p in _parts(cat, die) for f in p.faces)


def _virtual(v: Any) -> bool:
    return v is None or v == ROLL


def faces_of(inner: dict) -> list | None:
    """The faces as one list, one item per die (a shark die as (outer, inner)); None: to be rolled."""
    field = field_of(inner)
    v = inner.get(field) if field else None
    if v is None or _virtual(v):
        return None
    if inner["kind"] == "d21-shark-attack":
        return [tuple(p) for p in v]
    if inner["kind"] == "d21-shark-bite":
        return [tuple(v)]
    return list(v) if isinstance(v, (list, tuple)) else [v]


def put(inner: dict, faces: list) -> dict:
    """The stored procedure with these faces in its field."""
    field = field_of(inner)
    out = dict(inner)
    v = inner.get(field)
    if inner["kind"] == "d21-shark-attack":
        out[field] = [list(p) for p in faces]
    elif inner["kind"] == "d21-shark-bite":
        out[field] = list(faces[0])
    elif isinstance(v, (list, tuple)) or (_virtual(v) and field == "faces"):
        out[field] = list(faces)
    else:
        out[field] = faces[0]
    return out


def face_word(face) -> str:
    return "/".join(map(str, face)) if isinstance(face, (tuple, list)) else str(face)


def shown_text(shown: dict) -> str:
    return ",".join(face_word(f) for f in shown.get("faces") or [])


def _parts(cat: GameCatalog, die: str):
    return cat.die(die).parts


def _roll(t: Table, cat: GameCatalog, die: str):
    parts = _parts(cat, die)
    rng = t.rng()
    got = tuple(rng.choice(list(p.faces)) for p in parts)
    return got if len(got) > 1 else got[0]


def _records(cat: GameCatalog, die: str, face, typed: bool) -> list:
    if isinstance(face, (tuple, list)):
        if len(face) == 1:
            return [dice_records.record(die, face[0], typed, "inner")]
        return dice_records.of_die(cat, die, face, typed)
    return [dice_records.record(die, face, typed)]


def parse_face(cat: GameCatalog, die: str, text: str, like=None):
    """A typed face of this die: a number, a word (the octopus die) or outer/inner (the shark die)."""
    parts = _parts(cat, die)
    bits = str(text).strip().lower().split("/")
    n = len(like) if isinstance(like, (tuple, list)) else len(parts)
    if len(bits) != n:
        raise UsageError(_(SAY["face"]).format(face=text, die=die, faces="/".join("|".join(map(str, dict.fromkeys(p.faces))) for p in parts[-n:])))
    out = []
    for bit, part in zip(bits, parts[-n:]):
        value: Any = int(bit) if bit.isdecimal() else bit
        if value not in part.faces:
            raise UsageError(_(SAY["face"]).format(face=text, die=die, faces=", ".join(map(str, dict.fromkeys(part.faces)))))
        out.append(value)
    return tuple(out) if isinstance(like, (tuple, list)) or len(parts) > 1 else out[0]


# -- which changes the rules allow now ----------------------------------------------------------------


def _reroll_token(t: Table) -> list[str]:
    return [s for s in living(t) if (tok := (d21(t).get("ability") or {}).get(s)) and not tok["used"] and tok["id"] == "reroll"]


def _scruffs_ok(t: Table) -> bool:
    act = (d21(t).get("scruffs") or {}).get("active")
    dog = next((s for s in living(t) if is_scruffs(t, s)), None)
    return bool(act and act.get("last") != day(t) and (dog is None or t.visible(dog) >= 5))


def offers(t: Table, cat: GameCatalog, inner: dict, shown: dict | None = None) -> list[str]:
    """The changes the rules allow for this die now, each as the table types it."""
    kind = inner.get("kind")
    out = []
    al = seat_of(t, "aleta")
    if al and hope(t, al) >= 2 and t.visible(al) >= 4:
        out.append("aleta")
    if _reroll_token(t):
        out.append("reroll")
    if _scruffs_ok(t):
        out.append("scruffs")
    faces = (shown or {}).get("faces") or faces_of(inner) or []
    num = numeric(cat, die_of(inner))
    sp = [k for k, v in (d21(t).get("special") or {}).items() if v != "used"]
    if num and sp and day(t) < 21 and any(hope(t, s) >= 1 for s in living(t) if not is_scruffs(t, s)):
        out.append("special")
    flipped = len(faces) == 1 and ((shown or {}).get("used") or [None])[-1] == "dolphin"  # again would turn it back
    if num and str(d21(t).get("swap") or "").startswith("dolphin") and kind not in ATTACKS and kind != "d21-scruffs" \
            and any(not isinstance(f, (tuple, list)) for f in faces or [1]) and not flipped:
        from .abilities import in_attack

        if not in_attack(t):
            out.append("dolphin")
    if kind == "d21-octopus" and not (shown or {}).get("professor"):
        from .attacks import professor_at_octopus

        prof = professor_at_octopus(t)
        if prof and hope(t, prof) >= 2 and not (flow(t).get("octopus") or {}).get("face"):
            out.append("professor")
    pj = seat_of(t, "pjotr")
    if kind in ATTACKS and pj and hope(t, pj) >= 2 and not (shown or {}).get("pjotr"):
        out.append("pjotr")
    return out


# -- one change ------------------------------------------------------------------------------------------

FACE_RE = re.compile(r"^(?:(\d+):)?([0-9]+(?:/[0-9]+)?|[a-z]+)$")


def parse_help(t: Table, text: str) -> tuple[str, str, int, str]:
    """What the table typed after seeing the die ('use aleta 5', 'reroll red 2:4', 'special red ±1 5',
    'dolphin blue', 'pjotr') as (what, seat, die, face); face '' is a virtual reroll."""
    bits = str(text).strip().lower().split()
    if bits and bits[0] in ("use", "použij"):
        bits = bits[1:]
    if not bits:
        raise UsageError(_(SAY["accepted"]).format(text=text))
    what = {"token": "token", "reroll": "token", "magnusson": "professor", "prof": "professor"}.get(bits[0], bits[0])
    if what not in HELPS:
        raise UsageError(_(SAY["accepted"]).format(text=text))
    rest = bits[1:]
    seat = ""
    token = ""
    if rest and what in ("token", "special", "dolphin"):
        try:
            seat = ty.seat_of_word(t, rest[0])
            rest = rest[1:]
        except UsageError:
            if what == "special":
                raise
    if what == "special":
        if not rest:
            raise UsageError(_(SAY["accepted"]).format(text=text))
        token, rest = rest[0], rest[1:]
    die, face = 1, ""
    if rest:
        m = FACE_RE.match(rest[0])
        if len(rest) > 1 or not m:
            raise UsageError(_(SAY["accepted"]).format(text=text))
        if what == "dolphin" and m.group(2).isdecimal() and not m.group(1):
            die = int(m.group(2))  # the Dolphin turns a die: which one
        else:
            die, face = int(m.group(1) or 1), m.group(2)
    return (what, seat, die, token + ("=" if token else "") + face) if what == "special" else (what, seat, die, face)


def apply_help(t: Table, cat: GameCatalog, shown: dict, help_: tuple) -> str:
    """One change to the die shown: its price paid, the token used, the face changed; what it did, in words."""
    from .abilities import Dolphin, SpecialHope
    from .attacks import professor_at_octopus

    what, seat, die_n, face = (tuple(help_) + ("", "", 1, ""))[:4]
    die_n = int(die_n or 1)
    faces = shown["faces"]
    kind = shown["inner"]["kind"]
    if not 1 <= die_n <= len(faces):
        raise UsageError(_(SAY["which_die"]).format(n=die_n, m=len(faces)))
    i = die_n - 1
    old = faces[i]
    die = shown["dice"][i]
    new = old
    rolled = False
    if what == "aleta":
        al = seat_of(t, "aleta")
        if al is None:
            raise RuleError(_("Aleta is not on the raft"))
        if t.visible(al) < 4:
            raise RuleError(_("Aleta's visible strength is {strength}: her reroll needs 4 or more").format(strength=t.visible(al)))
        pay_hope(t, al, 2, _("Aleta's reroll"))
        rolled, say = True, _("Aleta pays 2 hope and rerolls")
    elif what == "token":
        holders = _reroll_token(t)
        seat = seat or (holders[0] if len(holders) == 1 else "")
        if seat not in holders:
            raise RuleError(_("an unused reroll token is held by: {items}").format(items=", ".join(holders) or "-"))
        d21(t)["ability"][seat]["used"] = True
        rolled, say = True, _("{who}'s ability token: a reroll").format(who=name(t, cat, seat))
    elif what == "scruffs":
        from .scruffs import ScruffsUse

        dog = next((s for s in living(t) if is_scruffs(t, s)), None)
        if dog is not None and t.visible(dog) <= 4:
            raise RuleError(_("Scruffs shows visible strength {n}: his tokens are used only at 5 or 6 (EN § Scruffs Up!: at 4 or less, no Scruffs token)").format(n=t.visible(dog)))
        act = (d21(t).get("scruffs") or {}).get("active") or {}
        card = str(act.get("card") or "")
        if card and not card.startswith("rerolls"):
            new = _changed(cat, die, old, face, 1)
        else:
            rolled = True
        ScruffsUse().run(t, cat)
        say = _("Scruffs' token: a reroll") if rolled else _("Scruffs' token: {old} becomes {new}").format(old=face_word(old), new=face_word(new))
    elif what == "special":
        token, _eq, face = face.partition("=")
        sp = d21(t).get("special") or {}
        step = {"1": 1, "±1": 1, "+1": 1, "-1": 1, "2": 2, "±2": 2, "+2": 2, "-2": 2}.get(token)
        if step is not None:
            token = next((k for k, v in sp.items() if v != "used" and SPECIAL_STEP.get(k) == step), token)
        step = SPECIAL_STEP.get(token, 1)
        new = _changed(cat, die, old, face, step)
        SpecialHope(seat, token).run(t, cat)
        say = _("{who} spends the ±{step} token: {old} becomes {new}").format(who=name(t, cat, seat), step=step, old=face_word(old), new=face_word(new))
    elif what == "dolphin":
        from .abilities import in_attack

        if kind == "d21-scruffs":
            raise RuleError(_("the Dolphin does not help with Scruffs' rolls (EN § Scruffs Up!)"))
        if kind in ATTACKS or in_attack(t):
            raise RuleError(_("the Dolphin keeps away from shark and octopus attacks"))
        if isinstance(old, (tuple, list)) or not isinstance(old, int):
            raise RuleError(_(SAY["no_num"]).format(die=die))
        seat = seat or shown.get("owner") or ""
        if not seat:
            raise UsageError(_("dolphin: name who rolled the die and pays 3 strength, e.g. dolphin red"))
        Dolphin(seat, old).run(t, cat)
        new = 7 - old
        say = _("{who} pays 3 strength to the Dolphin: {old} becomes {new}").format(who=name(t, cat, seat), old=old, new=new)
    elif what == "professor":
        if kind != "d21-octopus":
            raise RuleError(_("the Professor rerolls only the octopus die"))
        prof = professor_at_octopus(t)
        if prof is None:
            raise RuleError(_("only Prof. Magnusson with his die on the Octopus location rerolls the octopus die"))
        if shown.get("professor"):
            raise RuleError(_("the Professor rerolls the octopus die once, before the fight"))
        pay_hope(t, prof, 2, _("the Professor's reroll"))
        shown["professor"] = True
        rolled, say = True, _("The Professor pays 2 hope and rerolls")
    elif what == "pjotr":
        pj = seat_of(t, "pjotr")
        if kind not in ATTACKS:
            raise RuleError(_("Pjotr cancels only a wound from a shark or the octopus"))
        if pj is None or hope(t, pj) < 2:
            raise RuleError(_("Pjotr is not on the raft with 2 hope"))
        shown["pjotr"] = True
        return _("Pjotr will cancel the wound this die deals, for 2 hope.")
    else:
        raise UsageError(_(SAY["accepted"]).format(text=what))
    if rolled:
        typed = bool(face) and face != ROLL
        new = parse_face(cat, die, face, like=old) if typed else _roll(t, cat, die)
        if isinstance(old, tuple) and len(old) == 1 and not isinstance(new, tuple):
            new = (new,)
        shown["records"] = [*shown["records"], *_records(cat, die, new, typed)]
        say += ": " + face_word(new)
    faces[i] = list(new) if isinstance(new, tuple) else new
    shown.setdefault("used", []).append(what)
    return say + "."


def _changed(cat: GameCatalog, die: str, old, text: str, step: int):
    """The face a ±step change makes of `old`: the one typed, held to old ± step with 6 and 1 wrapping (a
    shark die: one of its parts changed)."""
    if not all(isinstance(v, int) for v in (old if isinstance(old, (tuple, list)) else (old,))):
        raise RuleError(_(SAY["no_num"]).format(die=die))

    def near(v):
        return sorted({(v - 1 + step) % 6 + 1, (v - 1 - step) % 6 + 1})

    if isinstance(old, (tuple, list)):
        ok = [tuple(old[:k]) + (n,) + tuple(old[k + 1:]) for k in range(len(old)) for n in near(old[k])]
    else:
        ok = near(old)
    if not text:
        raise UsageError(_(SAY["step"]).format(face="", step=step, old=face_word(old), items=", ".join(face_word(x) for x in ok)))
    new = parse_face(cat, die, text, like=old)
    if new not in ok:
        raise RuleError(_(SAY["step"]).format(face=text, step=step, old=face_word(old), items=", ".join(face_word(x) for x in ok)))
    return new


# -- the actions ----------------------------------------------------------------------------------------


def _inner(d: dict) -> Action:
    from ...actions import from_dict

    return from_dict(d)


def show(t: Table, cat: GameCatalog, inner: dict, dice: tuple[str, ...] = (), owner: str | None = None) -> dict:
    """The die shown, before anything is applied: flow["shown"] (the faces typed, or rolled now)."""
    if inner.get("kind") not in SPEC or field_of(inner) is None:
        raise UsageError(_("{kind}: no die the table may change after it shows").format(kind=inner.get("kind")))
    faces = faces_of(inner)
    virtual = faces is None
    die = die_of(inner)
    if faces is None:
        faces = [_roll(t, cat, d or die) for d in (dice or (die,))]
    dice_ids = [d or die for d in dice] if dice and len(dice) == len(faces) else [die] * len(faces)
    trial = t.copy()  # the faces must be ones the procedure takes (bad input is refused before anything shows)
    _inner(put(inner, faces)).run(trial, cat)
    recs = [r for f, d in zip(faces, dice_ids) for r in _records(cat, d, f, not virtual)]
    shown = {"inner": inner, "faces": [list(f) if isinstance(f, tuple) else f for f in faces], "dice": dice_ids,
             "records": recs, "virtual": virtual, "owner": owner, "used": []}
    flow(t)["shown"] = shown
    return shown


def finish(t: Table, cat: GameCatalog, shown: dict, to=None, anchor_to=None) -> dict:
    """The procedure applied with the faces as they stand; the dice recorded: those first shown and the
    rerolls' new faces."""
    from .attacks import PjotrCancel

    flow(t).pop("shown", None)
    inner = put(shown["inner"], [tuple(f) if isinstance(f, list) else f for f in shown["faces"]])
    if to is not None:
        inner["to"] = list(to)
    if anchor_to is not None:  # flares: who gets the anchor's hope tokens (the table's choice)
        inner["anchor_to"] = list(anchor_to)
    if shown.get("virtual"):  # castaway rolled: an empty spot's colour tokens are dropped virtually too
        if inner["kind"] == "d21-shark-attack" and not inner.get("tokens"):
            inner["tokens"] = [ROLL]
        elif inner["kind"] == "d21-shark-bite" and inner.get("token") is None:
            inner["token"] = ROLL
    action = _inner(inner)
    if shown.get("professor"):  # the octopus die rerolled: the Professor's own step is not asked again
        flow(t)["octopus"] = {"face": "rerolled", "rerolled": False}
    res = action.run(t, cat)
    res = dict(res) if isinstance(res, dict) else {"value": res}
    if shown.get("pjotr") and flow(t).get("wound"):
        res["say"] = (res.get("say", "") + " " + PjotrCancel(True).run(t, cat)["say"]).strip()
    res[dice_records.KEY] = list(shown["records"])
    return res


def _seat_of_inner(inner: dict, t: Table | None = None) -> str | None:
    """Whose die it is (the Dolphin's payer by default): the seat the procedure names, else Horvath's or the
    Kid's own die."""
    for key in ("seat", "who"):
        if isinstance(inner.get(key), str):
            return inner[key]
    seats = inner.get("seats")
    if isinstance(seats, (list, tuple)) and len(seats) == 1:
        return seats[0]
    own = {"d21-horvath": "horvath", "d21-kid": "kid"}.get(inner.get("kind", ""))
    if own and t is not None:
        return seat_of(t, own)
    if t is not None:  # a location's die: the one survivor placed there (Rosina's fishing on day 21)
        place = str(inner.get("kind", "")).removeprefix("d21-")
        there = [p[0] for p in flow(t).get("placements") or () if len(p) > 1 and p[1] == place]
        if len(there) == 1:
            return there[0]
    return None


@register
@frozen
class DieShown(Action):
    """The guided game: the die typed (or rolled now) is shown; nothing is applied until DieApply."""

    kind: ClassVar[str] = "d21-die-shown"
    inner: dict | None = None  # the procedure as it would be recorded, with the faces typed (None: virtual)
    dice: tuple[str, ...] = ()  # the dice asked for (to roll them virtually)
    owner: str | None = None  # whose die it is, when one survivor rolled it (the Dolphin's payer)

    def text(self) -> str:
        return _("{line}: the die shows").format(line=_inner(self.inner or {}).text())

    def run(self, t: Table, cat: GameCatalog):
        if flow(t).get("shown"):
            raise RuleError(_("a die is already shown: apply it first"))
        shown = show(t, cat, dict(self.inner or {}), self.dice, self.owner or _seat_of_inner(self.inner or {}, t))
        return {"faces": list(shown["faces"])}  # the step that follows says what the die shows


@register
@frozen
class DieHelp(Action):
    """A change to the die shown: (what, seat, die, face) as parse_help reads it."""

    kind: ClassVar[str] = "d21-die-help"
    help: tuple[str, ...] = ()

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, text: str) -> "DieHelp":
        return cls(tuple(str(x) for x in parse_help(t, text)))

    def text(self) -> str:
        what, seat, die, face = (tuple(self.help) + ("", "", "1", ""))[:4]
        return _("after the die: {what}").format(what=" ".join(x for x in (what, seat, f"{die}:{face}" if str(die) != "1" else face) if x))

    def run(self, t: Table, cat: GameCatalog):
        shown = flow(t).get("shown")
        if not shown:
            raise RuleError(_("no die is shown now"))
        say = apply_help(t, cat, shown, self.help)
        return {"faces": list(shown["faces"]), "say": say}  # the step that follows says what the die shows now


@register
@frozen
class DieApply(Action):
    """The die shown is applied: the procedure runs with the faces as they stand (to: who gets the hope or
    fish, when the table shares them otherwise than castaway; anchor_to: who gets the anchor's hope tokens
    when flares reach it)."""

    kind: ClassVar[str] = "d21-die-apply"
    inner: dict | None = None  # the procedure with the faces applied (its line in the history)
    to: tuple[str, ...] | None = None
    anchor_to: tuple[str, ...] | None = None

    def text(self) -> str:
        return _inner(self.inner).text() if self.inner else _("the die shown is applied")

    def run(self, t: Table, cat: GameCatalog):
        shown = flow(t).get("shown")
        if not shown:
            raise RuleError(_("no die is shown now"))
        return finish(t, cat, shown, self.to, self.anchor_to)


@register
@frozen
class AfterDie(Action):
    """A procedure and the changes the table made to its die once it showed, in one go (a command's --use)."""

    kind: ClassVar[str] = "d21-after-die"
    inner: dict | None = None
    helps: tuple[tuple[str, ...], ...] = ()

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, inner: Action, uses=()) -> "AfterDie":
        if inner.kind not in SPEC:
            raise UsageError(_("--use: {line} has no die the table may change").format(line=inner.text()))
        d = inner.to_dict()
        if faces_of(d) is None:
            raise UsageError(_("--use: type the faces the dice showed first (--faces or --face), then what changed them"))
        return cls(d, tuple(tuple(str(x) for x in parse_help(t, u)) for u in uses))

    def text(self) -> str:
        helps = "; ".join(" ".join(x for x in h if x and x != "1") for h in self.helps)
        return _("{line}, then {helps}").format(line=_inner(self.inner or {}).text(), helps=helps) if helps else _inner(self.inner or {}).text()

    def run(self, t: Table, cat: GameCatalog):
        shown = show(t, cat, dict(self.inner or {}), owner=_seat_of_inner(self.inner or {}, t))
        says = [apply_help(t, cat, shown, h) for h in self.helps]
        res = finish(t, cat, shown)
        res["say"] = " ".join([*says, res.get("say", "")]).strip()
        return res
