"""21 Days: each odds query as a report (companion/odds/report.py), from the table or from typed values."""

from __future__ import annotations

from ...action_base import stack_lose
from ...errors import UsageError
from ...i18n import N_, Decimal, _
from ..dist import marginal, mean, prob
from ..report import cell, report, row
from . import attacks as d
from . import helps as hp
from . import read as rd
from . import rescue as rs
from . import rolls as rl

FINS = N_("which shark fin points at which raft spot is castaway's guess at the board's drawing (castaway rules assumptions 21days); a fin at an empty spot and ties fall to the colour tokens, every survivor alike")
TIES = N_("the colour tokens pick among the survivors in question, every one alike")
FLARE_ORDER = N_("with three flare dice, the 6s move the ship first and then a 1 moves it back one: near the buoy, where the ship stops at space {hi} until day 21, a 6 past {hi} is lost before the 1 counts")
HOPE_ORDER = N_("the 1s are paid back before the tokens are drawn: with a small bag the tokens paid back can be drawn again at once")


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
                        _("loses {m:.2f} on average").format(m=Decimal(mean(p["loss"])))))
    return rows


def _dists(summ: dict) -> dict:
    return {f"{p['name']} strength lost": p["loss"] for p in summ["survivors"]}  # untranslated: keys of --json


PJOTR = {"live": N_("Pjotr cancels the wounds that would kill"), "dice": N_("Pjotr cancels the wounds that would cost a die or kill"),
         "all": N_("Pjotr cancels every wound")}


def _pjotr_rows(crew: d.Crew, pj, final_for, key=lambda x: x) -> tuple[list, list]:
    """Rows for each of Pjotr's policies (pj: (his index, his hope) or None): nobody dies, the hope he
    spends; and the assumption they rest on."""
    if pj is None or pj[1] < 2:
        return [], []
    rows = []
    for policy in d.POLICIES:
        who = d.Pjotr(pj[0], pj[1], policy)
        final = final_for(who)
        summ = d.summary(crew, final, key=lambda x: key(x)[0])
        spent = marginal(final, lambda x: pj[1] - key(x)[1])
        deaths = sum((p["die"] for p in summ["survivors"]), 0)
        rows.append(row(_(PJOTR[policy]), [cell(_("nobody dies"), summ["nobody_dies"])],
                        _("{d:.2f} deaths, {h:.2f} hope spent on average").format(d=Decimal(deaths), h=Decimal(mean(spent)))))
    return rows, [_("Pjotr (2 hope a wound) keeps to one of these policies while his hope lasts; he may cancel his own wound")]


def shark(crew: d.Crew, bites: int = 4, pj=None) -> dict:
    summ = d.summary(crew, d.shark_attack(crew, bites))
    rows = _people_rows(summ) + [row(_("nobody dies"), [cell(_("chance"), summ["nobody_dies"])])]
    more, assumed = _pjotr_rows(crew, pj, lambda who: d.shark_attack(crew, bites, who))
    return report("shark", _("Shark attack: {n} bite(s)").format(n=bites), rows + more, _dists(summ), assumptions=[_(FINS)] + assumed)


def bite(crew: d.Crew, fin: int, pj=None) -> dict:
    summ = d.summary(crew, d.shark_bite(crew, fin))
    rows = [r for r, p in zip(_people_rows(summ), summ["survivors"]) if p["loss"].get(0, 0) < 1]
    more, assumed = _pjotr_rows(crew, pj, lambda who: d.shark_bite(crew, fin, who))
    return report("bite", _("Shark {fin} bites once").format(fin=fin), rows + more, _dists(summ), assumptions=[_(FINS)] + assumed)


