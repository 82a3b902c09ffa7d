"""Dieson Crusoe: joining a game the table already plays (Game.join_asks / join_answer). Each question asks what
the table shows, in the game's own terms, the table's present value on Enter; each answer that differs is
recorded as a correction (the generic set, or dc-set for the fields no track or flag holds). The questions are
read again after each answer: the dice questions follow the phase."""

from __future__ import annotations

from typing import Any

from ...actions import SetValue
from ...catalog import GameCatalog
from ...errors import UsageError
from ...guide import Ask
from ...i18n import N_, _
from ...table import Table
from . import rules as R
from .correct import DcSet, parse_dice, parse_done, parse_tools, quest_goals
from .menus import PHASE

PROMPTS = {
    "day": N_("Day on the date track"),
    "phase": N_("Which part of the day is it?"),
    "hearts": N_("Maximum health (the character card's hearts; the Bed adds 2)"),
    "health": N_("Health (cubes on the shack)"),
    "event": N_("Event disc: its space on the event track (0: still on the dotted start circle)"),
    "friend": N_("Friend disc: its space on the My Friend card (0: its start space)"),
    "action": N_("Action meeple: its box on the action track (0: the square start box)"),
    "place": N_("The map meeple's place (the west end, mountain-top, watch-dog, raft, or your own name for it)"),
    "area": N_("Which area card shows?"),
    "tools": N_("Tools made (names or ids comma apart, or none)"),
    "done": N_("The quest's other conditions met already (numbers comma apart; Enter or - for none)"),
    "lightning": N_("The Lightning box's die (its face, g if grey: 4 or 4g)"),
    "weather": N_("The Weather box's die (its face, g if grey: 4 or 4g)"),
    "raid": N_("The Raid box's die (its face, g if grey: 4 or 4g)"),
    "used": N_("Dice in the used boxes, box 1 first (faces, g after the grey one: 3,5g; none)"),
    "dice": N_("The unused action dice (faces, g after the grey one: 2,4,6g)"),
}
RESOURCE_PROMPT = N_("{what}: how many on the board?")


def _dice_text(dice) -> str:
    return ",".join(f"{d['v']}{'g' if d['c'] == 'grey' else ''}" for d in dice) or "none"


def _place(text: str) -> str:
    """A named place typed as the table says it (Mountain top, the Raft place) as its id; any other name as typed."""
    raw = text.strip()
    key = raw.lower().replace(" ", "-")
    for place in R.PLACES:
        if key in (place, place.replace("-", "")) or raw.lower() == R.place_name(place).lower():
            return place
    return raw


