"""Robinson Crusoe: the Action phase (§ IV): planning pawns, then resolving in the rulebook's order.

Gains wait in the Future Resources space until every action is resolved; costs are set aside from
the resources available when planning, so an action never pays with what another one just gained.
"""

from __future__ import annotations

from typing import ClassVar

from ... import rolls
from ...action_base import Action, faces_words, register, tuples
from ...catalog import GameCatalog
from ...colours import WORDS as COLOUR_WORDS
from ...colours import word as colour_word
from ...errors import CompanionError, Next, RuleError, UsageError
from ...i18n import N_, _
from ...lognames import character
from ...lognames import shown as shown_catalog
from ...lognames import word as shown_word
from ...table import Table
from ...valuetype import frozen
from . import resolving as K
from . import rules as R
from .changes import changes_words, parse_changes, upgrade_changes
from .held_dice import held, read_faces, roll
from .plan import PLAN_WORDS, check_owner, cost_of, kind_of, needs_dice, next_entry, next_planned, parse_plan, pawns_free, reserved, sort_plan
from .state import (
    ACTION,
    HELPERS,
    RESOURCE,
    check_tile,
    determination,
    expect,
    flow,
    goto,
    heal,
    label,
    mark_legacy,
    parse_tile,
    rc,
    say,
    shown,
    tile_words,
    weather_dice_for,
    who,
    wound_pawn,
)

SAY = {  # translated where they are said
    "helper_only": N_("{name}'s pawn only seconds an action (castaway's reading: the rulebook gives the dog and "
                      "additional pawns as second pawns; Friday, a character of his own, may act alone)"),
    "friday_not": N_("Friday keeps no determination tokens: {what} is for a player's character (Friday may take "
                     "any other action alone, or second one)"),
    "no_pawn": N_("{name} has no free pawn left this round"),
    "threat_pawns": N_("{card} needs {n} pawn(s) for its Threat Action, not {got}"),
}
PILE = {"build": N_("building"), "gather": N_("gathering"), "explore": N_("exploration")}


# -- planning ----------------------------------------------------------------------------------------


def plan_word(word: str) -> str:
    """One word of a plan while the log's line is shown (lognames): a pawn by its colour or its character's
    printed name, a resource in the table's words; as typed in the stored line."""
    if shown_catalog() is None:
        return word
    low = word.lower()
    if low in COLOUR_WORDS:
        return colour_word(low)
    return shown_word(low, RESOURCE) if low in RESOURCE else character(low) if character(low) != low else word


def plan_words(p: dict) -> str:
    """A typed plan (RcPlan's fields) as the table writes it, 'gather wood 3 red+friday fur wood=1 own'; while
    the log's line is shown, its action by the board's name and each other word by plan_word."""
    arg = str(p.get("arg") or "")
    bits = [shown_word(p["what"], ACTION)] + [plan_word(a) for a in arg.split("@") if a]
    bits += [plan_word(p["by"]) + (f"+{plan_word(p['helper'])}" if p.get("helper") else "")]
    cost = ",".join(f"{k}={v}" for k, v in p.get("cost") or ())
    bits += [b for b in (p.get("pay") and plan_word(p["pay"]), cost, "own" if p.get("own") else None) if b]
    return " ".join(bits)