def octopus(crew: d.Crew, tentacles: int, faces=("blank", "blank", "tentacle", "tentacle", "tentacle", "tentacle"), pj=None) -> dict:
    final = d.octopus_fight(crew, tentacles)
    summ = d.summary(crew, final, key=lambda x: x[0])
    cut = marginal(final, lambda x: x[1])
    rows = [row(_("the octopus wakes"), [cell(_("chance"), d.octopus_wakes(faces)),
                                         cell(_("after the Professor's reroll"), d.octopus_wakes(faces, True))])]
    rows += _people_rows(summ)
    rows.append(row(_("tentacles cut"), [cell(str(k), v) for k, v in cut.items() if v >= 0.005], _("{m:.2f} on average").format(m=Decimal(mean(cut)))))
    more, assumed = _pjotr_rows(crew, pj, lambda who: d.octopus_fight(crew, tentacles, who), key=lambda x: x[0])
    return report("octopus", _("Octopus fight: {n} tentacle(s)").format(n=tentacles), rows + more,
                  {**_dists(summ), "tentacles cut": cut}, notes=[_("the octopus never takes the last strength point: at 1 no defence roll is lower")],
                  assumptions=[_(TIES)] + assumed)


def jellyfish(name: str, stack: tuple, challenges, card: str) -> dict:
    s = d.single_summary(stack, d.jellyfish(stack, challenges))
    rows = [row(_("challenge {c}").format(c=f"{op}{n}"), [cell(_("pass"), d.challenge_ok(op, n))]) for op, n in challenges]
    rows.append(row(f"{name} {d.stack_text(stack)}", [cell(_("lose a die"), s["lose_die"]), cell(_("die"), s["die"])]))
    rows += [row(_("{k} sting(s)").format(k=k), [cell(_("chance"), v)]) for k, v in s["loss"].items()]
    for h in hp.HELPS:
        stings = hp.swim(challenges, h, lambda op, n, v: (v > n if op == ">" else v < n))
        final = marginal(stings, lambda k: tuple(stack_lose(list(stack), k)))
        rows.append(row(_(hp.NAMES[h]), [cell(_("lose a die"), prob(final, lambda x: d.fate(stack, x) == "lose_die")),
                                          cell(_("die"), prob(final, lambda x: d.fate(stack, x) == "die"))],
                        _("{m:.2f} stings on average").format(m=Decimal(mean(stings)))))
    return report("jellyfish", _("Jellyfish swim: {card}").format(card=card), rows, {"strength lost": s["loss"]},
                  assumptions=[_("a reroll or a special hope token is kept for the first failed roll it can turn into a pass")])


def hope(n: int, per: int, holders, bag: int, mick: bool = False) -> dict:
    full = 3 if per == 3 else n + 1  # the Turtle takes no 1s back
    r = rl.hope_location(n, per, holders, bag, full, mick)
    rows = [row(_("{k} token(s)").format(k=k), [cell(_("won"), v)]) for k, v in r["won"].items()]
    if n >= full:
        rows += [row(_("{k} paid back for 1s").format(k=k), [cell(_("chance"), v)]) for k, v in r["paid"].items()]
    if mick:
        rows.append(row(_("Mick's extra token"), [cell(_("chance"), r["mick"].get(1, 0))]))
    notes = [_("net hope on average: {m:+.2f}").format(m=Decimal(mean(r["net"])))]
    for h in hp.HELPS:
        net = hp.helped(n, lambda f: (lambda g: g[0] + g[2] - g[1])(rl.hope_payout(f, per, holders, bag, full, mick)), h)
        rows.append(row(_(hp.NAMES[h]), [cell(_("net +1 or more"), prob(net, lambda x: x >= 1))],
                        _("net hope on average: {m:+.2f}").format(m=Decimal(mean(net)))))
    assumed = [_(HOPE_ORDER), _(hp.ASSUMED)]
    if mick:
        assumed.append(_("when 3 or more tokens come, the table gives Mick 3 at once (he takes one more if the bag holds it)"))
    return report("hope", _("Hope location: {n} dice, a token per {per} points").format(n=n, per=per), rows,
                  {"won": r["won"], "paid": r["paid"], "net": r["net"]}, notes, assumed)


