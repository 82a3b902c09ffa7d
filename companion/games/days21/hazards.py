"""21 Days: the hazards that are not attacks: a jellyfish swarm (and the Kite expansion's dive for a
suitcase), Paranoia, a lost plank (and one put back), the die the octopus steals.

Typed faces or None for virtual dice; results keep every face and say what happened.
"""

from __future__ import annotations

from typing import ClassVar

from ... import rolls as dice_records
from ...action_base import Action, register, typed_faces
from ...catalog import GameCatalog
from ...errors import Next, RuleError, UsageError
from ...i18n import N_, _
from ...lognames import card
from ...table import Table
from ...valuetype import frozen
from . import typed as ty
from .core import DRAW, DRAW_WORDS, ROLL, colour_token, d21, done, flow, hope, is_scruffs, living, lose, name, pay_hope, physical_decks, raft, take_hope, take_pick
from .names import seat

WHO_BIT = N_("who {value}")


# -- jellyfish, paranoia, planks, the stolen die ---------------------------------------------------


def parse_challenges(text: str) -> list[tuple[str, int]]:
    bits = [b.strip() for b in str(text).replace(" ", ",").split(",") if b.strip()]
    out = []
    for b in bits:
        if len(b) != 2 or b[0] not in "<>" or not b[1].isdecimal() or not 1 <= int(b[1]) <= 6:
            raise UsageError(_("jellyfish challenges {text!r}: {b!r} should be >N or <N with N 1..6, e.g. >1,>2,<3,<4").format(text=text, b=b))
        out.append((b[0], int(b[1])))
    if len(out) != 4:
        raise UsageError(_("jellyfish challenges {text!r}: a card has 4 challenges, {n} given").format(text=text, n=len(out)))
    return out


def jelly_card(t: Table, cat: GameCatalog, card: str | None, challenges=None) -> tuple[str, list | None]:
    """Draw the top jellyfish card (virtual: None or ROLL) or record the one drawn (its id); a card no
    rulebook shows comes with its challenges typed instead ((op, n) pairs)."""
    deck = t.deck("jellyfish")
    if challenges:
        return "typed", check_challenges(challenges)
    if card is None or card == ROLL:
        if not deck["draw"]:
            deck["draw"], deck["discard"] = deck["discard"], []
        cid = deck["draw"][0]
    else:
        cid = card
        cat.deck("jellyfish").card(cid)
    spec = cat.deck("jellyfish").card(cid.split(":")[0])
    ch = spec.get("challenges")
    return cid, [(c[0], int(c[1])) for c in ch] if ch else None


def check_challenges(challenges) -> list[tuple[str, int]]:
    out = [(str(op), int(n)) for op, n in challenges]
    shown = ",".join(f"{op}{n}" for op, n in out)
    for op, n in out:
        if op not in ("<", ">") or not 1 <= n <= 6:
            raise UsageError(_("jellyfish challenges {text!r}: {b!r} should be >N or <N with N 1..6, e.g. >1,>2,<3,<4").format(text=shown, b=f"{op}{n}"))
    if len(out) != 4:
        raise UsageError(_("jellyfish challenges {text!r}: a card has 4 challenges, {n} given").format(text=shown, n=len(out)))
    return out


def swim(t: Table, cat: GameCatalog, seat: str, challenges, faces: list[int]) -> tuple[list[str], int]:
    says, fails = [], 0
    for (op, n), v in zip(challenges, faces):
        if seat not in living(t) or not t.alive(seat):
            break
        ok = v > n if op == ">" else v < n
        if not ok:
            fails += 1
            lose(t, seat, 1)
        says.append(f"{op}{n}: {v} {'ok' if ok else 'stung'}")
    return says, fails