@register
@frozen
class RcPlan(Action):
    """§ IV.i Planning: one action with its pawn(s) ('+' a second pawn: success without dice)."""

    kind: ClassVar[str] = "rc-plan"
    what: str  # a PLAN_WORDS word
    by: str  # a seat, or friday / dog / extra
    arg: str | None = None  # the Invention, the source gathered ('wood', 'wood@3': on tile 3), the tile explored
    helper: str | None = None  # the second pawn: a seat or a helper
    pay: str | None = None  # a building paid in 'wood' or 'fur'
    cost: tuple[tuple[str, int], ...] | None = None  # an Item's cost: (resource, n) pairs
    own: bool = False

    def fields(self) -> dict:
        return {"what": self.what, "by": self.by, "arg": self.arg, "helper": self.helper, "pay": self.pay,
                "cost": self.cost, "own": self.own}

    def text(self) -> str:
        return _("plan {what}").format(what=plan_words(self.fields()))

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, text: str) -> "RcPlan":
        """A plan as typed ('roof cook+cook fur'): the action, its pawns as seats, its cost."""
        expect(t, "action/plan")
        return cls(**parse_plan(t, cat, text))

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        return cls(**_typed_plan(t, cat, stored)).to_dict()

    def run(self, t: Table, cat: GameCatalog):
        expect(t, "action/plan")
        r, c, f = rc(t), t.data["counters"], t.data["flags"]
        if self.what not in PLAN_WORDS:
            raise UsageError(_("plan {what!r}: accepted: {accepted}").format(what=self.what, accepted=", ".join(PLAN_WORDS)))
        by = check_owner(t, self.by)
        if by in HELPERS and by != "friday":
            raise RuleError(_(SAY["helper_only"]).format(name=who(t, cat, by)))
        if by == "friday" and (self.what == "arrange" or self.own):
            raise RuleError(_(SAY["friday_not"]).format(what=_("arranging the camp") if self.what == "arrange"
                                                        else _("a character's own Invention")))
        helper = check_owner(t, self.helper) if self.helper else None
        need = {by: 1}
        if helper:
            need[helper] = need.get(helper, 0) + 1
        for owner, n in need.items():
            if pawns_free(t, owner) < n:
                raise RuleError(_(SAY["no_pawn"]).format(name=who(t, cat, owner)))
        pawns = 1 + bool(helper)
        what, arg = self.what, self.arg
        planned = [p["what"] + str(p.get("arg")) for p in r["plan"]]
        if what.startswith("threat"):
            slot = 0 if what == "threat-left" else 1
            card = r["threat"][slot]
            if card is None:
                raise RuleError(_("the {space} threat space is empty").format(space=what[7:]))
            if what + "None" in planned:
                raise RuleError(_("{card} is already planned: each Threat Action once").format(card=shown(card["name"])))
            if card.get("icon") != "wreckage" and pawns != card["pawns"]:
                raise RuleError(_(SAY["threat_pawns"]).format(card=shown(card["name"]), n=card["pawns"], got=pawns))
        elif what == "hunt":
            if c["hunting"] < 1:
                raise RuleError(_("no Beast card in the Hunting deck yet: explore a tile with a Beast icon first"))
            if not helper:
                raise RuleError(_("hunting always takes 2 pawns: add a second, e.g. 'hunt cook+cook'"))
        elif what == "shelter" and f["shelter"] == "built":
            raise RuleError(_("the Shelter is built already and cannot be lost"))
        elif what in ("roof", "palisade") and f["shelter"] != "built" and not f["camp-shelter"]:
            raise RuleError(_("a {what} needs a Shelter: build one, or camp on a tile that shows one").format(what=what))
        elif what == "item":
            built = [i["name"].lower() for i in r["items"]] + [n.lower() for n in r["future_items"]]
            if arg in built or what + str(arg) in planned:
                raise RuleError(_("{item} is built or planned already: each Item once (unless lost)").format(item=arg))
        elif what == "gather":
            source, _at, tile = (arg or "").partition("@")
            if source not in ("food", "wood"):  # parse_plan holds it so; a plan given as fields is held here
                raise UsageError(_("plan {text!r}: gather food or wood, e.g. 'gather wood 3 cook' (3: the tile)").format(text=plan_words(self.fields())))
            if tile and tile == r["camp"]:
                raise RuleError(_("tile {tile} holds the camp: its sources produce in the Production phase, no gathering there").format(tile=tile))
            if what + str(arg) in planned:
                raise RuleError(_("that source ({source}) is already gathered this round: once per source").format(source=arg))
        elif what in ("arrange", "rest") and helper:
            raise RuleError(_("{what} takes one pawn; each pawn there is resolved on its own").format(what=what))
        if self.pay and what not in ("shelter", "roof", "palisade"):
            raise UsageError(_("paying in {pay} is for the Shelter, a Roof or a Palisade").format(pay=self.pay))
        reserve = cost_of(t, cat, what, self.pay, self.cost)
        held = reserved(t)
        for res, n in reserve.items():
            if held.get(res, 0) + n > c[res]:
                alt = ""
                if what in ("shelter", "roof", "palisade"):
                    k = str(len(t.seats))
                    alt = _(" ({wood} wood or {furs} furs, never mixed)").format(
                        wood=cat.rules["shelter_cost"]["wood"][k], furs=cat.rules["shelter_cost"]["fur"][k])
                raise RuleError(_("{what} needs {n} {res}{alt} set aside; available {have}, already set aside "
                                  "{held} (resources gained this phase cannot be used)")
                                .format(what=what, n=n, res=res, alt=alt, have=c[res], held=held.get(res, 0)))
        r["plan"].append({"what": what, "arg": arg, "by": by, "helper": helper, "reserve": reserve,
                          "own": self.own, "done": False})
        if what in ("shelter", "roof", "palisade") and not self.pay:
            other = "fur" if "wood" in reserve else "wood"
            k = str(len(t.seats))
            if c[other] - held.get(other, 0) >= int(cat.rules["shelter_cost"][other][k]):
                paid_other = _("or pay {n} {res} instead: add '{word}' to the plan").format(
                    n=cat.rules["shelter_cost"][other][k], res=_(RESOURCE[other]), word=other)
            else:
                paid_other = ""
        else:
            paid_other = ""
        how = _("sure success (2 pawns)") if helper and kind_of(r["plan"][-1]) in ("build", "gather", "explore") else \
            _("rolls 3 action dice") if needs_dice(r["plan"][-1]) else ""
        cost = ", ".join(f"{n} {_(RESOURCE.get(k, k))}" for k, n in reserve.items())
        return say([label(t, cat, r["plan"][-1]), how, _("sets aside {cost}").format(cost=cost) if cost else "", paid_other])


