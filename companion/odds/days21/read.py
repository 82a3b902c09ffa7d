"""21 Days: the odds read off a table, as data (for `castaway odds --json`) and as plain lines
("Maya: 31% to lose a die, 4% to die") for the guided game's steps and the terminal.
"""

from __future__ import annotations

from ...i18n import N_, Decimal, _
from ..dist import pct
from . import attacks as d
from . import rescue as rs
from . import rolls as rl

SAY = {
    "person": N_("{who}: {lose}% to lose a die, {die}% to die"),
    "person_safe": N_("{who}: {hurt} to lose strength, no die at risk"),
    "safe": N_("{who}: safe"),
    "nobody": N_("Nobody dies: {p}"),
    "wakes": N_("The octopus wakes: {p}"),
    "cut": N_("Tentacles cut: {dist}"),
    "fight_hurt": N_("{who}: {p} to lose strength ({mean} on average)"),
    "jelly": N_("{who}{card}: stings {dist}; {lose}% to lose a die, {die}% to die"),
    "rescue": N_("Chance of rescue, playing the best: {p} ({need} space(s) to go)"),
    "rescued": N_("The ship is at the buoy: rescued."),
    "plan": N_("Best order: {plan}"),
    "at_least": N_("Chance of rescue: at least {p} ({plan}), {need} space(s) to go; the best play is still being worked out"),
    "first": N_("{what} first"),
    "then": N_("{done}, then {what}"),
    "no_attempt": N_("no attempt left"),
    "dolphin": N_("Turn a rolled 1 with the Dolphin when the plan says so (3 strength)"),
    "assume": N_("Assumed: {text}"),
    "paranoia": N_("{who}, paying {how}: {die}% to die, {lose}% to lose a die, {spent} hope on average"),
    "kid": N_("The Kid: 1/3 nothing, 1/3 he loses 1 strength ({die}% to die), 1/3 a good choice"),
    "flare": N_("{n} flare dice: ship forward {fwd}, back {back}"),
    "hope": N_("{n} dice at the Hope location: {dist} token(s){pen}"),
    "fish": N_("Fishing: {dist} fish; the raft gains {mean} strength on average"),
    "pjotr": N_("If Pjotr cancels every wound that would kill (2 hope each): nobody dies {p}"),
}


def _pjotr(t, crew):
    """Pjotr in the odds (cancelling the wounds that would kill), or None without him or his 2 hope."""
    from ...games.days21.core import hope, seat_of

    seat = seat_of(t, "pjotr")
    if seat is None or seat not in crew.seats or hope(t, seat) < 2:
        return None
    return d.Pjotr(crew.index(seat), hope(t, seat), "live")


def _pjotr_line(crew, pj, final, key=lambda x: x) -> list[str]:
    if pj is None:
        return []
    return [_(SAY["pjotr"]).format(p=_p(d.nobody_dies(crew, final, key=lambda x: key(x)[0])))]

MOVE = {"flare": N_("flare"), "shout": N_("shout"), "diva": N_("song"), "kite": N_("kite roll"),
        "token": N_("day-21 hope token (+3 hope)")}

POLICY = {"none": N_("nothing"), "live": N_("to stay alive"), "dice": N_("to keep every die"), "all": N_("all they can")}


def _p(x) -> str:
    return pct(x)


def person_line(who: str, lose, die, hurt=None) -> str:
    if not lose and not die and not hurt:
        return _(SAY["safe"]).format(who=who)
    if not lose and not die:
        return _(SAY["person_safe"]).format(who=who, hurt=_p(hurt or 0))
    return _(SAY["person"]).format(who=who, lose=_n(lose), die=_n(die))


def _n(x) -> str:
    return pct(x).rstrip("%")


def attack_lines(crew: d.Crew, summ: dict) -> list[str]:
    lines = []
    for p in summ["survivors"]:
        hurt = 1 - p["loss"].get(0, 0)
        lines.append(person_line(p["name"], p["lose_die"], p["die"], hurt))
    lines.append(_(SAY["nobody"]).format(p=_p(summ["nobody_dies"])))
    return lines


def shark_lines(t, cat) -> list[str]:
    crew = d.crew_from_table(t, cat)
    left = 4 - ((t.data.get("flow") or {}).get("shark") or {}).get("bite", 0)
    pj = _pjotr(t, crew)
    extra = _pjotr_line(crew, pj, d.shark_attack(crew, left, pj)) if pj else []
    return attack_lines(crew, d.summary(crew, d.shark_attack(crew, left))) + extra