def fishing(table, visible) -> dict:
    r = rl.fishing(table, tuple(visible))
    rows = [row(_("{k} fish").format(k=k), [cell(_("chance"), v)]) for k, v in r["fish"].items()]
    rows.append(row(_("strength gained"), [cell(str(k), v) for k, v in r["gained"].items()],
                    _("{m:.2f} on average, shared weakest first").format(m=Decimal(mean(r["gained"])))))
    rows.append(row(_("at best"), [cell(str(k), v) for k, v in r["best"].items()],
                    _("{m:.2f} on average with the fish given where they count; room for {room}").format(m=Decimal(mean(r["best"])), room=r["room"])))
    for h in hp.HELPS:
        fish = hp.helped(1, lambda f: table[f[0] - 1], h)
        rows.append(row(_(hp.NAMES[h]), [cell(str(k), v) for k, v in fish.items()],
                        _("{m:.2f} fish on average").format(m=Decimal(mean(fish)))))
    return report("fishing", _("Fishing"), rows, {"fish": r["fish"], "gained": r["gained"], "best": r["best"]},
                  assumptions=[_("shared as castaway shares by default: a fish each, weakest first (a survivor at 6 takes one too, as in the rulebook's example), then seconds to the weakest"),
                               _(hp.ASSUMED)])


def flares(n: int, ship: int, lo: int, hi: int, anchor: int | None, full: int = 3) -> dict:
    r = rl.flares(n, ship, lo, hi, anchor, full)
    rows = [row(_("the ship moves forward"), [cell(_("chance"), r["forward"])]),
            row(_("the ship moves back"), [cell(_("chance"), r["back"])])]
    rows += [row(_("ship on {s}").format(s=s), [cell(_("chance"), p)]) for s, p in r["ship"].items()]
    if anchor is not None and r["anchor"]:
        rows.append(row(_("anchor reached: hope for each flare die"), [cell(_("chance"), r["anchor"])]))
    for h in hp.HELPS:
        where = hp.helped(n, lambda f: rl.flare_ship(f, ship, lo, hi, full), h)
        rows.append(row(_(hp.NAMES[h]), [cell(_("forward"), prob(where, lambda x: x > ship)),
                                          cell(_("back"), prob(where, lambda x: x < ship))]))
    assumed = [_(FLARE_ORDER).format(hi=hi)] if n >= full else []
    return report("flares", _("Flares: {n} dice, ship on {s}").format(n=n, s=ship), rows, {"ship": r["ship"]},
                  assumptions=assumed + [_(hp.ASSUMED)])


def paranoia(name: str, stack: tuple, hope_held: int) -> dict:
    rows, dists = [], {}
    for policy in ("none", "live", "dice", "all"):
        r = rl.paranoia(stack, hope_held, policy)
        rows.append(row(_("pay {how}").format(how=_(rd.POLICY[policy])),
                        [cell(_("lose a die"), r["lose_die"]), cell(_("die"), r["die"])],
                        _("{h:.2f} hope spent on average").format(h=Decimal(mean(r["spent"])))))
        dists[f"strength lost, pay {policy}"] = r["loss"]
    for h in hp.HELPS:
        face = hp.helped(1, lambda f: f[0], h, value=lambda v: -v)
        final = marginal(face, lambda v: tuple(stack_lose(list(stack), v)))
        rows.append(row(_("pay nothing, {help}").format(help=_(hp.NAMES[h])),
                        [cell(_("lose a die"), prob(final, lambda x: d.fate(stack, x) == "lose_die")),
                         cell(_("die"), prob(final, lambda x: d.fate(stack, x) == "die"))]))
    return report("paranoia", _("Paranoia: {who} {s}, {h} hope").format(who=name, s=d.stack_text(stack), h=hope_held), rows, dists,
                  assumptions=[_(hp.ASSUMED)])


def kid(stack: tuple) -> dict:
    r = rl.kid(stack)
    rows = [row(_("nothing (1-2)"), [cell(_("chance"), r["nothing"])]),
            row(_("he loses 1 strength (3-4)"), [cell(_("chance"), r["hurt"]), cell(_("lose a die"), r["lose_die"]), cell(_("die"), r["die"])]),
            row(_("a good choice (5-6)"), [cell(_("chance"), r["choice"])])]
    for h in hp.HELPS:
        what = hp.helped(1, lambda f: (f[0] + 1) // 2, h, value=lambda k: {1: 1, 2: 0, 3: 2}[k])
        rows.append(row(_(hp.NAMES[h]), [cell(_("a good choice"), what.get(3, 0)), cell(_("he loses 1 strength"), what.get(2, 0))]))
    return report("kid", _("The Kid's roll ({s})").format(s=d.stack_text(stack)), rows, assumptions=[_(hp.ASSUMED)])


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