@register
@frozen
class RcPlanDone(Action):
    """Every pawn is placed: resolve in the order threat, hunting, building, gathering, exploration,
    arranging the camp, rest."""

    kind: ClassVar[str] = "rc-plan-done"

    def text(self) -> str:
        return _("planning done")

    def run(self, t: Table, cat: GameCatalog):
        expect(t, "action/plan")
        r = rc(t)
        r["plan"] = sort_plan(r["plan"])
        if not r["plan"]:
            return say([_("no action this round")] + finish_actions(t, cat))
        goto(t, "action", "resolve")
        return say([_("{n} action(s) to resolve").format(n=len(r["plan"]))])


@register
@frozen
class RcPlans(Action):
    """Several planned actions in one answer of the guided game ('explore cook+friday; rest cook'), each
    checked as a single plan is; the planning ends with them when `finish` is set or when every pawn is
    placed (§ IV.ii: resolving starts after all players have assigned all their pawns)."""

    kind: ClassVar[str] = "rc-plans"
    plans: tuple[dict, ...] = ()  # each one RcPlan's fields
    finish: bool = False

    def text(self) -> str:
        return _("plan {what}").format(what="; ".join(map(plan_words, self.plans))) + ("; " + _("done") if self.finish else "")

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, texts, finish: bool = False) -> "RcPlans":
        """Several plans as typed ('explore cook+friday', 'rest cook'), each read as `parse_plan` reads one."""
        expect(t, "action/plan")
        plans = []
        for text in texts:
            try:
                plans.append(RcPlan.parse(t, cat, text).fields())
            except CompanionError as e:
                if repr(text) in str(e):  # the error quotes the plan already (parse_plan's own errors do)
                    raise
                raise type(e)(_("plan {text!r}: {error}").format(text=text, error=e)) from None
        return cls(tuple(plans), bool(finish))

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        return cls.parse(t, cat, stored.get("plans") or (), stored.get("finish", False)).to_dict()

    def run(self, t: Table, cat: GameCatalog):
        expect(t, "action/plan")
        lines = []
        for p in self.plans:
            try:
                lines.append(RcPlan(**{k: tuples(v) for k, v in p.items()}).run(t, cat)["say"])
            except CompanionError as e:
                if repr(plan_words(p)) in str(e):  # the error quotes the plan already
                    raise
                wrapped = type(e)(_("plan {text!r}: {error}").format(text=plan_words(p), error=e))
                if isinstance(e, RuleError) and isinstance(wrapped, RuleError):  # the same kind, its next kept
                    wrapped.next = e.next
                raise wrapped from None
        placed = all(pawns_free(t, o) <= 0 for o in [*t.seats, *HELPERS])
        if self.finish or placed:
            lines.append(RcPlanDone().run(t, cat)["say"])
        return say(lines)


