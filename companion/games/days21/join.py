"""21 Days: joining a game the table already plays (Game.join_asks / join_answer, the guided setup's hook in
ui/play_cmds.join_in_progress). Each question asks what the table shows in the game's own terms, with the
table's value now (the fresh setup's, until answered) as the default on Enter, and each answer is recorded
as a correction (correct.Correct): the day and phase first (the table put at the start of that phase), then
the ship, the shark card, the tentacles, the planks that are gone, each survivor's strength dice and hope,
the swap location, the bottle cards held, the special hope and ability tokens used, the kite pieces."""

from __future__ import annotations

from ...catalog import GameCatalog
from ...errors import UsageError
from ...guide import Ask
from ...i18n import N_, _
from ...table import Table
from .core import d21, day, flow, is_scruffs, name
from .correct import Correct, TableFix
from .names import TOKEN

# the phase flag's word for each task that opens a phase of the day
OPENS = {"weather": "weather", "shark": "shark", "morning": "morning", "midday": "midday", "evening": "evening",
         "attack": "attack", "exhaustion": "day21"}
PHASES = {"weather": N_("Weather"), "shark": N_("Shark phase"), "morning": N_("Morning"), "midday": N_("Midday"),
          "evening": N_("Evening"), "attack": N_("Attack"), "day21": N_("Day 21")}


def _phases(t: Table, cat: GameCatalog) -> list[str]:
    from .flow import day_tasks

    return list(dict.fromkeys(OPENS[q["do"]] for q in day_tasks(t, cat) if q.get("do") in OPENS))


def _phase_now(t: Table, cat: GameCatalog) -> str:
    """The phase the day's queue is in (its first phase while the table is still at setup)."""
    queue = [q for q in flow(t).get("queue") or [] if q.get("do") != "setup"]
    for q in queue:
        if q.get("do") in OPENS:
            return OPENS[q["do"]]
    return _phases(t, cat)[-1]


def _strength(t: Table, seat: str) -> str:
    return ",".join(map(str, t.seat_values(seat).get("strength") or [])) or "dead"


def _gone(t: Table) -> str:
    return ",".join(d21(t).get("lost_planks") or []) or "-"


def _held(t: Table, seat: str) -> str:
    return ",".join(t.deck("bottle")["held"].get(seat) or []) or "-"


def _special(t: Table) -> str:
    return ",".join(k for k, v in d21(t)["special"].items() if v == "used")


def _ability(t: Table) -> str:
    return ",".join(s for s, tok in (d21(t).get("ability") or {}).items() if tok.get("used"))