@register
@frozen
class Jellyfish(Action):
    """A survivor falls among the jellyfish: the colour tokens pick who, the top card shows four
    challenges, each failed placement-die roll costs 1 visible strength. The card goes back, shuffled.

    who: a seat id, or None (the pick already made, else virtual); card: the card's id, ROLL to draw the top
    card virtually, None (the one already drawn, else virtual); challenges: the four challenges (op, n)
    read from a card no rulebook shows; faces: the 4 swim rolls (None: virtual); swim=False only draws.
    """

    kind: ClassVar[str] = "d21-jellyfish"
    who: str | None = None
    card: str | None = None
    faces: tuple[int, ...] | None = None
    swim: bool = True
    dive: bool = False
    challenges: tuple[tuple[str, int], ...] | None = None
    suitcase: str | None = None  # the suitcase token the diver turned up (kite, hope, empty; DRAW: castaway's)

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, who=None, card=None, faces=None, swim=True, dive=False, suitcase=None) -> "Jellyfish":
        """What the table typed: who fell in, the card (its id, 'roll', or its four challenges like
        '>1,>2,<3,<4'), the swim rolls."""
        challenges, cid = None, None
        if card is not None:
            raw = str(card).strip().lower()
            if any(ch in raw for ch in "<>"):
                challenges = tuple(parse_challenges(raw))
            elif raw == ROLL or raw in DRAW_WORDS:
                cid = ROLL
            elif raw:
                from . import draws

                cid = draws.typed_card(t, cat, "jellyfish", raw)
        return cls(ty.seat(t, who), cid, ty.faces(faces, _("jellyfish swim")), bool(swim), bool(dive), challenges, suitcase_word(cat, suitcase))

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        return cls.parse(t, cat, stored.get("who"), stored.get("card"), stored.get("faces"), stored.get("swim", True),
                         stored.get("dive", False), stored.get("suitcase")).to_dict()

    def text(self) -> str:
        typed = ",".join(f"{o}{n}" for o, n in self.challenges) if self.challenges else self.card
        bits = [x for x in (self.who and seat(self.who), card("jellyfish", typed), self.faces and _("table: {faces}").format(faces=",".join(map(str, self.faces)))) if x]
        if self.suitcase:
            bits.append(_("suitcase: {what}").format(what=_(SUITCASES[self.suitcase]) if self.suitcase in SUITCASES else self.suitcase))
        s = _("dive for a suitcase") if self.dive else _("jellyfish swarm")
        s = _("{line} ({bits})").format(line=s, bits=", ".join(bits)) if bits else s
        return s if self.swim else _("{line}: card").format(line=s)

    def run(self, t: Table, cat: GameCatalog):
        f = flow(t)
        if self.dive and f.get("suitcase"):  # back alive from the dive: the suitcase the table turned up
            return self._suitcase(t, cat, f["suitcase"])
        if not self.dive:
            take_pick(t, "jellyfish")
        j = f.setdefault("jelly", {})
        if self.who:
            j["who"] = ty.check_seat(t, self.who)
        if "who" not in j:
            j["who"] = f.pop("picked", None) or colour_token(t, cat, living(t), None)[0]
        if self.dive and not j.get("paid"):
            if d21(t).get("kite") is None:
                raise RuleError(_("the jellyfish location is part of the Kite expansion, not in this game"))
            if hope(t, j["who"]) < cat.rules["kite"]["cost"]:
                f.pop("jelly", None)
                done(t, "dive")
                return {"say": _("{who} cannot pay the {cost} hope: no dive.").format(who=name(t, cat, j['who']), cost=cat.rules['kite']['cost'])}
            pay_hope(t, j["who"], cat.rules["kite"]["cost"], _("a dive for a suitcase"))
            j["paid"] = j["dive"] = True
        if "card" not in j and not (self.card or self.challenges) and physical_decks(t):
            raise RuleError(_("which jellyfish card did the table turn up? The table says it: its number, name or id, its four challenges like >1,>2,<3,<4, or 'draw' (castaway draws)"),
                            next=Next("d21-jellyfish", {"drawn": True}, ("card",)))
        if self.card or self.challenges or "card" not in j:
            cid, ch = jelly_card(t, cat, self.card, self.challenges)
            if cid == "typed" and j.get("card") not in (None, "typed"):
                cid = j["card"]  # the challenges read from the card already drawn
            j["card"], j["challenges"] = cid, ch
        if j["challenges"] is None:
            if not self.swim:  # drawn; the table reads its challenges next
                return {"seat": j["who"], "card": j["card"],
                        "say": _("{who} falls in; card {card} is not described in the rulebooks: read its four challenges.").format(
                            who=name(t, cat, j["who"]), card=j["card"])}
            raise UsageError(_("jellyfish card {card!r} is not described in the rulebooks: type its four challenges, e.g. >2,<5,>3,<4").format(card=j['card']))
        seat = j["who"]
        if not self.swim:
            return {"seat": seat, "card": j["card"], "say": _("{who} falls in; card: {items}").format(who=name(t, cat, seat), items=", ".join(f"{o}{n}" for o, n in j["challenges"]))}
        vals, virtual = ty.dice(t, self.faces, 4, _("jellyfish swim"))
        says, fails = swim(t, cat, seat, j["challenges"], vals)
        deck = t.deck("jellyfish")
        if j["card"] != "typed" and j["card"] in deck["draw"]:
            deck["draw"].remove(j["card"])
            deck["draw"].append(j["card"])
            t.rng().shuffle(deck["draw"])
        f.pop("jelly", None)
        say = _("{who} swims: {items}. {fails} strength lost.").format(who=name(t, cat, seat), items="; ".join(says), fails=fails)
        if j.get("dive") and seat in living(t) and d21(t)["kite"]["suitcases"] and physical_decks(t) and self.suitcase is None:
            f["suitcase"] = seat  # the table turns a suitcase up: asked next
            say += " " + _("{who} reaches the suitcases: which one did they turn up?").format(who=name(t, cat, seat))
        elif j.get("dive") and seat in living(t):
            say += " " + open_suitcase(t, cat, seat, self.suitcase)
        if not f.get("suitcase"):
            done(t, "jellyfish", "dive")
        return dice_records.add({"seat": seat, "card": j["card"], "faces": vals, "fails": fails, "say": say},
                                ty.records("placement", vals, virtual))


    def _suitcase(self, t: Table, cat: GameCatalog, seat: str) -> dict:
        if self.suitcase is None:
            raise RuleError(_("which suitcase did {who} turn up? The table says it: kite, hope, empty, or 'draw' (castaway draws)").format(
                who=name(t, cat, seat)), next=Next("d21-jellyfish", {"dive": True, "who": seat, "opened": True}, ("suitcase",)))
        flow(t).pop("suitcase", None)
        done(t, "jellyfish", "dive")
        return {"seat": seat, "say": open_suitcase(t, cat, seat, self.suitcase)}


