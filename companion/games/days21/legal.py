"""21 Days: one legality model for the guided game and the single commands.

The day is a queue of tasks (`flow.py`); the guided game asks for the task at its head. `check` holds
every new action to the same queue before it is applied: a procedure out of its place is refused with one
line that names the step the table is at, and carries what resolves it as data (errors.Next; the terminal
words it as a command, ui/days21_cmds.WORDS). Two things come before the
queue, as in the guided game: a wound Pjotr may still cancel, and colour tokens the table must drop.

Abilities a survivor may use whenever they can pay (Maya, Aleta, the mechanic, the pastor, ability tokens,
special hope tokens, the Dolphin, a Scruffs token in play) pass once the table is set up; their own rules
are checked when they run. Corrections (`set`, `move`, `add`, `take`, `roll`, cards, `note`, `end`) stay
free, always: a correction of the day, the phase or the planks puts the table at the start of that day or
phase (correct.py, after every action), one the rules could not reach is kept with a warning. `check` never
changes the table; replaying a stored log does not call it.
"""

from __future__ import annotations

from ...catalog import GameCatalog
from ...errors import Next, RuleError
from ...i18n import N_, _
from ...table import Table
from .core import day, flow, seat_arg, task


# what resolves each task of the day, as data (errors.Next: the action kind, its fields known, the fields the
# table still gives); each face words it its own way (the terminal: ui/days21_cmds.WORDS)
def _n(kind: str, args: dict | None = None, missing: tuple[str, ...] = (), alt: tuple[Next, ...] = ()) -> Next:
    return Next("d21-" + kind, dict(args or {}), missing, alt)


NEXT = {
    "setup": _n("setup-done"), "weather": _n("weather", missing=("face",)),
    "weather-board": _n("weather", {"board": True}, ("result",)), "weather-effect": _n("symbol", {"sym": "{sym}"}, ("to",)),
    "shark": _n("shark-phase"), "morning": _n("logbook", {"section": "morning"}, ("symbols",)),
    "midday": _n("logbook", {"section": "midday"}, ("symbols",)), "evening": _n("logbook", {"section": "evening"}, ("symbols",)),
    "sym": _n("symbol", {"sym": "{sym}"}), "token": _n("colour-token", missing=("seat",)), "jellyfish": _n("jellyfish"),
    "dive": _n("jellyfish", {"dive": True, "who": "{seat}"}), "shark-1": _n("shark-bite", {"fin": 1}),
    "shark-6": _n("shark-bite", {"fin": 6}), "plank": _n("plank"), "disaster": _n("disaster"), "paranoia": _n("paranoia"),
    "steal-die": _n("steal-die"), "scruffs": _n("scruffs"), "plant": _n("plant", {"harvest": False}),
    "harvest": _n("plant", {"harvest": True}), "place": _n("place", {"seat": "{seat}"}, ("location",)),
    "activate": _n("activate"), "octopus": _n("octopus"),
    "magnusson": _n("magnusson", {"reroll": True}, alt=(_n("magnusson", {"reroll": False}),)), "tentacle": _n("tentacle"),
    "flare": _n("flare"), "horvath": _n("horvath", {"stop": False}, alt=(_n("horvath", {"stop": True}),)),
    "receive": _n("bottle", {"mode": "receive", "seat": "{seat}"}), "play": _n("bottle", {"mode": "play", "seat": "{seat}"}),
    "card": _n("play-card", {"seat": "{seat}", "keep": False}, alt=(_n("play-card", {"seat": "{seat}", "keep": True}),)),
    "swap": _n("swap"), "hope": _n("hope"), "fishing": _n("fishing"), "plank-spot": _n("plank-spot"),
    "tomi": _n("ability", {"who": "tomi"}, ("to",)), "kid": _n("kid"), "attack": _n("shark-attack"), "end": _n("end-day"),
    "exhaustion": _n("day21", {"what": "exhaustion"}),
    "rosina": _n("day21", {"what": "rosina"}, ("where",), alt=(_n("day21", {"what": "pass"}),)),
    "day21": _n("day21", missing=("what",)),
}
CORRECTIONS = ("set", "fix", "move", "roll", "draw", "discard", "return", "remove", "shuffle", "note", "end")
ANYTIME = ("flip-token", "special-hope", "dolphin", "scruffs-use")
PICKED_BY_TOKENS = {"jellyfish": "jellyfish", "paranoia": "paranoia", "steal-die": "steal-die"}

