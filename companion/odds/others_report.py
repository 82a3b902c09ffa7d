"""Dieson Crusoe, 21 Mutinies and Robinson Crusoe odds as reports (companion/odds/report.py)."""

from __future__ import annotations

from ..i18n import Decimal, _
from .dieson import evening as dc
from .dist import mean
from .mutinies import plunder as mu
from .report import cell, report, row
from .robinson import weather as rc


def _dist_rows(label: str, dist: dict) -> dict:
    return row(label, [cell(str(k), v) for k, v in dist.items() if v >= 0.0005],
               _("{m:.2f} on average").format(m=Decimal(mean(dist))))


def dieson_evening(cat, t) -> dict:
    from ..games.dieson import rules as R

    s = R.dc(t)
    before = R.phase(t) == "morning" and R.flow(t).get("step") == "roll"
    res = dc.evening(cat, s["icons"]["weather"]["v"], s["icons"]["raid"]["v"], cat.deck("areas").card(R.area(t)),
                     R.count(t, "food"), R.count(t, "roof"), R.count(t, "fence"),
                     t.data["tracks"]["event"] if before else None, R.has(t, "fire"), len(s.get("hand") or []) or 3)
    rows = [row(_("lose health tonight"), [cell(_("chance"), res["hurt"])]),
            _dist_rows(_("health lost"), res["health"]), _dist_rows(_("food lost"), res["food"]),
            _dist_rows(_("roofs lost"), res["roof"]), _dist_rows(_("fences lost"), res["fence"])]
    notes = [_("over every morning roll and its event") if before else _("today's event has happened: the dice on the board decide")]
    return report("dc-evening", _("Dieson Crusoe: tonight's losses"), rows,
                  {k: res[k] for k in ("health", "food", "roof", "fence")}, notes,
                  [_("the meal is paid with food while there is any; nothing the afternoon changes is counted")])


def dieson_hunt(cat, t) -> dict:
    from ..games.dieson import rules as R

    card = cat.deck("areas").card(R.area(t))
    need = card.get("power")
    power = R.hunt_power(t, cat, 0)
    bow = R.has(t, "bow")
    unused = R.dc(t).get("unused") or []
    rows = []
    for d in unused:
        k = dc.hunt_boosts(cat, power, need, d["v"], bow)
        rows.append(row(_("die {d}").format(d=R.die_text(d)), [cell(_("hunt succeeds"), 1 if k == 0 else 0)],
                        _("never, even boosted") if k is None else (_("as rolled") if k == 0 else _("with {k} food/health boost(s)").format(k=k))))
    for b in range(0, 4):
        rows.append(row(_("before the roll, {b} boost(s) at most").format(b=b), [cell(_("a die can hunt"), dc.hunt_chance(cat, power, need, b, 3, bow))]))
    return report("dc-hunt", _("Dieson Crusoe: hunting the {area} (power {p} against {n})").format(area=card.name, p=power, n=need), rows,
                  assumptions=[_("the meeple is taken to reach the Hunting box (wood moves it); stars from the star table in decks/dieson")])


def mutinies_plunder(cat) -> dict:
    beats = cat.rules["wreck"]["beats"]
    rows = []
    for i, b in enumerate(beats, 1):
        r = mu.plunder(b)
        cells = [cell(_("treasure"), r["treasure"])]
        if i == 1:
            cells.append(cell(_("captain's extra doubloon"), r["both"]))
        rows.append(row(_("space {i} (more than {b})").format(i=i, b=b), cells))
    return report("plunder", _("21 Mutinies: plundering the shipwrecks (two dice)"), rows)


def mutinies_tavern(cat, names: list[str], left: int | None, skip=()) -> dict:
    tav = cat.rules["tavern"]
    res = mu.tavern(len(names), tav["free_rum"], tav["die_bonus"], left, tuple(skip))
    rows = [_dist_rows(n, d) for n, d in zip(names, res["rum"])]
    return report("tavern", _("21 Mutinies: the tavern's rum"), rows, {n: d for n, d in zip(names, res["rum"])},
                  [_("the captain's free rum included; the rest handed round in placement order")])


def robinson_weather(cat, dice, c: dict) -> dict:
    res = rc.weather(cat, dice, c["roof"], c["food"], c["nonperishable"], c["wood"], c["palisade"], c["weapon"],
                     (c.get("rain-token", 0), c.get("winter-token", 0), c.get("storm-token", 0)))
    rows = [row(_("anyone wounded"), [cell(_("chance"), res["any_wound"])]),
            _dist_rows(_("wounds for each player"), res["wounds_each"]),
            _dist_rows(_("wounds for the one who fights"), res["fighter"]),
            _dist_rows(_("food lost"), res["food"]), _dist_rows(_("wood lost"), res["wood"]),
            _dist_rows(_("palisade lost"), res["palisade"])]
    return report("rc-weather", _("Robinson Crusoe: the weather ({dice})").format(dice=", ".join(dice) or _("no dice")), rows,
                  {k: res[k] for k in ("wounds_each", "fighter", "food", "wood", "palisade")},
                  assumptions=[_("the weather dice's faces from decks/robinson (assumed; correct them in a file of your own)")])