# -- resolving ---------------------------------------------------------------------------------------


@register
@frozen
class RcResolve(Action):
    """§ IV.ii: resolve the next planned action. faces: the 3 action dice of a single pawn (typed, or
    None to roll); beast: the Beast card 'strength weapon-loss food furs [palisade]'; choice: in a
    4-player game, arranging the camp gives 'determination' or 'morale'; changes: what a Threat
    Action cost and gave."""

    kind: ClassVar[str] = "rc-resolve"
    faces: tuple[str, ...] | None = None  # the 3 action dice's faces (success, wound, adventure); None: rolled
    beast: tuple[int, ...] | None = None  # the Beast card: strength, weapon loss, food, furs[, palisade loss]
    choice: str | None = None  # 4 players arranging the camp: 'determination' or 'morale'
    changes: tuple[tuple, ...] | None = None  # what a Threat Action cost and gave (changes.parse_changes)
    legacy: bool = False  # a schema-3 row, replayed as then (state.LEGACY)

    def text(self) -> str:
        shown = (self.faces and faces_words(self.faces), self.beast and " ".join(map(str, self.beast)), self.choice,
                 self.changes is not None and changes_words(self.changes))
        extra = [_(k).format(value=v) for k, v in zip((N_("faces {value}"), N_("beast {value}"), N_("choice {value}"),
                                                        N_("changes {value}")), shown) if v]
        return _("resolve ({what})").format(what="; ".join(extra)) if extra else _("resolve")

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, faces: str | None = None, beast: str | None = None,
              choice: str | None = None, changes: str | None = None) -> "RcResolve":
        """What resolving was given, as typed (faces 's,0,a', beast '3 1 2 1', choice 'morale', changes
        'wood -1'), the faces read against the dice the next planned action rolls."""
        expect(t, "action/resolve", "action/held")
        p = next_planned(t)
        typed = None
        shown_dice = held(t)
        if shown_dice is not None and faces is not None and str(faces).strip().lower() not in ("", "roll"):
            raise RuleError(_("the dice show already ({faces}): apply them, or reroll a die").format(
                faces=", ".join(shown_dice["faces"])), next=Next("rc-resolve"))
        if faces is not None and str(faces).strip().lower() not in ("", "roll"):
            if not needs_dice(p):
                raise RuleError(_("{what} rolls no dice: no faces to type").format(what=label(t, cat, p)),
                                next=Next("rc-resolve"))
            typed = read_faces(cat, R.action_dice(kind_of(p)), faces)
        return cls(typed, K.beast(beast), choice.strip().lower() if choice else None,
                   None if changes is None else parse_changes(t, cat, changes))

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        p = next_entry(t)  # schema 3 left faces typed for an action that rolls none unread
        faces = stored.get("faces") if p is not None and needs_dice(p) else None
        changes = stored.get("changes")
        new = cls.parse(t, cat, faces, stored.get("beast"), stored.get("choice")).to_dict()
        new["changes"] = None if changes is None else upgrade_changes(t, cat, changes)
        new["legacy"] = True
        return new

    def run(self, t: Table, cat: GameCatalog):
        expect(t, "action/resolve", "action/held")
        mark_legacy(t, self.legacy)
        p = next_planned(t)
        k = kind_of(p)
        shown_dice = held(t)
        if shown_dice is not None and self.faces is not None:
            raise RuleError(_("the dice show already ({faces}): apply them, or reroll a die").format(
                faces=", ".join(shown_dice["faces"])), next=Next("rc-resolve"))
        for field, value, fits in (("--beast", self.beast, k == "hunt"), ("--choice", self.choice, k == "arrange"),
                                   ("--changes", self.changes, k == "threat")):
            if value and not fits:
                raise UsageError(_("{field} {value!r} does not fit the next action, {what}").format(field=field, value=value, what=p["what"]))
        if self.faces is not None and not needs_dice(p):
            raise RuleError(_("{what} rolls no dice: no faces to type").format(what=label(t, cat, p)), next=Next("rc-resolve"))
        lines = [label(t, cat, p)]
        pending: list[str] = []
        rolled: list[str] = []
        records: list = []
        if k == "threat":
            lines += K.threat(t, cat, p, self.changes)
        elif k == "hunt":
            lines += K.hunt(t, cat, p, self.beast)
        elif k in ("build", "gather", "explore"):
            ok = True
            if needs_dice(p) and shown_dice is not None:  # the dice held (rc-dice), recorded there
                faces = list(shown_dice["faces"])
            elif needs_dice(p):
                faces, records = roll(t, cat, list(R.action_dice(k)), self.faces)
                rolled = faces
            if needs_dice(p):
                ok, hurt, adventure = R.read_action_dice(faces)
                lines.append(_("dice: {faces}").format(faces=" ".join(_(f) for f in faces)))
                if hurt:
                    wound_pawn(t, p["by"], 1)
                    lines.append(_("{name} is wounded").format(name=who(t, cat, p["by"])))
                if not ok:
                    n = int(cat.rules["action_failure"]["determination"])
                    if determination(t, p["by"], n):
                        lines.append(_("it fails: {n} determination instead, nothing spent").format(n=n))
                    else:
                        lines.append(_("it fails: nothing spent (Friday keeps no determination)"))
                if adventure:
                    pending.append("adventure")
                    lines.append(_("Adventure! draw an Adventure card of the {pile} pile and resolve it").format(
                        pile=_(PILE[k])))
            if ok:
                if k == "build":
                    lines += K.build(t, cat, p)
                elif k == "gather":
                    res = str(p["arg"]).partition("@")[0]  # food or wood (RcPlan.run)
                    t.data["counters"][f"future-{res}"] += 1
                    lines.append(_("+1 {res} to Future Resources").format(res=_(RESOURCE[res])))
                else:
                    pending.insert(0, "tile")
                    lines.append(_("explored: draw the top Island tile and tell castaway what it shows"))
        elif k == "arrange":
            lines += K.arrange(t, cat, p, self.choice)
        else:
            lines.append(_("heals {n} wound").format(n=heal(t, p["by"], 1)))
        p["done"] = True
        flow(t)["pending"] = pending
        lines += continue_actions(t, cat, "action/resolve")
        out = say(lines)
        if rolled:
            out["faces"] = [[f] for f in rolled]
            out[rolls.KEY] = records
        return out