def join_asks(t: Table, cat: GameCatalog):
    s = R.dc(t)
    tr = t.data["tracks"]
    yield "day", Ask(_(PROMPTS["day"]), "number", lo=1, hi=cat.tracks["day"].max, default=tr["day"], id="dc-join-day")
    yield "phase", Ask(_(PROMPTS["phase"]), "choice", choices=tuple((p, _(PHASE[p])) for p in ("morning", "afternoon", "evening")),
                       default=R.phase(t) if R.phase(t) in PHASE else "morning", id="dc-join-phase")
    yield "hearts", Ask(_(PROMPTS["hearts"]), "number", lo=1, hi=20, default=R.max_health(t), id="dc-join-hearts")
    yield "health", Ask(_(PROMPTS["health"]), "number", lo=1, hi=20, default=R.count(t, "health"), id="dc-join-health")
    for res in ("food", "wood", "stone", "leather", "fence", "roof"):
        yield res, Ask(_(RESOURCE_PROMPT).format(what=R.res_name(res).capitalize()), "number", lo=0, hi=99,
                       default=R.count(t, res), id=f"dc-join-{res}")
    made = R.tools_made(t)
    yield "tools", Ask(_(PROMPTS["tools"]), "text", default=",".join(made) or "none", id="dc-join-tools")
    goals = quest_goals(t, cat)
    if goals:
        have = R.achieved(t)
        yield "done", Ask(_(PROMPTS["done"]), "choice", choices=tuple((g, R.need_text(g)) for g in goals), multiple=True,
                          default=",".join(g for g in goals if g in have) or "-", id="dc-join-done")
    yield "event", Ask(_(PROMPTS["event"]), "number", lo=0, hi=cat.tracks["event"].max, default=tr["event"], id="dc-join-event")
    if R.friend(t):
        yield "friend", Ask(_(PROMPTS["friend"]), "number", lo=0, hi=cat.tracks["friend"].max, default=tr["friend"], id="dc-join-friend")
    yield "place", Ask(_(PROMPTS["place"]), "text", default=t.data["flags"]["place"], id="dc-join-place")
    cards = cat.deck("areas")
    assert cat.flags["area"].values is not None, "the area flag lists the areas"
    yield "area", Ask(_(PROMPTS["area"]), "choice", choices=tuple((a, cards.card(a).name) for a in cat.flags["area"].values),
                      default=R.area(t), id="dc-join-area")
    for icon in R.ICONS:
        yield icon, Ask(_(PROMPTS[icon]), "text", default=_dice_text([s["icons"][icon]]), id=f"dc-join-{icon}")
    ph = R.phase(t)
    if ph in ("afternoon", "evening"):
        yield "action", Ask(_(PROMPTS["action"]), "number", lo=0, hi=cat.tracks["action"].max, default=tr["action"], id="dc-join-action")
        yield "used", Ask(_(PROMPTS["used"]), "text", default=_dice_text(s["used"]), id="dc-join-used")
    if ph == "afternoon" and (s["unused"] or s["hand"]):
        yield "dice", Ask(_(PROMPTS["dice"]), "text", default=_dice_text(s["unused"]), id="dc-join-dice")


def join_answer(t: Table, cat: GameCatalog, key: str, answer):
    """The correction for one answer (None: the table shows what castaway holds)."""
    s = R.dc(t)
    if key in ("day", "event", "friend", "action"):
        return None if answer == t.data["tracks"][key] else SetValue(key, answer)
    if key in ("health", "hearts"):
        now = R.count(t, "health") if key == "health" else R.max_health(t)
        return None if answer == now else (lambda tt, c: DcSet.parse(tt, c, key, answer))
    if key in R.RESOURCES:
        return None if answer == R.count(t, key) else SetValue(key, answer)
    if key in ("phase", "area"):
        return None if answer == t.data["flags"][key] else SetValue(key, answer)
    if key == "place":
        raw = _place(str(answer))
        return None if raw.lower() == t.data["flags"]["place"].lower() else (lambda tt, c: SetValue.parse(tt, c, "place", raw))
    if key == "done":
        have = R.achieved(t)
        met = tuple(g for g in quest_goals(t, cat) if g in have)
        picked = parse_done(t, cat, ",".join(answer) if isinstance(answer, tuple) else answer)
        return None if set(picked) == set(met) else DcSet("done", picked)
    if key == "tools":
        return None if list(parse_tools(cat, answer)) == R.tools_made(t) else (lambda tt, c: DcSet.parse(tt, c, "tools", answer))
    if key in R.ICONS:
        die = parse_dice(answer, key)
        return None if [{"c": c, "v": v} for v, c in die] == [s["icons"][key]] else (lambda tt, c: DcSet.parse(tt, c, key, answer))
    if key in ("used", "dice"):
        have = s["used"] if key == "used" else s["unused"]
        dice: list[dict[str, Any]] = [{"c": c, "v": v} for v, c in parse_dice(answer, key)]
        same = dice == have if key == "used" else sorted(dice, key=lambda d: d["v"]) == have
        return None if same else (lambda tt, c: DcSet.parse(tt, c, key, answer))
    raise UsageError(_("join question {key!r}: accepted: {keys}").format(key=key, keys=", ".join(PROMPTS)))
