"""21 Days: one legality model for the guided game and the single commands.

The day is a queue of tasks (`flow.py`); the guided game asks for the task at its head. `check` holds
every new action to the same queue before it is applied: a procedure out of its place is refused with one
line that names the step the table is at and the command that resolves it. Two things come before the
queue, as in the guided game: a wound Pjotr may still cancel, and colour tokens the table must drop.

Abilities a survivor may use whenever they can pay (Maya, Aleta, the mechanic, the pastor, ability tokens,
special hope tokens, the Dolphin, a Scruffs token in play) pass once the table is set up; their own rules
are checked when they run. Corrections (`set`, `move`, `add`, `take`, `roll`, cards, `note`, `end`) stay
free, except on fields other state is built from: the day (its tasks), the planks (the raft's planks and
spots), the phase (the queue), the tentacles during a fight, the ship on the buoy before day 21, and a dead
survivor's strength. `check` never changes the table; replaying a stored log does not call it.
"""

from __future__ import annotations

from ...catalog import GameCatalog
from ...errors import RuleError
from ...i18n import N_, _
from ...table import Table
from .core import buoy, day, flow, seat_arg, task

# what resolves each task of the day: the command a table types (the guided game asks the same)
NEXT = {
    "setup": "setup-done", "weather": "weather --face FACE", "weather-board": "weather --result WHAT",
    "weather-effect": "symbol {sym} --to SEAT", "shark": "shark-phase", "morning": "logbook morning SYMBOLS",
    "midday": "logbook midday SYMBOLS", "evening": "logbook evening SYMBOLS", "sym": "symbol {sym}",
    "token": "colour-token SEAT", "jellyfish": "jellyfish", "dive": "dive --who {seat}", "shark-1": "shark-bite 1",
    "shark-6": "shark-bite 6", "plank": "plank", "disaster": "disaster", "paranoia": "paranoia",
    "steal-die": "steal-die", "scruffs": "scruffs", "plant": "plant", "harvest": "plant --harvest",
    "place": "place {seat} LOCATION", "activate": "activate", "octopus": "octopus",
    "magnusson": "professor (or professor --keep)", "tentacle": "tentacle", "flare": "flare",
    "horvath": "horvath (or horvath --stop)", "receive": "bottle receive", "play": "bottle play",
    "card": "play-card {seat} (or --keep)", "swap": "swap", "hope": "hope-roll", "fishing": "fish",
    "plank-spot": "plank-spot", "tomi": "ability tomi --to SEAT (or --to no)", "kid": "kid",
    "attack": "shark-attack", "end": "end-day", "exhaustion": "day21 exhaustion",
    "rosina": "day21 rosina --where LOCATION (or day21 pass)", "day21": "day21 flare|shout|diva|kite|end",
}
# the command each action kind is typed as
COMMAND = {"hope": "hope-roll", "fishing": "fish", "magnusson": "professor", "jellyfish": "jellyfish"}
CORRECTIONS = ("set", "move", "roll", "draw", "discard", "return", "remove", "shuffle", "note", "end")
ANYTIME = ("flip-token", "special-hope", "dolphin", "scruffs-use")
PICKED_BY_TOKENS = {"jellyfish": "jellyfish", "paranoia": "paranoia", "steal-die": "steal-die"}

SAY = {
    "setup": N_("the table is not set up yet: castaway setup-done first"),
    "wound": N_("Pjotr may first cancel the wound {seat} was just dealt: castaway pjotr (or pjotr --let)"),
    "tokens": N_("drop the colour tokens first: castaway colour-token SEAT (among {among})"),
    "not_now": N_("castaway {cmd} is not the step now: the day is at {step}; next: castaway {next}"),
    "no_task": N_("castaway {cmd}: nothing is waiting for it now"),
    "day": N_("the day is not set by hand: castaway end-day moves to the next one (the logbook -1 symbol skips a page)"),
    "next": N_("21 Days moves to the next day with castaway end-day"),
    "planks": N_("the planks follow the raft: castaway plank loses one (even: flare side, odd: bottle side); a bottle card or the Plank Location brings one back"),
    "phase": N_("the phase follows the day's steps: finish the step castaway play shows"),
    "tentacles": N_("the tentacles cannot change in the middle of the octopus fight: resolve it with castaway tentacle"),
    "ship": N_("the rescue ship reaches the buoy ({buoy}) only on day 21; it is day {day}"),
    "dead": N_("{seat} has died: the dead stay out of the game (castaway undo takes back a mistake)"),
    "seat": N_("it is {seat}'s turn now, not {other}'s: castaway {next}"),
    "white": N_("this is {seat}'s white die of Extra hands: castaway place {seat} LOCATION --white"),
    "not_white": N_("this is {seat}'s own placement die: castaway place {seat} LOCATION (without --white)"),
    "picked": N_("the colour tokens picked {seat}, not {other}"),
}


def attack_tonight(t: Table) -> bool:
    return t.data["tracks"]["shark"] == 1 and day(t) < 21


def step_text(t: Table, cat: GameCatalog, q: dict) -> tuple[str, str]:
    """(the step's name, the command that resolves it) for a task of the day."""
    from .steps_common import phase_name

    do = q.get("do", "")
    nxt = NEXT.get(do, do)
    if do == "attack" and not attack_tonight(t):
        do, nxt = "end", NEXT["end"]
    queue = flow(t).get("queue") or []
    name = phase_name(cat, queue if queue and queue[0] is q and do == q.get("do") else do)  # a sub-task's phase from the queue
    detail = q.get("sym") or q.get("seat") or (do if do not in ("end", "shark", "morning", "midday", "evening") else "")
    step = f"{name} ({detail})" if detail and detail != name.lower() else name
    return step, nxt.format(sym=q.get("sym", "SYMBOL"), seat=q.get("seat", "SEAT"))