SAY = {
    "setup": N_("the table is not set up yet: its setup comes first"),
    "wound": N_("Pjotr may first cancel the wound {seat} was just dealt (or let it stand)"),
    "tokens": N_("drop the colour tokens first (among {among})"),
    "not_now": N_("{what} is not the step now: the day is at {step}"),
    "no_task": N_("{what}: nothing is waiting for it now"),
    "seat": N_("it is {seat}'s turn now, not {other}'s"),
    "white": N_("this is {seat}'s white die of Extra hands"),
    "not_white": N_("this is {seat}'s own placement die, not the white die of Extra hands"),
    "picked": N_("the colour tokens picked {seat}, not {other}"),
    # refusals that say the rule (issue 26)
    "scruffs_weak": N_("Scruffs shows visible strength {n}: his tokens are used only at 5 or 6 (EN § Scruffs Up!: at 4 or less, no Scruffs token)"),
    "shark_day21": N_("the sharks do not attack on day 21 (EN § Day 21: skip the shark attack)"),
    "shark_far": N_("the sharks attack only at the end of a day the shark card shows 1; it shows {n}"),
    "no_tentacles": N_("the octopus has no tentacles left: it does not attack, and its logbook symbol is ignored (EN § Octopus Attack)"),
    "scruffs_place": N_("Scruffs has no placement die: he places none (CS § Azore pojď!); the dice to place now are {seat}'s"),
    "shown": N_("the die shows {faces} and is not applied yet: apply it, or change it first"),
}


def attack_tonight(t: Table) -> bool:
    return t.data["tracks"]["shark"] == 1 and day(t) < 21


def _filled(nxt: Next, q: dict) -> Next:
    """A task's Next with what the task knows filled in ("{seat}": the task's seat); unknown, it is missing."""
    args, missing = {}, list(nxt.missing)
    for k, v in nxt.args.items():
        if isinstance(v, str) and v.startswith("{") and v.endswith("}"):
            if q.get(v[1:-1]) is None:
                missing.append(k)
                continue
            v = q[v[1:-1]]
        args[k] = v
    return Next(nxt.kind, args, tuple(missing), tuple(_filled(x, q) for x in nxt.alt))


def next_of(t: Table, q: dict) -> Next:
    """What resolves a task of the day (errors.Next)."""
    do = q.get("do", "")
    if do == "attack" and not attack_tonight(t):
        do = "end"
    return _filled(NEXT.get(do, Next("d21-" + do)), q)


def step_text(t: Table, cat: GameCatalog, q: dict) -> tuple[str, Next]:
    """(the step's name, what resolves it) for a task of the day."""
    from .steps_common import phase_name

    do = q.get("do", "")
    nxt = next_of(t, q)
    if do == "attack" and not attack_tonight(t):
        do = "end"
    queue = flow(t).get("queue") or []
    name = phase_name(cat, queue if queue and queue[0] is q and do == q.get("do") else do)  # a sub-task's phase from the queue
    detail = q.get("sym") or q.get("seat") or (do if do not in ("end", "shark", "morning", "midday", "evening") else "")
    step = f"{name} ({detail})" if detail and detail != name.lower() else name
    return step, nxt


