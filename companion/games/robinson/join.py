"""Robinson Crusoe joined in progress (Game.join_asks / join_answer): each question asks what the table
shows, the current table's value on Enter, and its answer is recorded as a correction (SetValue for the
catalog's tracks and counters, rc-phase for the phase, rc-set for the threat cards, tiles, camp, First
Player, items and the scenario's rounds). Asked in this order: the scenario's rounds before the round,
the round before the phase (setting the phase puts the round at the start of it)."""

from __future__ import annotations

from ...actions import SetValue
from ...guide import Ask
from ...i18n import _
from . import rules as R
from .correct import RcSet, items_words, shuffled_words, threat_words, tiles_words
from .guide import PHASE
from .phases import RcPhase
from .state import life, rc, tile_words, who

ROOM = 99  # a count with no limit on the board: the question's range (castaway set takes any)

COUNTS = (("morale", "morale"), ("weapon", "weapon"), ("roof", "roof"), ("palisade", "palisade"),
          ("food", "food"), ("nonperishable", "nonperishable"), ("wood", "wood"), ("fur", "fur"),
          ("discoveries", "discoveries"), ("future-food", "future-food"), ("future-wood", "future-wood"),
          ("future-fur", "future-fur"), ("future-discoveries", "future-discoveries"), ("event-deck", "event-deck"))


def _value(t, cat, label: str) -> int:
    return t.get(t.resolve(cat, label))


def join_asks(t, cat):
    r = rc(t)
    yield "rounds", Ask(_("Rounds on the Scenario card"), "number", lo=1, hi=cat.tracks["round"].max,
                        default=r["rounds"], id="join-rounds")
    yield "round", Ask(_("Which round is the table in?"), "number", lo=1, hi=r["rounds"],
                       default=t.data["tracks"]["round"], id="join-round")
    phases = tuple(p for p in R.PHASES if p != "event" or t.data["tracks"]["round"] > 1)
    yield "phase", Ask(_("Which phase does the round start from?"), "choice",
                       choices=tuple((p, _(PHASE["plan" if p == "action" else p])) for p in phases),
                       default=t.data["flags"]["phase"] if t.data["flags"]["phase"] in phases else phases[0],
                       id="join-phase")
    for key, label in COUNTS:
        spec = t.resolve(cat, label)
        lo, hi = t.limits(spec.spec)
        yield key, Ask(_("{name}?").format(name=_(spec.spec.name)), "number", lo=lo, hi=ROOM if hi is None else hi,
                       default=_value(t, cat, label), id=f"join-{key}")
    yield "shuffled", Ask(_("Among them, the Adventure and the Mystery cards shuffled in, e.g. '2 1'"), "text",
                          default=shuffled_words(t), id="join-shuffled")
    for seat in t.seats:
        name = who(t, cat, seat)
        yield f"{seat}.wounds", Ask(_("{name}: wounds on the life track?").format(name=name), "number", lo=0,
                                    hi=life(t, cat, seat),
                                    default=t.seat_values(seat)["wounds"], id=f"join-{seat}-wounds")
        yield f"{seat}.determination", Ask(_("{name}: determination tokens?").format(name=name), "number", lo=0,
                                           hi=ROOM,
                                           default=t.seat_values(seat)["determination"], id=f"join-{seat}-determination")
    hint = _("an Event card by its icon, its name and its pawns, e.g. 'book Heavy rain 2'; '-' for an empty field")
    yield "threat-left", Ask(_("The threat card on the left Threat Action field ({hint})").format(hint=hint), "text",
                             default=threat_words(r["threat"][0]), id="join-threat-left")
    yield "threat-right", Ask(_("The threat card on the right Threat Action field ({hint})").format(hint=hint), "text",
                              default=threat_words(r["threat"][1]), id="join-threat-right")
    yield "tiles", Ask(_("The explored Island tiles, separated by ';', e.g. '8 beach food wood; 3 hills wood beast'"),
                       "text", default=tiles_words(t), id="join-tiles")
    yield "camp", Ask(_("The camp tile (its number, or the tile described)"), "text",
                      default=tile_words(r["tiles"][r["camp"]]), id="join-camp")
    if len(t.seats) > 1:
        yield "first", Ask(_("Who holds the First Player token?"), "choice",
                           choices=tuple((s, f"{who(t, cat, s)} ({_(s)})") for s in t.seats),
                           default=t.seats[r["first"] % len(t.seats)], id="join-first")
    if any(i["uses"] is not None for i in r["items"]):
        yield "items", Ask(_("The Starting Items and the uses each has left, e.g. 'Hammer 1, Bible 2'"), "text",
                           default=items_words(t), id="join-items")


def join_answer(t, cat, key: str, answer):
    """The correction an answer records, or None when the table shows what castaway holds."""
    r = rc(t)
    if key == "shuffled":
        return None if " ".join(str(answer).replace(",", " ").split()) == shuffled_words(t) else RcSet.parse(
            t, cat, key, answer)
    if key in ("threat-left", "threat-right", "tiles", "camp", "items"):
        current = {"threat-left": threat_words(r["threat"][0]), "threat-right": threat_words(r["threat"][1]),
                   "tiles": tiles_words(t), "camp": tile_words(r["tiles"][r["camp"]]), "items": items_words(t)}[key]
        if str(answer).strip() == current:
            return None
        action = RcSet.parse(t, cat, key, answer)
        if key == "camp" and action.value["tile"] == r["camp"] and action.value == r["tiles"][r["camp"]]:
            return None
        return action
    if key == "first":
        return None if answer == t.seats[r["first"] % len(t.seats)] else RcSet("first", answer)
    if key == "rounds":
        return None if answer == r["rounds"] else RcSet("rounds", int(answer))
    if key == "phase":
        return RcPhase(answer) if answer != t.data["flags"]["phase"] or t.data["flow"].get("step") not in (
            "draw", "morale", "produce", "plan", "dice", "eat") else None
    label = "round" if key == "round" else key
    return None if answer == _value(t, cat, label) else SetValue(t.resolve(cat, label).label, int(answer))