SUITCASES = {"kite": N_("a kite piece"), "hope": N_("a hope token"), "empty": N_("empty")}
SUITCASE_WORDS = {"kite": "kite", "drak": "kite", "hope": "hope", "naděje": "hope", "nadeje": "hope", "empty": "empty", "prázdný": "empty", "prazdny": "empty"}


def suitcase_word(cat: GameCatalog, text) -> str | None:
    """A suitcase token as typed: kite, hope, empty (or Czech drak, naděje, prázdný), or 'draw' (castaway
    draws); None when nothing is typed."""
    if text is None or not str(text).strip():
        return None
    raw = str(text).strip().lower()
    if raw in DRAW_WORDS or raw == ROLL:
        return DRAW
    if raw in SUITCASE_WORDS:
        return SUITCASE_WORDS[raw]
    raise UsageError(_("suitcase {text!r}: accepted: kite, hope, empty, or 'draw' (castaway draws)").format(text=text))


def open_suitcase(t: Table, cat: GameCatalog, seat: str, typed: str | None = None) -> str:
    """A suitcase turned up: the one the table turned (`typed`), or the top of castaway's shuffled ones."""
    kite = d21(t)["kite"]
    if not kite["suitcases"]:
        return _("No suitcases are left floating.")
    if typed in (None, DRAW):
        found = kite["suitcases"].pop(0)
    elif typed not in kite["suitcases"]:
        raise RuleError(_("no {what} suitcase is left floating; left: {items}").format(what=typed, items=", ".join(sorted(set(kite["suitcases"])))))
    else:
        kite["suitcases"].remove(typed)
        found = typed
    kite["found"].append(found)
    if found == "kite":
        t.data["counters"]["kite"] += 1
        return _("The suitcase holds a kite piece ({n} on the raft).").format(n=t.data['counters']['kite'])
    if found == "hope":
        t.data["pools"]["hope"]["supply"] += 1
        t.seat_values(seat)["hope"] = t.seat_values(seat).get("hope", 0) + 1
        return _("The suitcase holds a hope token: the supply grows by one and it is theirs.")
    return _("The suitcase is empty.")


