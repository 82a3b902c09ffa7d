"""Robinson Crusoe § IV.ii Resolving Action: what each kind of planned action does once resolved (the Threat
Action, Fighting a Beast, Building, Arranging the Camp), for rc-resolve (action_phase.py)."""

from __future__ import annotations

from ...catalog import GameCatalog
from ...errors import Next, RuleError, UsageError
from ...i18n import _
from ...table import Table
from . import rules as R
from .changes import apply_changes
from .state import ACTION, RESOURCE, PlanEntry, rc, shown, who, wound_each, wound_pawn


def beast(text) -> tuple[int, ...] | None:
    """The Beast card as typed, 'strength weapon-loss food furs [palisade]' ('3 1 2 1'), as numbers."""
    if text is None or isinstance(text, (tuple, list)):
        return None if text is None else tuple(text)
    accepted = _("type the Beast card as 'strength weapon-loss food furs' (and palisade loss if shown), e.g. '3 1 2 1'")
    bits = str(text).replace(",", " ").split()
    if len(bits) not in (4, 5) or not all(b.isdecimal() and len(b) < 4 for b in bits):
        raise UsageError(_("beast {beast!r}: {accepted}").format(beast=text, accepted=accepted))
    return tuple(int(b) for b in bits)


def threat(t: Table, cat: GameCatalog, p: PlanEntry, changes) -> list[str]:
    r = rc(t)
    slot = 0 if p["what"] == "threat-left" else 1
    card = r["threat"][slot]
    lines = apply_changes(t, cat, changes, to_future=True)
    if card.get("icon") == "wreckage":
        w = cat.rules["wreckage"]
        n = int(w["food_two"] if p.get("helper") else w["food_one"])
        t.data["counters"]["future-food"] += n
        lines.append(_("{name}: +{n} food to Future Resources").format(name=shown(card["name"]), n=n))
    r["threat"][slot] = None
    lines.append(_("{name} is discarded: its Threat effect will not happen").format(name=shown(card["name"])))
    return lines


def hunt(t: Table, cat: GameCatalog, p: PlanEntry, beast: tuple[int, ...] | None) -> list[str]:
    if beast is None or len(beast) not in (4, 5) or any(isinstance(b, bool) or not isinstance(b, int) or b < 0 for b in beast):
        raise RuleError(_("hunting needs the Beast card drawn: its strength, weapon loss, food and furs"),
                        next=Next("rc-resolve", missing=("beast",)))
    strength, loss, food, furs, pal = (*beast, 0)[:5]
    c, seat = t.data["counters"], p["by"]
    helper = p.get("helper")
    if (cat.rules.get("hunting_fighter") or {}).get("fighter") == "second pawn" and helper:
        seat = helper  # decks/robinson/rules.toml hunting_fighter, as the table's own file may set it
    name = who(t, cat, seat)
    lines = []
    hurt = R.fight(c["weapon"], strength)
    wound_pawn(t, seat, hurt)
    lines.append(_("beast {strength} against weapon {weapon}: {n} wound(s) to {name}").format(
        strength=strength, weapon=c["weapon"], n=hurt, name=name))
    c["weapon"], miss = R.pay(c["weapon"], loss)
    wound_pawn(t, seat, miss)
    lines.append(_("weapon -{n}").format(n=loss - miss) + (
        " " + _("({n} short: {n} more wound(s) to {name})").format(n=miss, name=name) if miss else ""))
    c["future-food"] += food
    c["future-fur"] += furs
    lines.append(_("+{food} food, +{furs} furs to Future Resources").format(food=food, furs=furs))
    if pal:
        c["palisade"], miss = R.pay(c["palisade"], pal)
        wound_each(t, miss)
        lines.append(_("palisade -{n}").format(n=pal - miss) + (
            " " + _("({n} short: {n} wound(s) each)").format(n=miss) if miss else ""))
    c["hunting"] -= 1
    return lines


def build(t: Table, cat: GameCatalog, p: PlanEntry) -> list[str]:
    c, f, r = t.data["counters"], t.data["flags"], rc(t)
    for res, n in p["reserve"].items():
        c[res] -= n
    spent = ", ".join(f"{n} {_(RESOURCE.get(k, k))}" for k, n in p["reserve"].items()) or _("nothing")
    what = p["what"]
    if what == "shelter":
        f["shelter"] = "built"
        return [_("the Shelter is built on tile {tile} (spent {spent}); roof {roof}, palisade {palisade}").format(
            tile=r["camp"], spent=spent, roof=c["roof"], palisade=c["palisade"])]
    if what in ("roof", "palisade", "weapon"):
        c[what] += 1
        return [_("{what} level {n} (spent {spent})").format(what=_(ACTION[what]), n=c[what], spent=spent)]
    r["future_items"].append(p["arg"])
    lines = [_("{name} goes to Future Resources as an Item (spent {spent})").format(name=p["arg"], spent=spent)]
    if p.get("own"):
        t.seat_values(p["by"])["determination"] += 2
        lines.append(_("{name} built their own Invention: +2 determination").format(name=who(t, cat, p["by"])))
    return lines


def arrange(t: Table, cat: GameCatalog, p: PlanEntry, choice: str | None) -> list[str]:
    four = rc(t)["arrange_card"]
    if four and choice not in ("determination", "morale"):
        raise UsageError(_("arranging the camp with 4 players: choice {choice!r}; accepted: determination, morale").format(choice=choice))
    if not four and choice:
        raise UsageError(_("only a 4-player game chooses between determination and morale"))
    lines = []
    if not four or choice == "determination":
        t.seat_values(p["by"])["determination"] += 2
        lines.append(_("+2 determination"))
    if not four or choice == "morale":
        top = t.limits(cat.tracks["morale"])[1]
        if t.data["tracks"]["morale"] < top:
            t.data["tracks"]["morale"] += 1
            lines.append(_("morale {level:+d}").format(level=t.data["tracks"]["morale"]))
        else:
            lines.append(_("morale is at its highest already"))
    return lines
