"""21 Days: each odds query as a report (companion/odds/report.py), from the table or from typed values."""

from __future__ import annotations

from ...errors import UsageError
from ...i18n import _
from . import attacks as d
from . import read as rd
from . import rescue as rs
from . import rolls as rl
from ..dist import marginal, mean
from ..report import cell, report, row


def parse_stacks(text: str) -> list[tuple]:
    """'3/5,2,6/1' -> [(3, 5), (2,), (6, 1)]: each survivor's dice, top first, in raft-spot order."""
    out = []
    for bit in str(text).replace(" ", "").split(","):
        try:
            dice = tuple(int(x) for x in bit.split("/") if x)
        except ValueError:
            dice = ()
        if not dice or not all(1 <= v <= 6 for v in dice):
            raise UsageError(_("strength {text!r}: {bit!r} should be dice faces 1..6 top first, e.g. 3/5 (accepted: 3/5,2,6/1)").format(text=text, bit=bit))
        out.append(dice)
    if not 1 <= len(out) <= 4:
        raise UsageError(_("strength {text!r}: give 1 to 4 survivors, e.g. 3/5,2,6/1").format(text=text))
    return out


def _people_rows(summ: dict) -> list[dict]:
    rows = []
    for p in summ["survivors"]:
        hurt = 1 - p["loss"].get(0, 0)
        rows.append(row(f"{p['name']} {d.stack_text(p['strength'])}",
                        [cell(_("hurt"), hurt), cell(_("lose a die"), p["lose_die"]), cell(_("die"), p["die"])],
                        _("loses {m:.2f} on average").format(m=float(mean(p["loss"])))))
    return rows


def _dists(summ: dict) -> dict:
    return {f"{p['name']} strength lost": p["loss"] for p in summ["survivors"]}


def shark(crew: d.Crew, bites: int = 4) -> dict:
    summ = d.summary(crew, d.shark_attack(crew, bites))
    rows = _people_rows(summ) + [row(_("nobody dies"), [cell(_("chance"), summ["nobody_dies"])])]
    return report("shark", _("Shark attack: {n} bite(s)").format(n=bites), rows, _dists(summ))


def bite(crew: d.Crew, fin: int) -> dict:
    summ = d.summary(crew, d.shark_bite(crew, fin))
    rows = [r for r, p in zip(_people_rows(summ), summ["survivors"]) if p["loss"].get(0, 0) < 1]
    return report("bite", _("Shark {fin} bites once").format(fin=fin), rows, _dists(summ))


def octopus(crew: d.Crew, tentacles: int, faces=("blank", "blank", "tentacle", "tentacle", "tentacle", "tentacle")) -> dict:
    final = d.octopus_fight(crew, tentacles)
    summ = d.summary(crew, final, key=lambda x: x[0])
    cut = marginal(final, lambda x: x[1])
    rows = [row(_("the octopus wakes"), [cell(_("chance"), d.octopus_wakes(faces)),
                                         cell(_("after the Professor's reroll"), d.octopus_wakes(faces, True))])]
    rows += _people_rows(summ)
    rows.append(row(_("tentacles cut"), [cell(str(k), v) for k, v in cut.items() if v >= 0.005], _("{m:.2f} on average").format(m=float(mean(cut)))))
    return report("octopus", _("Octopus fight: {n} tentacle(s)").format(n=tentacles), rows,
                  {**_dists(summ), "tentacles cut": cut}, notes=[_("the octopus never takes the last strength point: at 1 no defence roll is lower")])


def jellyfish(name: str, stack: tuple, challenges, card: str) -> dict:
    s = d.single_summary(stack, d.jellyfish(stack, challenges))
    rows = [row(_("challenge {c}").format(c=f"{op}{n}"), [cell(_("pass"), d.challenge_ok(op, n))]) for op, n in challenges]
    rows.append(row(f"{name} {d.stack_text(stack)}", [cell(_("lose a die"), s["lose_die"]), cell(_("die"), s["die"])]))
    rows += [row(_("{k} sting(s)").format(k=k), [cell(_("chance"), v)]) for k, v in s["loss"].items()]
    return report("jellyfish", _("Jellyfish swim: {card}").format(card=card), rows, {"strength lost": s["loss"]})