def bite_lines(t, cat, fin: int) -> list[str]:
    crew = d.crew_from_table(t, cat)
    summ = d.summary(crew, d.shark_bite(crew, fin))
    pj = _pjotr(t, crew)
    extra = _pjotr_line(crew, pj, d.shark_bite(crew, fin, pj)) if pj else []
    return [person_line(p["name"], p["lose_die"], p["die"], 1 - p["loss"].get(0, 0))
            for p in summ["survivors"] if p["loss"].get(0, 0) < 1] + extra


def octopus_lines(t, cat, awake: bool = False) -> list[str]:
    crew = d.crew_from_table(t, cat)
    n = t.data["counters"]["tentacles"]
    fight = (t.data.get("flow") or {}).get("fight")
    if fight:
        n = fight["of"] - fight["i"]
    if n <= 0:
        return []
    final = d.octopus_fight(crew, n)
    summ = d.summary(crew, final, key=lambda x: x[0])
    lines = []
    if not awake:
        lines.append(_(SAY["wakes"]).format(p=_p(d.octopus_wakes(cat.die("octopus").parts[0].faces))))
    for p in summ["survivors"]:
        hurt = 1 - p["loss"].get(0, 0)
        mean = sum(k * v for k, v in p["loss"].items())
        lines.append(_(SAY["fight_hurt"]).format(who=p["name"], p=_p(hurt), mean=f"{Decimal(mean):.2f}"))
    from ..dist import marginal

    cut = marginal(final, lambda x: x[1])
    lines.append(_(SAY["cut"]).format(dist=", ".join(f"{k}: {_p(v)}" for k, v in cut.items() if v >= 0.005)))
    pj = _pjotr(t, crew)
    if pj:
        lines += _pjotr_line(crew, pj, d.octopus_fight(crew, n, pj, cuts=False), key=lambda x: x[0])
    return lines


def jelly_lines(t, cat, seat: str, challenges, card: str) -> list[str]:
    stack = tuple(t.seat_values(seat)["strength"])
    s = d.single_summary(stack, d.jellyfish(stack, challenges))
    who = d.crew_from_table(t, cat).names[d.crew_from_table(t, cat).index(seat)]
    dist = ", ".join(f"{k}: {_p(v)}" for k, v in s["loss"].items())
    return [_(SAY["jelly"]).format(who=who, card=f" on {card}" if card else "", dist=dist, lose=_n(s["lose_die"]), die=_n(s["die"]))]


def paranoia_lines(t, cat, seat: str) -> list[str]:
    from ...games.days21.core import hope, name

    stack = tuple(t.seat_values(seat)["strength"])
    h = hope(t, seat)
    who = name(t, cat, seat).split(" (")[0]
    out = []
    for policy in (("none", "live", "dice") if h else ("none",)):
        r = rl.paranoia(stack, h, policy)
        spent = sum(k * v for k, v in r["spent"].items())
        out.append(_(SAY["paranoia"]).format(who=who, how=_(POLICY[policy]), die=_n(r["die"]), lose=_n(r["lose_die"]),
                                             spent=f"{float(spent):.1f}"))
    return out


def kid_lines(t, cat) -> list[str]:
    from ...games.days21.core import seat_of

    seat = seat_of(t, "kid")
    if seat is None:
        return []
    r = rl.kid(tuple(t.seat_values(seat)["strength"]))
    return [_(SAY["kid"]).format(die=_n(r["die"]))]


def rescue_from_table(t, cat) -> rs.Rescue:
    """Day 21 from the table: before day 21 the odds are for the ship, hope and strength as they are now,
    with exhaustion still to come."""
    from ...games.days21.core import buoy, d21, day, living, survivor, task, used_today

    x = d21(t)
    today = day(t) >= 21
    people = []
    for s in living(t):
        who = survivor(t, s)
        role = who if who in ("diva", "mick", "rosina", "scruffs") else ""
        tok = (x.get("ability") or {}).get(s) or {}
        people.append((s, role, tuple(t.seat_values(s)["strength"]), t.seat_values(s).get("hope", 0),
                       tok.get("id") == "hope21" and not tok.get("used")))
    kite = x.get("kite")
    head = (task(t) or {}).get("do")
    r = cat.rules["day21"]
    return rs.Rescue(
        need=buoy(cat) - t.data["tracks"]["ship"],
        people=tuple(people),
        diva_used=sum(1 for k in x.get("today", []) if k == "diva") if today else 0,
        kite=(t.data["counters"].get("kite", 0), kite["built"], kite["flying"]) if kite else None,
        kite_faces=tuple(cat.die("kite").parts[0].faces) if "kite" in cat.dice else rs.Rescue.kite_faces,
        supply=t.data["pools"]["hope"]["supply"],
        exhausted=today and used_today(t, "exhaustion"),
        rosina_open=(not today) or head in ("exhaustion", "rosina"),
        dolphin=str(x.get("swap") or "").startswith("dolphin"),
        diva_most=r["diva_most"],
        fish_table=tuple(cat.rules["fishing"]["fish"]),
        most_each=cat.rules["fishing"]["most_each"],
        per_hope=cat.rules["hope_location"]["points_per_hope"],
        names={s: (_(cat.characters[survivor(t, s)].name) if survivor(t, s) in cat.characters else s) for s in living(t)},
    )