def check(t: Table, action, cat: GameCatalog) -> None:
    """Refuse (RuleError) an action the day's flow does not allow now; return None when it may go ahead."""
    kind = action.kind.removeprefix("d21-")
    if kind in CORRECTIONS:
        return _correction(t, action, cat)
    if kind == "next":
        raise RuleError(_(SAY["next"]))
    f = flow(t)
    q = task(t) or {}
    head = q.get("do")
    if kind in ANYTIME or (kind == "ability" and getattr(action, "who", "") != "tomi"):
        if head == "setup":
            raise RuleError(_(SAY["setup"]))
        return None
    if f.get("wound") and kind != "pjotr":
        raise RuleError(_(SAY["wound"]).format(seat=f["wound"]["seat"]))
    if kind == "pjotr":
        if not f.get("wound"):
            raise RuleError(_("no shark or octopus wound to cancel right now"))
        return None
    aw = f.get("await")
    if aw:
        if kind == "colour-token":
            return None
        raise RuleError(_(SAY["tokens"]).format(among=", ".join(aw.get("among", []))))
    if not q:
        raise RuleError(_(SAY["no_task"]).format(cmd=COMMAND.get(kind, kind)))
    if head == "setup" and kind != "setup-done":
        raise RuleError(_(SAY["setup"]))
    if _fits(t, action, q, cat):
        return None
    step, nxt = step_text(t, cat, q)
    raise RuleError(_(SAY["not_now"]).format(cmd=_typed(action), step=step, next=nxt))


def _typed(action) -> str:
    kind = action.kind.removeprefix("d21-")
    if kind == "logbook":
        return f"logbook {action.section}"
    if kind == "day21":
        return f"day21 {action.what}"
    if kind == "bottle":
        return f"bottle {action.mode}"
    if kind == "symbol":
        return f"symbol {action.sym}"
    if kind == "jellyfish" and getattr(action, "dive", False):
        return "dive"
    if kind == "plant" and getattr(action, "harvest", False):
        return "plant --harvest"
    if kind == "weather" and getattr(action, "result", None) is not None:
        return "weather --result"
    return COMMAND.get(kind, kind)


def _seat(t: Table, cat: GameCatalog, text) -> str | None:
    if text in (None, ""):
        return None
    try:
        return seat_arg(t, cat, text)
    except Exception:  # the procedure itself says what is wrong with the name
        return None


def _same_seat(t: Table, cat: GameCatalog, q: dict, given, then: str) -> None:
    """A survivor named for the step in line must be the one it waits for (then: the command that would do)."""
    seat = _seat(t, cat, given)
    if seat and seat != q.get("seat"):
        raise RuleError(_(SAY["seat"]).format(seat=q["seat"], other=seat, next=then))


def _fits(t: Table, action, q: dict, cat: GameCatalog) -> bool:
    kind, head = action.kind.removeprefix("d21-"), q.get("do")
    simple = {"setup-done": "setup", "shark-phase": "shark", "plank": "plank", "disaster": "disaster",
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
            raise RuleError(_(SAY["seat"]).format(seat=q.get("seat"), other=who, next=f"dive --who {q.get('seat')}"))
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
        _same_seat(t, cat, q, action.seat, f"place {q['seat']} LOCATION")
        if q.get("extra") and not action.extra:
            raise RuleError(_(SAY["white"]).format(seat=q["seat"]))
        if action.extra and not q.get("extra"):
            raise RuleError(_(SAY["not_white"]).format(seat=q["seat"]))
        return True
    if kind == "bottle":
        if head != action.mode:
            return False
        _same_seat(t, cat, q, action.seat, f"bottle {action.mode} --seat {q['seat']}")
        return True
    if kind == "play-card":
        if head != "card":
            return False
        _same_seat(t, cat, q, action.seat, f"play-card {q['seat']}")
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
    if action.kind not in ("set", "move"):  # (the generic actions carry no prefix)
        return None
    try:
        tg = t.resolve(cat, action.target)
    except Exception:  # the correction itself says what is wrong with the name
        return None
    comp = tg.spec.id
    if comp == "day":
        raise RuleError(_(SAY["day"]))
    if comp == "planks":
        raise RuleError(_(SAY["planks"]))
    if comp == "phase":
        raise RuleError(_(SAY["phase"]))
    if comp == "tentacles" and flow(t).get("fight"):
        raise RuleError(_(SAY["tentacles"]))
    if comp == "ship" and day(t) < 21:
        try:
            new = int(str(action.value).strip()) if action.kind == "set" else t.data["tracks"]["ship"] + action.delta
        except ValueError:
            return None
        if buoy(cat) <= new <= cat.tracks["ship"].max:  # (off the track: the correction itself says so)
            raise RuleError(_(SAY["ship"]).format(buoy=buoy(cat), day=day(t)))
    if tg.seat and tg.seat in t.data.get("dead", []) and comp in ("strength", "hope"):
        raise RuleError(_(SAY["dead"]).format(seat=tg.seat))
    return None