def hope(n: int, per: int, holders, bag: int) -> dict:
    r = rl.hope_location(n, per, holders, bag)
    rows = [row(_("{k} token(s)").format(k=k), [cell(_("won"), v)]) for k, v in r["won"].items()]
    if n >= 3 and per == 3:
        rows += [row(_("{k} paid back for 1s").format(k=k), [cell(_("chance"), v)]) for k, v in r["paid"].items()]
    notes = [_("net hope on average: {m:+.2f}").format(m=float(mean(r["net"])))]
    return report("hope", _("Hope location: {n} dice, a token per {per} points").format(n=n, per=per), rows,
                  {"won": r["won"], "paid": r["paid"], "net": r["net"]}, notes,
                  [_("Mick's extra token is left out (it depends on who receives the tokens)")])


def fishing(table, visible) -> dict:
    r = rl.fishing(table, tuple(visible))
    rows = [row(_("{k} fish").format(k=k), [cell(_("chance"), v)]) for k, v in r["fish"].items()]
    rows.append(row(_("strength gained"), [cell(str(k), v) for k, v in r["gained"].items()],
                    _("{m:.2f} on average, shared weakest first").format(m=float(mean(r["gained"])))))
    rows.append(row(_("at best"), [cell(str(k), v) for k, v in r["best"].items()],
                    _("{m:.2f} on average with the fish given where they count; room for {room}").format(m=float(mean(r["best"])), room=r["room"])))
    return report("fishing", _("Fishing"), rows, {"fish": r["fish"], "gained": r["gained"], "best": r["best"]},
                  assumptions=[_("shared as castaway shares by default: a fish each, weakest first (a survivor at 6 takes one too, as in the rulebook's example), then seconds to the weakest")])


def flares(n: int, ship: int, lo: int, hi: int, anchor: int | None) -> dict:
    r = rl.flares(n, ship, lo, hi, anchor)
    rows = [row(_("the ship moves forward"), [cell(_("chance"), r["forward"])]),
            row(_("the ship moves back"), [cell(_("chance"), r["back"])])]
    rows += [row(_("ship on {s}").format(s=s), [cell(_("chance"), p)]) for s, p in r["ship"].items()]
    if anchor is not None and r["anchor"]:
        rows.append(row(_("anchor reached: hope for each flare die"), [cell(_("chance"), r["anchor"])]))
    return report("flares", _("Flares: {n} dice, ship on {s}").format(n=n, s=ship), rows, {"ship": r["ship"]})


def paranoia(name: str, stack: tuple, hope_held: int) -> dict:
    rows, dists = [], {}
    for policy in ("none", "live", "dice", "all"):
        r = rl.paranoia(stack, hope_held, policy)
        rows.append(row(_("pay {how}").format(how=_(rd.POLICY[policy])),
                        [cell(_("lose a die"), r["lose_die"]), cell(_("die"), r["die"])],
                        _("{h:.2f} hope spent on average").format(h=float(mean(r["spent"])))))
        dists[f"strength lost, pay {policy}"] = r["loss"]
    return report("paranoia", _("Paranoia: {who} {s}, {h} hope").format(who=name, s=d.stack_text(stack), h=hope_held), rows, dists)


def kid(stack: tuple) -> dict:
    r = rl.kid(stack)
    rows = [row(_("nothing (1-2)"), [cell(_("chance"), r["nothing"])]),
            row(_("he loses 1 strength (3-4)"), [cell(_("chance"), r["hurt"]), cell(_("lose a die"), r["lose_die"]), cell(_("die"), r["die"])]),
            row(_("a good choice (5-6)"), [cell(_("chance"), r["choice"])])]
    return report("kid", _("The Kid's roll ({s})").format(s=d.stack_text(stack)), rows)


def day21(r: rs.Rescue, t=None, cat=None) -> dict:
    sol = rs.solve(r)
    rows = [row(_("rescue, playing the best"), [cell(_("chance"), sol["chance"])],
                _("{n} space(s) to go").format(n=max(0, r.need)))]
    plan = rd._named_plan(t, cat, r, sol["plan"]) if sol["plan"] else ""
    notes = [_("Best order: {plan}").format(plan=plan)] if plan else []
    if sol["dolphin"]:
        notes.append(_(rd.SAY["dolphin"]))
    if not r.exhausted:
        notes.append(_("exhaustion (everyone -1 strength) comes first"))
    out = report("day21", _("Day 21: the rescue"), rows, notes=notes, assumptions=[_(a) for a in rs.ASSUMPTIONS])
    out["plan"] = [list(a[:1]) + [a[1] if isinstance(a[1], str) else {"role": a[1][0], "strength": sum(a[1][1]), "hope": a[1][2]}]
                   for a in sol["plan"]]
    out["states"] = sol["states"]
    return out