@register
@frozen
class RcTile(Action):
    """§ 5. Exploration: the Island tile drawn: '5 plains food wood shelter beast mystery d2'."""

    kind: ClassVar[str] = "rc-tile"
    tile: dict  # the tile's facts (state.parse_tile)

    def text(self) -> str:
        return _("tile {tile}").format(tile=tile_words(self.tile))

    @classmethod
    def parse(cls, text: str) -> "RcTile":
        """An Island tile as typed: '5 plains food beast d2'."""
        return cls(parse_tile(text))

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        return cls.parse(stored["tile"]).to_dict()

    def run(self, t: Table, cat: GameCatalog):
        expect(t, "action/tile")
        tile = check_tile(self.tile)
        r, c = rc(t), t.data["counters"]
        if tile["tile"] in r["tiles"]:
            raise RuleError(_("tile {tile} is already on the island").format(tile=tile["tile"]))
        r["tiles"][tile["tile"]] = {k: tile[k] for k in ("tile", "terrain", "food", "wood", "shelter")}
        lines = [_("tile {tile} ({terrain}) is placed").format(tile=tile["tile"], terrain=tile["terrain"])]
        if tile["terrain"] not in r["terrains"]:
            r["terrains"].append(tile["terrain"])
            lines.append(_("first {terrain}: mark every Invention that needs it").format(terrain=tile["terrain"]))
        if tile["beast"]:
            c["hunting"] += 1
            lines.append(_("a Beast card goes into the Hunting deck"))
        if tile["mystery"]:
            lines.append(_("Mystery icon: see what it means on the Scenario card"))
        if tile["discoveries"]:
            c["future-discoveries"] += tile["discoveries"]
            lines.append(_("{n} Discovery token(s) to Future Resources").format(n=tile["discoveries"]))
        if tile["shelter"]:
            lines.append(_("it shows a Shelter (not a built one)"))
        lines += continue_actions(t, cat, "action/tile")
        return say(lines)