def check(t: Table, action, cat: GameCatalog) -> None:
    """Refuse (RuleError) an action the day's flow does not allow now; return None when it may go ahead."""
    kind = action.kind.removeprefix("d21-")
    if kind in CORRECTIONS:
        return _correction(t, action, cat)
    if kind == "next":  # the day marker on by one: a correction like `move day +1`
        return None
    f = flow(t)
    q = task(t) or {}
    head = q.get("do")
    if kind in ANYTIME or (kind == "ability" and getattr(action, "who", "") != "tomi"):
        if head == "setup":
            raise RuleError(_(SAY["setup"]), next=NEXT["setup"])
        if kind == "scruffs-use":
            _says_the_rule(t, action, q, cat)
        return None
    if f.get("wound") and kind != "pjotr":
        raise RuleError(_(SAY["wound"]).format(seat=f["wound"]["seat"]),
                        next=Next("d21-pjotr", {"cancel": True}, alt=(Next("d21-pjotr", {"cancel": False}),)))
    if kind == "pjotr":
        if not f.get("wound"):
            raise RuleError(_("no shark or octopus wound to cancel right now"))
        return None
    aw = f.get("await")
    if aw:
        if kind == "colour-token":
            return None
        raise RuleError(_(SAY["tokens"]).format(among=", ".join(aw.get("among", []))), next=NEXT["token"])
    if not q:
        raise RuleError(_(SAY["no_task"]).format(what=action.text()))
    if head == "setup" and kind not in ("setup-done", "setup-differs", "setup-swap"):
        raise RuleError(_(SAY["setup"]), next=NEXT["setup"])
    if kind in ("die-help", "die-apply"):
        if not f.get("shown"):
            raise RuleError(_(SAY["no_task"]).format(what=action.text()))
        return None
    if f.get("shown"):
        from .afterdie import shown_text

        raise RuleError(_(SAY["shown"]).format(faces=shown_text(f["shown"])), next=Next("d21-die-apply"))
    if kind in ("die-shown", "after-die"):
        from ...actions import from_dict

        return check(t, from_dict(action.inner), cat)
    _says_the_rule(t, action, q, cat)
    if _fits(t, action, q, cat):
        return None
    step, nxt = step_text(t, cat, q)
    raise RuleError(_(SAY["not_now"]).format(what=action.text(), step=step), next=nxt)


def _says_the_rule(t: Table, action, q: dict, cat: GameCatalog) -> None:
    """A procedure out of its place because a rule forbids it today: the refusal says that rule."""
    from .core import is_scruffs, living

    kind, head = action.kind.removeprefix("d21-"), q.get("do")
    if kind in ("scruffs", "scruffs-use"):
        dog = next((s for s in living(t) if is_scruffs(t, s)), None)
        if dog is not None and t.visible(dog) <= 4:
            raise RuleError(_(SAY["scruffs_weak"]).format(n=t.visible(dog)), next=next_of(t, q))
    if kind == "shark-attack":
        if day(t) >= 21:
            raise RuleError(_(SAY["shark_day21"]), next=next_of(t, q))
        if t.data["tracks"]["shark"] != 1 and head == "attack":
            raise RuleError(_(SAY["shark_far"]).format(n=t.data["tracks"]["shark"]), next=next_of(t, q))
    if kind in ("octopus", "tentacle", "magnusson") and t.data["counters"]["tentacles"] == 0:
        raise RuleError(_(SAY["no_tentacles"]), next=next_of(t, q))
    if kind in ("place", "place-all") and head == "place":
        seats = [action.seat] if kind == "place" else [x[0] for x in getattr(action, "places", ())]
        for given in seats:
            seat = _seat(t, cat, given)
            if seat and is_scruffs(t, seat):
                raise RuleError(_(SAY["scruffs_place"]).format(seat=q.get("seat")), next=next_of(t, q))


def _seat(t: Table, cat: GameCatalog, text) -> str | None:
    if text in (None, ""):
        return None
    try:
        return seat_arg(t, cat, text)
    except Exception:  # the procedure itself says what is wrong with the name
        return None


def _same_seat(t: Table, cat: GameCatalog, q: dict, given) -> None:
    """A survivor named for the step in line must be the one it waits for (the task's Next says who)."""
    seat = _seat(t, cat, given)
    if seat and seat != q.get("seat"):
        raise RuleError(_(SAY["seat"]).format(seat=q["seat"], other=seat), next=next_of(t, q))


