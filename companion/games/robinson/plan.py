"""Robinson Crusoe, the Action phase's plan: a planned action from its words ('roof cook+cook fur', 'gather
wood 3 explorer', 'item fire carpenter wood=1'), the pawns still free, what a Building action sets aside,
and the order the plan resolves in."""

from __future__ import annotations

from ...bounds import digits_in
from ...catalog import GameCatalog
from ...errors import UsageError
from ...i18n import _
from ...table import Table
from . import rules as R
from .state import HELPERS, PlanEntry, rc, seat_of

PLAN_WORDS = ("threat-left", "threat-right", "hunt", "shelter", "roof", "palisade", "weapon", "item",
              "gather", "explore", "arrange", "rest")


def parse_plan(t: Table, cat: GameCatalog, text: str) -> dict:
    """A planned action from its words; raises UsageError saying what is accepted."""
    words = [w for w in str(text).strip().lower().split() if w]
    example = _("e.g. 'roof cook+cook fur', 'explore explorer', 'gather wood 3 carpenter+friday', "
                "'item fire cook wood=1' ('own' for the character's own Invention)")
    if not words:
        raise UsageError(_("empty plan; {example}").format(example=example))
    if digits_in(words[0], 1, len(PLAN_WORDS)):  # the planning menu's own number
        words[0] = PLAN_WORDS[int(words[0]) - 1]
    what = {"left": "threat-left", "right": "threat-right", "weapons": "weapon",
            "hunting": "hunt", "exploration": "explore", "gathering": "gather"}.get(words[0], words[0])
    if what not in PLAN_WORDS:
        raise UsageError(_("plan {text!r}: {word!r} is not an action; accepted: {accepted}").format(
            text=text, word=words[0], accepted=", ".join(f"{i} {w}" for i, w in enumerate(PLAN_WORDS, 1))))
    rest = words[1:]
    arg = None
    if what == "item":
        if not rest:
            raise UsageError(_("plan {text!r}: name the Invention, e.g. 'item fire cook'").format(text=text))
        arg, rest = rest[0], rest[1:]
    elif what == "gather":
        if not rest or rest[0] not in ("food", "wood"):
            raise UsageError(_("plan {text!r}: gather food or wood, e.g. 'gather wood 3 cook' (3: the tile)").format(text=text))
        arg, rest = rest[0], rest[1:]
        if rest and rest[0].isdecimal():
            arg, rest = f"{arg}@{rest[0]}", rest[1:]
    elif what == "explore" and rest and rest[0].isdecimal():
        arg, rest = rest[0], rest[1:]
    if not rest:
        raise UsageError(_("plan {text!r}: say who takes it (a colour or character, '+' for a second pawn); {example}")
                         .format(text=text, example=example))
    by, _plus, helper = rest[0].partition("+")
    pay, cost, own = None, {}, False
    for w in rest[1:]:
        if w == "own" and what == "item":
            own = True
        elif w in ("wood", "fur", "furs"):
            pay = "fur" if w.startswith("fur") else "wood"
        elif "=" in w:
            k, _eq, v = w.partition("=")
            k = "fur" if k == "furs" else k
            if k not in ("wood", "fur", "food") or not v.isdecimal():
                raise UsageError(_("plan {text!r}: cost {cost!r}; accepted: wood=N, fur=N, food=N").format(text=text, cost=w))
            cost[k] = int(v)
        else:
            raise UsageError(_("plan {text!r}: {word!r} is not understood; {example}").format(text=text, word=w, example=example))
    return {"what": what, "arg": arg, "by": pawn_owner(t, cat, by), "helper": pawn_owner(t, cat, helper) if helper else None,
            "pay": pay, "cost": tuple(sorted(cost.items())) or None, "own": own}


def pawn_owner(t: Table, cat: GameCatalog, name: str) -> str:
    """A pawn's owner: a seat, or friday / dog / extra."""
    if name in HELPERS:
        return name
    return seat_of(t, cat, name)


def check_owner(t: Table, owner) -> str:
    """A pawn's owner as an action holds it: a seat at this table, or friday / dog / extra."""
    if owner in HELPERS or owner in t.seats:
        return owner
    raise UsageError(_("pawn {owner!r}: accepted: {owners}").format(owner=owner, owners=", ".join([*t.seats, *HELPERS])))


def pawns_free(t: Table, owner: str) -> int:
    r = rc(t)
    total = {"friday": 1 if r["friday"] else 0, "dog": 1 if r["dog"] else 0,
             "extra": t.data["counters"]["extra-pawns"]}.get(owner, 2)
    used = sum((p["by"] == owner) + (p.get("helper") == owner) for p in r["plan"])
    return total - used


def cost_of(t: Table, cat: GameCatalog, what: str, pay: str | None, cost) -> dict[str, int]:
    """Resources a Building action sets aside: wood or furs, never a mix (§ Building)."""
    if what in ("shelter", "roof", "palisade"):
        n = str(len(t.seats))
        table = cat.rules["shelter_cost"]
        # castaway's suggestion when the plan names none: wood, unless only the furs not set aside can pay
        free_wood = t.data["counters"]["wood"] - reserved(t).get("wood", 0)
        pay = pay or ("wood" if free_wood >= table["wood"][n] else "fur")
        return {pay: int(table[pay][n])}
    if what == "weapon":
        return {"wood": int(cat.rules["weapon_cost"]["wood"])}
    if what == "item" and cost:
        bad = [c for c in cost if len(c) != 2 or c[0] not in ("wood", "fur", "food") or isinstance(c[1], bool)
               or not isinstance(c[1], int) or c[1] < 0]
        if bad:
            raise UsageError(_("cost {cost!r}; accepted: wood=N, fur=N, food=N").format(cost=bad[0]))
        return {k: v for k, v in cost}
    return {}


def reserved(t: Table) -> dict[str, int]:
    out: dict[str, int] = {}
    for p in rc(t)["plan"]:
        for k, v in (p.get("reserve") or {}).items():
            out[k] = out.get(k, 0) + v
    return out


def set_aside(t: Table) -> dict[str, int]:
    """Resources set aside for planned actions not yet resolved."""
    out: dict[str, int] = {}
    for p in rc(t)["plan"]:
        if not p.get("done"):
            for k, v in (p.get("reserve") or {}).items():
                out[k] = out.get(k, 0) + v
    return out


def next_entry(t: Table) -> PlanEntry | None:
    for p in rc(t)["plan"]:
        if not p.get("done"):
            return p
    return None


def next_planned(t: Table) -> PlanEntry:
    """The planned action that resolves next, where the round is resolving one (there is one until all are done)."""
    p = next_entry(t)
    assert p is not None, "the Action phase resolves while a planned action is not done"
    return p


def sort_plan(plan: list[PlanEntry]) -> list[PlanEntry]:
    def key(p):
        kind = "threat" if p["what"].startswith("threat") else "build" if p["what"] in R.BUILDS else p["what"]
        return R.ORDER.index(kind)

    return sorted(plan, key=key)


def kind_of(p: PlanEntry) -> str:
    return "threat" if p["what"].startswith("threat") else "build" if p["what"] in R.BUILDS else p["what"]


def needs_dice(p: PlanEntry) -> bool:
    return kind_of(p) in ("build", "gather", "explore") and not p.get("helper")