GIVE_UP = 30.0  # seconds: the guided game's search stops there (the prompt has long moved on)


def rescue_lines(t, cat) -> list[str]:
    from time import perf_counter

    from .search import TooBig, TooLong

    r = rescue_from_table(t, cat)
    if r.need <= 0:
        return [_(SAY["rescued"])]
    rs.Solver(r).search.deadline = perf_counter() + GIVE_UP
    try:
        sol = rs.solve(r)
    except TooBig:
        return [_("Chance of rescue: the search gave up, this table needs more memory than it may take")]
    except TooLong:
        return [_("Chance of rescue: the search gave up after {s:.0f} s (castaway odds day21 finds it in time)").format(s=GIVE_UP)]
    finally:
        rs.Solver(r).search.deadline = None
    plan = _named_plan(t, cat, r, sol["plan"])
    lines = [_(SAY["rescue"]).format(p=pct(sol["chance"]), need=r.need)]
    if plan:
        lines.append(_(SAY["plan"]).format(plan=plan))
    if sol["dolphin"]:
        lines.append(_(SAY["dolphin"]))
    lines.append(_(SAY["assume"]).format(text="; ".join(_(a) for a in rs.ASSUMPTIONS)))
    return lines


def rescue_quick_lines(t, cat) -> list[str]:
    """Day 21's chance at once, while the exact search runs: at least the exact chance of the plain plan
    (rescue.plain_plan), named by its moves, rounded down."""
    r = rescue_from_table(t, cat)
    if r.need <= 0:
        return [_(SAY["rescued"])]
    sol = rs.plain_plan(r)
    words = [_(rs.PLAIN_MOVES[m]) for m in sol["moves"] if m in rs.PLAIN_MOVES]
    label = _(SAY["first"]).format(what=words[0]) if words else _(SAY["no_attempt"])
    for w in words[1:]:
        label = _(SAY["then"]).format(done=label, what=w)
    return [_(SAY["at_least"]).format(p=floor_pct(sol["chance"]), plan=label, need=r.need)]


def floor_pct(p) -> str:
    """A chance as pct() shows it, rounded down (a lower bound never reads higher than it is)."""
    from math import floor

    v = float(p) * 100
    digits = 0 if v >= 10 else 1
    return pct(floor(v * 10**digits) / 10**digits / 100, digits)


def _named_plan(t, cat, r: rs.Rescue, plan) -> str:
    """Name the survivor of each move: the one whose state the solver's canonical survivor matches,
    following the plan forward."""
    cur = {s: (role, sum(st), h, tok) for s, role, st, h, tok in r.people}
    if not r.exhausted:
        cur = {s: (ro, max(0, tot - 1), h if tot > 1 else 0, tok) for s, (ro, tot, h, tok) in cur.items()}
    named = []
    for act in plan:
        if act[0] == "rosina":
            named.append((None, "Rosina: " + _(act[1])))
            continue
        kind, (role, st, h, tok) = act
        seat = next((s for s, v in cur.items() if v == (role, sum(st), h, tok)), None)
        if seat is None:
            named.append((None, _(MOVE.get(kind, kind))))
            continue
        named.append((seat, kind))
        ro, tot, hh, tk = cur[seat]
        if kind == "flare" or kind == "kite":
            cur[seat] = (ro, tot, hh - 2, tk)
        elif kind == "shout":
            cur[seat] = (ro, max(0, tot - 2), hh, tk)
        elif kind == "diva":
            cur[seat] = (ro, tot, hh - 1, tk)
        elif kind == "token":
            cur[seat] = (ro, tot, hh + 3 + (1 if ro == "mick" else 0), False)
    words: list = []
    for seat, kind in named:
        who = r.names.get(seat, seat) if seat else None
        if who and words and isinstance(words[-1], list) and words[-1][0] == (who, kind):
            words[-1][1] += 1
        elif who:
            words.append([(who, kind), 1])
        else:
            words.append(kind)
    out = []
    last = None
    for w in words:
        if isinstance(w, str):
            out.append(w)
            last = None
        else:
            (who, kind), n = w
            head = "" if who == last else f"{who}: "
            out.append(f"{head}{_(MOVE.get(kind, kind))}" + (f" ×{n}" if n > 1 else ""))
            last = who
    return ", ".join(out)