def _fits(t: Table, action, q: dict, cat: GameCatalog) -> bool:
    kind, head = action.kind.removeprefix("d21-"), q.get("do")
    simple = {"setup-done": "setup", "setup-differs": "setup", "setup-swap": "setup", "shark-phase": "shark", "plank": "plank", "disaster": "disaster",
              "activate": "activate", "octopus": "octopus", "magnusson": "magnusson", "tentacle": "tentacle",
              "flare": "flare", "horvath": "horvath", "swap": "swap", "hope": "hope", "fishing": "fishing",
              "plank-spot": "plank-spot", "kid": "kid", "scruffs": "scruffs", "colour-token": "token"}
    if kind in simple:
        return head == simple[kind]
    if kind in PICKED_BY_TOKENS and not (kind == "jellyfish" and action.dive):
        if head == "token" and q.get("for") == PICKED_BY_TOKENS[kind]:
            return True  # the command's --who is the colour token that fell (or they drop virtually)
        if head != kind:
            return False
        picked = flow(t).get("picked")
        who = _seat(t, cat, getattr(action, "who", None))
        if picked and who and who != picked:
            raise RuleError(_(SAY["picked"]).format(seat=picked, other=who))
        return True
    if kind == "jellyfish":  # a dive at the jellyfish location (Kite)
        if head != "dive":
            return False
        who = _seat(t, cat, action.who)
        if who and who != q.get("seat"):
            raise RuleError(_(SAY["seat"]).format(seat=q.get("seat"), other=who), next=next_of(t, q))
        return True
    if kind == "weather":
        return head == ("weather-board" if action.result is not None else "weather")
    if kind == "logbook":
        return head == action.section
    if kind == "symbol":
        return head in ("sym", "weather-effect") and q.get("sym") == action.sym
    if kind == "shark-bite":
        return head == f"shark-{action.fin}"
    if kind == "place-all":  # several placement dice at once: each is checked as it goes on (flow.Places)
        return head == "place"
    if kind == "place":
        if head != "place":
            return False
        _same_seat(t, cat, q, action.seat)
        if q.get("extra") and not action.extra:
            raise RuleError(_(SAY["white"]).format(seat=q["seat"]), next=Next("d21-place", {"seat": q["seat"], "extra": True}, ("location",)))
        if action.extra and not q.get("extra"):
            raise RuleError(_(SAY["not_white"]).format(seat=q["seat"]), next=Next("d21-place", {"seat": q["seat"], "extra": False}, ("location",)))
        return True
    if kind == "bottle":
        if head != action.mode:
            return False
        _same_seat(t, cat, q, action.seat)
        return True
    if kind == "play-card":
        if head != "card":
            return False
        _same_seat(t, cat, q, action.seat)
        return True
    if kind == "plant":
        return head == ("harvest" if action.harvest else "plant")
    if kind == "ability":  # Tomi's extra fish, right after his fishing
        return head == "tomi"
    if kind == "day21":
        if action.what == "exhaustion":
            return head == "exhaustion"
        if action.what in ("rosina", "pass"):
            return head == "rosina"
        return head == "day21"
    if kind == "end-day":
        return head == "end" or (head == "attack" and not attack_tonight(t))
    if kind == "shark-attack":
        return head == "attack" and attack_tonight(t)
    return False


def _correction(t: Table, action, cat: GameCatalog) -> None:
    """A correction is never refused: the table is the truth (correct.py puts the day and the queue where the
    corrected table stands, and warns of what the rules could not reach)."""
    if action.kind in ("set", "d21-set") and getattr(action, "target", "") == "starting" and getattr(action, "value", None) not in t.seats:
        raise RuleError(_("the starting player {value!r} is not a seat at this table; accepted: {seats}").format(
            value=action.value, seats=", ".join(t.seats)))  # bad input, not a correction of the table
    return None
