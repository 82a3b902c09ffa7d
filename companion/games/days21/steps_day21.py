"""21 Days, guided game: the steps of day 21 (exhaustion, Rosina, calling the ship)."""

from __future__ import annotations

from ...guide import Ask
from ...i18n import N_, _
from . import abilities as ab
from . import day21
from . import locations as lo
from .core import d21, hope, is_scruffs, living, name, seat_of, survivor
from .steps_common import GO


def _exhaustion(t, cat, q):
    return _("Exhaustion"), _("Day 21: every survivor loses 1 strength from exhaustion. No placements, no shark attack."), GO, \
        lambda a: day21.Day21("exhaustion")


def _rosina(t, cat, q):
    from .flow import NAMES

    seat = seat_of(t, "rosina")
    opts = day21.rosina_locations(t, cat, seat) if seat else []
    return _("Rosina"), _("Rosina alone may activate one location now."), Ask(_("Which location?"), "choice", default="skip", choices=(
        *((loc, _(NAMES[loc])) for loc in opts), ("skip", _("none")))), \
        lambda a: day21.Day21.parse(t, cat, "rosina", seat, where=a) if a != "skip" else day21.Day21("pass")


# the day-21 actions as the pad groups its buttons
DAY21_GROUPS = {"flare": N_("Fire a flare (2 hope)"), "shout": N_("Shout (2 strength, no hope left)"), "diva": N_("The Diva sings"),
                "kite": N_("Fly the kite"), "token": N_("Ability token"), "end": N_("Done")}


def _day21(t, cat, q):
    opts = []
    for s in living(t):
        if is_scruffs(t, s):
            continue
        if hope(t, s) >= cat.rules["day21"]["flare_cost"]:
            opts.append(f"flare {s}")
        if hope(t, s) == 0 and t.alive(s):
            opts.append(f"shout {s}")
        sung = d21(t).get("today", []).count("diva")
        if survivor(t, s) == "diva" and hope(t, s) >= cat.rules["day21"]["diva_cost"] and sung < cat.rules["day21"]["diva_most"]:
            opts.append("diva")
        if d21(t).get("kite") and hope(t, s) >= cat.rules["kite"]["cost"]:
            opts.append(f"kite {s}")
        tok = d21(t)["ability"].get(s)
        if tok and tok["id"] == "hope21" and not tok["used"]:
            opts.append(f"token {s}")
    opts.append("end")
    ship = t.data["tracks"]["ship"]
    offers = []
    for o in opts:  # the pad's buttons: a roll's face is added to the field, or left out to roll virtually
        what, _sp, s = o.partition(" ")
        who = name(t, cat, s) if s else ""
        group = _(DAY21_GROUPS.get(what, what))
        if what in ("flare", "shout", "kite"):
            offers.append((group, f"{o} ", who))
        elif what == "token":
            offers.append((group, o, who))
        elif what == "diva":
            diva = seat_of(t, "diva")
            assert diva is not None, "the Diva sings only while she lives"
            offers.append((group, "diva ", name(t, cat, diva)))
        else:
            offers.append((group, o, _("End day 21's actions")))
    return _("Call the ship"), _("The ship is on {ship}, the buoy on {n}. Flares cost 2 hope, shouts 2 strength (only without hope); a 6 moves the ship. Add the face you rolled, or leave it out to roll virtually.").format(ship=ship, n=lo.anchor(cat) + 1), \
        Ask(_("What now? {items}").format(items=" | ".join(opts)), "text", offers=tuple(offers)), lambda a: parse_day21(t, cat, a)


def parse_day21(t, cat, text: str):
    from ...errors import UsageError

    bits = str(text).split()
    what = bits[0].lower() if bits else ""
    if what == "end":
        return day21.Day21("end")
    if what == "token":
        return ab.FlipToken.parse(t, cat, bits[1] if len(bits) > 1 else "")
    if what == "diva":
        return day21.Day21.parse(t, cat, "diva", seat_of(t, "diva"), bits[1] if len(bits) > 1 else None)
    if what in ("flare", "shout", "kite") and len(bits) >= 2:
        return day21.Day21.parse(t, cat, what, bits[1], bits[2] if len(bits) > 2 else None)
    raise UsageError(_("{text!r}: write e.g. 'flare red', 'flare red 6', 'shout blue', 'diva', 'kite red', 'token red' or 'end'").format(text=text))