@register
@frozen
class Paranoia(Action):
    """Paranoia: the colour tokens pick a survivor, whose placement die says how much strength they lose;
    they may pay their own hope, 1 per point, to keep it. pay None: ask before applying."""

    kind: ClassVar[str] = "d21-paranoia"
    who: str | None = None  # a seat id (None: the pick already made, else virtual)
    face: int | None = None  # the placement die (None: virtual)
    pay: int | None = None

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, who=None, face=None, pay=None) -> "Paranoia":
        return cls(ty.seat(t, who), ty.face(face, _("paranoia die")), None if pay is None else int(pay))

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        return cls.parse(t, cat, stored.get("who"), stored.get("face"), stored.get("pay")).to_dict()

    def text(self) -> str:
        return _("paranoia") + "".join(" " + _(k).format(value=seat(v) if k == WHO_BIT else v) for k, v in ((WHO_BIT, self.who), (N_("face {value}"), self.face), (N_("pays {value}"), self.pay)) if v is not None)

    def run(self, t: Table, cat: GameCatalog):
        f = flow(t)
        take_pick(t, "paranoia")
        p = f.setdefault("paranoia", {})
        if self.who:
            p["who"] = ty.check_seat(t, self.who, [s for s in living(t) if not is_scruffs(t, s)])
        if "who" not in p:
            humans = [s for s in living(t) if not is_scruffs(t, s)]
            p["who"] = f.pop("picked", None) or colour_token(t, cat, humans, None)[0]
        recs = []
        if "face" not in p:
            vals, virtual = ty.dice(t, None if self.face is None else (self.face,), 1, _("paranoia die"))
            p["face"] = vals[0]
            recs = ty.records("placement", vals, virtual)
        seat, face = p["who"], p["face"]
        if self.pay is None and hope(t, seat) > 0:
            return dice_records.add({"seat": seat, "faces": [face],
                    "say": _("{who} rolls {face}: pay up to {n} of their own hope to lose less.").format(who=name(t, cat, seat), face=face, n=min(face, hope(t, seat)))}, recs)
        pay = self.pay or 0
        if not 0 <= pay <= face:
            raise UsageError(_("pay {pay}: accepted: 0..{face}").format(pay=pay, face=face))
        if pay > hope(t, seat):
            raise RuleError(_("{seat} holds {hope} hope; only their own hope counts against Paranoia").format(seat=seat, hope=hope(t, seat)))
        take_hope(t, seat, pay)
        lose(t, seat, face - pay)
        f.pop("paranoia", None)
        done(t, "paranoia")
        return dice_records.add({"seat": seat, "faces": [face], "paid": pay,
                "say": _("{who} rolled {face}, paid {pay} hope, lost {n} strength.").format(who=name(t, cat, seat), face=face, pay=pay, n=face - pay)}, recs)