def continue_actions(t: Table, cat: GameCatalog, step: str) -> list[str]:
    """After an action or one of its follow-ups (the tile, an Adventure card): the next thing to do."""
    pending = flow(t).get("pending") or []
    if step in ("action/tile", "action/adventure") and pending:
        pending.pop(0)
    if pending:
        goto(t, "action", pending[0], pending=pending)
        return []
    if next_entry(t) is not None:
        goto(t, "action", "resolve")
        return []
    return finish_actions(t, cat)


def finish_actions(t: Table, cat: GameCatalog) -> list[str]:
    """§ IV.ii 8: pawns home, Future Resources become available, new Items are placed."""
    c, r = t.data["counters"], rc(t)
    got = []
    for res in ("food", "wood", "fur", "discoveries"):
        n = c[f"future-{res}"]
        if n:
            c[res] += n
            c[f"future-{res}"] = 0
            got.append(f"{_(RESOURCE.get(res, N_('discovery tokens')))} {n}")
    lines = [_("Future Resources become available: {got}").format(got=", ".join(got) or _("none"))]
    for name in r["future_items"]:
        r["items"].append({"name": name, "uses": None})
        for target, n in (cat.rules.get("items", {}).get(name.lower()) or {}).items():
            c[target] += n
            lines.append(f"{name}: {target} +{n}")
    r["future_items"] = []
    r["plan"] = []
    dice = weather_dice_for(t)
    if dice is None:
        goto(t, "weather", "dice")
    else:
        goto(t, "weather", "roll", dice=list(dice))
    return lines


def _typed_plan(t: Table, cat: GameCatalog, stored: dict) -> dict:
    """A schema-3 plan's fields (pawns as typed, the cost as 'wood=1,fur=2') as typed ones."""
    from .plan import pawn_owner

    cost = stored.get("cost")
    if isinstance(cost, str):
        cost = tuple((k, int(v)) for k, v in (c.split("=") for c in cost.split(",")))
    return {"what": stored["what"], "by": pawn_owner(t, cat, stored["by"]), "arg": stored.get("arg"),
            "helper": pawn_owner(t, cat, stored["helper"]) if stored.get("helper") else None,
            "pay": stored.get("pay"), "cost": tuples(cost) if cost else None, "own": bool(stored.get("own", False))}