def join_asks(t: Table, cat: GameCatalog):
    tr = t.data["tracks"]
    yield "day", Ask(_("Which day is it (the logbook's page)?"), "number", lo=1, hi=cat.tracks["day"].max, default=day(t), id="d21-join-day")
    phases = _phases(t, cat)
    yield "phase", Ask(_("Which phase does the day start from?"), "choice", choices=tuple((p, _(PHASES[p])) for p in phases),
                       default=_phase_now(t, cat), id="d21-join-phase")
    lo, hi = t.limits(cat.tracks["ship"])
    yield "ship", Ask(_("Where is the rescue ship?"), "number", lo=lo, hi=hi, default=tr["ship"], id="d21-join-ship")
    lo, hi = t.limits(cat.tracks["shark"])
    yield "shark", Ask(_("What does the shark distance card show?"), "number", lo=lo, hi=hi, default=tr["shark"], id="d21-join-shark")
    yield "tentacles", Ask(_("How many tentacles are left on the octopus?"), "number", lo=0, hi=cat.counters["tentacles"].max,
                           default=t.data["counters"]["tentacles"], id="d21-join-tentacles")
    yield "planks", Ask(_("Which planks are gone? flare-1..flare-3, bottle-1..bottle-3 (1: the outermost), e.g. flare-1,bottle-1; '-': none; or how many are left"),
                        "text", default=_gone(t), id="d21-join-planks")
    for seat in t.seats:
        if is_scruffs(t, seat):
            continue
        yield f"strength:{seat}", Ask(_("{who}'s strength dice, top first: 4,3 (one die: 4; 'dead': died)").format(who=name(t, cat, seat)),
                                      "text", default=_strength(t, seat), id=f"d21-join-strength-{seat}")
    for seat in t.seats:
        if is_scruffs(t, seat) or not t.alive(seat):
            continue
        yield f"hope:{seat}", Ask(_("How many hope tokens does {who} hold?").format(who=name(t, cat, seat)), "number", lo=0,
                                  hi=cat.counters["hope"].max, default=t.seat_values(seat).get("hope", 0), id=f"d21-join-hope-{seat}")
    x = d21(t)
    swaps = sorted(t.deck_cards("swap"), key=lambda c: cat.deck("swap").cards.index(cat.deck("swap").card(c.split(":")[0])))
    yield "swap", Ask(_("Which token lies on the swap location?"), "choice", choices=tuple(
        (c, _(cat.deck("swap").card(c.split(":")[0]).name)) for c in swaps), default=x.get("swap"), id="d21-join-swap")
    for seat in t.seats:
        if is_scruffs(t, seat) or not t.alive(seat):
            continue
        yield f"held:{seat}", Ask(_("Which bottle card does {who} hold? (the card's id or its QR code; '-': none)").format(who=name(t, cat, seat)),
                                  "text", default=_held(t, seat), id=f"d21-join-held-{seat}")
    ids = list(cat.rules["special_hope"]["ids"])
    yield "special", Ask(_("Which special hope tokens are used (gone from the game)?"), "choice", multiple=True,
                         choices=tuple((i, _(TOKEN.get(i, i))) for i in ids), default=_special(t) or "-", id="d21-join-special")
    have = [s for s in t.seats if s in (x.get("ability") or {})]
    if have:
        yield "ability", Ask(_("Whose ability tokens are used?"), "choice", multiple=True,
                             choices=tuple((s, name(t, cat, s)) for s in have), default=_ability(t) or "-", id="d21-join-ability")
    if d21(t).get("kite") is not None:
        yield "kite", Ask(_("How many kite pieces has the table found?"), "number", lo=0, hi=cat.counters["kite"].max,
                          default=t.data["counters"]["kite"], id="d21-join-kite")


def join_answer(t: Table, cat: GameCatalog, key: str, answer):
    tr = t.data["tracks"]
    if key == "day":
        return None if answer == day(t) else Correct("day", answer)
    if key == "phase":  # the setup is behind the table: the queue starts at this phase, set up or not
        at_setup = (flow(t).get("queue") or [{}])[0].get("do") == "setup"
        return None if answer == _phase_now(t, cat) and not at_setup else Correct("phase", answer)
    if key in ("ship", "shark"):
        return None if answer == tr[key] else Correct(key, answer)
    if key in ("tentacles", "kite"):
        return None if answer == t.data["counters"][key] else Correct(key, answer)
    if key == "planks":
        return None if str(answer).strip().lower() == _gone(t) else Correct.parse(t, cat, "planks", answer)
    if key == "swap":
        return None if answer == d21(t).get("swap") else TableFix("swap", "", (answer,))
    if key in ("special", "ability"):
        now = _special(t) if key == "special" else _ability(t)
        return None if ",".join(sorted(answer)) == ",".join(sorted(now.split(",") if now else [])) else TableFix(key, "", tuple(answer))
    seat = key.partition(":")[2]
    if key.startswith("held:"):
        typed = [b for b in str(answer).replace(" ", ",").split(",") if b]
        return None if str(answer).strip().lower() == _held(t, seat) else TableFix.parse(t, cat, "held", seat, typed)
    if key.startswith("strength:"):
        return None if str(answer).replace(" ", "").replace("/", ",").lower() == _strength(t, seat) else Correct.parse(t, cat, f"{seat}.strength", answer)
    if key.startswith("hope:"):
        return None if answer == t.seat_values(seat).get("hope", 0) else Correct(f"{seat}.hope", answer)
    raise UsageError(_("join question {key!r}: 21 Days asks none such").format(key=key))