def lose_plank(t: Table, cat: GameCatalog, face: int) -> str:
    x = d21(t)
    side = "flare" if face % 2 == 0 else "bottle"
    order = [p for p in cat.rules["raft"][f"planks_{side}"] if p in x["planks"]]
    if not order:
        other = "bottle" if side == "flare" else "flare"
        order = [p for p in cat.rules["raft"][f"planks_{other}"] if p in x["planks"]]
    if not order:
        return _("No planks are left to lose.")
    plank = order[0]
    x["planks"].remove(plank)
    x.setdefault("lost_planks", []).append(plank)
    t.data["counters"]["planks"] = len(x["planks"])
    on = "flare" if plank in cat.rules["raft"]["planks_flare"] else "bottle"  # the rolled side may have none left
    i = cat.rules["raft"][f"planks_{on}"].index(plank) + 1
    say = _("Plank {i} from the outside drifts off ({part}).").format(i=i, part=_("even: flare side") if side == 'flare' else _("odd: bottle side"))
    spots = [s for s, p in cat.rules["raft"]["spot_plank"].items() if p == plank]
    for spot in spots:
        seat = raft(t).get(spot)
        raft(t)[spot] = None
        x.setdefault("lost_spots", []).append(spot)
        if seat and seat in living(t):
            free = [s for s, who in raft(t).items() if (who is None or who not in living(t)) and s not in x["lost_spots"]]
            if free:
                raft(t)[free[0]] = seat
                say += _(" {who} moves to spot {free}.").format(who=name(t, cat, seat), free=free[0])
            else:
                t.seat_values(seat)["strength"] = []
                say += _(" {who} has nowhere to hold on and drowns.").format(who=name(t, cat, seat))
    return say


def restore_plank(t: Table, cat: GameCatalog) -> str:
    x = d21(t)
    lost = x.get("lost_planks") or []
    if not lost:
        return _("No plank is missing.")
    plank = lost.pop()
    x["planks"].append(plank)
    t.data["counters"]["planks"] = len(x["planks"])
    for spot, p in cat.rules["raft"]["spot_plank"].items():
        if p == plank and spot in x.get("lost_spots", []):
            x["lost_spots"].remove(spot)
    return _("Plank {plank} is back on the raft (the drowned stay lost).").format(plank=plank)


@register
@frozen
class PlankLoss(Action):
    """A plank drifts off: an even roll takes one by the flares, odd one by the bottle; whoever sat on it
    moves to a free spot or drowns."""

    kind: ClassVar[str] = "d21-plank"
    face: int | None = None  # None: virtual

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, face=None) -> "PlankLoss":
        return cls(ty.face(face, _("plank die")))

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        return cls.parse(t, cat, stored.get("face")).to_dict()

    def text(self) -> str:
        s = _("plank lost")
        return typed_faces(s, self.face)

    def run(self, t: Table, cat: GameCatalog):
        vals, virtual = ty.dice(t, None if self.face is None else (self.face,), 1, _("plank die"))
        say = lose_plank(t, cat, vals[0])
        done(t, "plank")
        return dice_records.add({"faces": vals, "say": say}, ty.records("d6", vals, virtual))


@register
@frozen
class StealDie(Action):
    """The octopus steals a strength die for good from a survivor the colour tokens pick."""

    kind: ClassVar[str] = "d21-steal-die"
    who: str | None = None  # a seat id (None: the pick already made, else virtual)

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, who=None) -> "StealDie":
        return cls(ty.seat(t, who))

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        return cls.parse(t, cat, stored.get("who")).to_dict()

    def text(self) -> str:
        return _("octopus steals a die from {seat}").format(seat=seat(self.who)) if self.who else _("octopus steals a die")

    def run(self, t: Table, cat: GameCatalog):
        f = flow(t)
        take_pick(t, "steal-die")
        seat = ty.check_seat(t, self.who) if self.who else (f.pop("picked", None) or colour_token(t, cat, living(t), None)[0])
        vals = t.seat_values(seat)
        vals["strength"] = vals["strength"][1:]
        done(t, "steal-die")
        left = vals["strength"][0] if vals["strength"] else _("none: dead")
        return {"seat": seat, "say": _("The octopus takes a die from {who}; visible strength now {left}.").format(who=name(t, cat, seat), left=left)}
