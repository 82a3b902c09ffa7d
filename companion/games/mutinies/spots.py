"""21 Mutinies: where a pawn stands: a spot's text ('routes:2', 'town:market:any2', 'mutiny:3'),
its label in printed words, the pawns on an action this round, the spots a seat might name.

Source: 21-mutinies-rulebook-en.txt § The Actions.
"""

from __future__ import annotations

import re

from ...catalog import GameCatalog
from ...errors import UsageError
from ...i18n import N_, _
from ...lognames import shown
from ...table import Table
from .core import ACTION_NAMES, CAPTAIN_ACTIONS, COMBO_NAMES, TOWN_NAMES, captain, flow, rule
from .purse import cost_text

SPOT_HELP = N_("accepted: routes:N, beyond, wreck, tavern, market:COMBO, town:tale|theft|tavern|rumours|market:COMBO, "
             "cabin, mutiny:0|1|3|6 (COMBO: any2 any3 any4 same3 pairs same4)")


def parse_spot(text: str) -> tuple[str, str | None]:
    """'routes:2', 'routes 2', 'town:market:any2', 'mutiny:3', 'cabin' -> (action, detail)."""
    raw = re.sub(r"[\s:]+", ":", str(text).strip().lower()).strip(":")
    if not raw:
        raise UsageError(_("empty place; {help}").format(help=_(SPOT_HELP)))
    action, _colon, typed = raw.partition(":")
    aliases = {"wrecks": "wreck", "shipwreck": "wreck", "shipwrecks": "wreck", "plunder": "wreck",
               "black-market": "market", "blackmarket": "market", "route": "routes", "raid": "routes"}
    action = aliases.get(action, action)
    if action not in ACTION_NAMES:
        raise UsageError(_("place {text!r}: no action {action!r}; {help}").format(text=text, action=action, help=_(SPOT_HELP)))
    detail = typed or None
    if action in ("beyond", "wreck", "tavern", "cabin") and detail:
        raise UsageError(_("place {text!r}: {action} takes the first free space by itself; say just {action!r}").format(text=text, action=action))
    if action in ("routes", "market", "town", "mutiny") and not detail:
        raise UsageError(_("place {text!r}: say which space; {help}").format(text=text, help=_(SPOT_HELP)))
    if action == "town":
        space, _colon, combo = space_of(action, detail).partition(":")
        if space not in TOWN_NAMES:
            raise UsageError(_("place {text!r}: the town's spaces are {spaces}").format(text=text, spaces=", ".join(TOWN_NAMES)))
        if space == "market" and combo not in COMBO_NAMES:
            raise UsageError(_("place {text!r}: say the combination, e.g. town:market:any2 ({combos})").format(text=text, combos=", ".join(COMBO_NAMES)))
        if space != "market" and combo:
            raise UsageError(_("place {text!r}: only the town's market space takes a combination").format(text=text))
    if action == "market" and detail not in COMBO_NAMES:
        raise UsageError(_("place {text!r}: combinations: {combos}").format(text=text, combos=", ".join(COMBO_NAMES)))
    if action == "mutiny" and detail not in ("0", "1", "3", "6"):
        raise UsageError(_("place {text!r}: the mutiny spaces are 0, 1, 3 and 6").format(text=text))
    if action == "routes" and not space_of(action, detail).isdecimal():
        raise UsageError(_("place {text!r}: say the route square's number, e.g. routes:2").format(text=text))
    return action, detail


def spot_text(action: str, detail: str | None) -> str:
    """A spot's id, the one typed actions hold: 'routes:2', 'wreck', 'town:market:any2', 'mutiny:3'."""
    return f"{action}:{detail}" if detail else action


def spot_ids() -> list[str]:
    """Every spot's id in the rulebook's order of the actions (trade-route squares 1-5, the largest table's)."""
    every = [f"routes:{k}" for k in range(1, 6)] + ["beyond", "wreck", "tavern"]
    every += [f"market:{c}" for c in COMBO_NAMES]
    every += [f"town:{s}" for s in TOWN_NAMES if s != "market"] + [f"town:market:{c}" for c in COMBO_NAMES]
    return every + ["cabin"] + [f"mutiny:{k}" for k in ("0", "1", "3", "6")]


SPOT_IDS = frozenset(spot_ids())


def split_spot(spot: str) -> tuple[str, str | None]:
    """A spot's id as (action, detail); an id that names no spot is refused (a typed action holds ids only)."""
    action, _colon, detail = str(spot).partition(":")
    if spot not in SPOT_IDS and not (action == "routes" and detail.isdecimal()):
        raise UsageError(_("{spot!r} is not a place of the board; {help}").format(spot=spot, help=_(SPOT_HELP)))
    return action, detail or None


def space_of(action: str, detail: str | None) -> str:
    """The space of a spot that names one: routes, market, town and mutiny (parse_spot and split_spot hold them to it)."""
    assert detail is not None, f"{action} is a spot with its space"
    return detail


def spot_label(cat: GameCatalog, t: Table, action: str, detail: str | None) -> str:
    """A few words for a spot, with what it costs."""
    if action == "routes":
        sq = flow(t)["routes"][int(space_of(action, detail)) - 1]
        if sq["cost"] == [0, 0]:
            return _("Trade routes, square {n} (a free token)").format(n=detail)
        return _("Trade routes, square {n} (the token costs {cost})").format(n=detail, cost=cost_text(sq["cost"]))
    if action == "beyond":
        n = len(on(t, "beyond")) + 1
        return _("Beyond the routes, space {n} (pay {d}d now)").format(n=n, d=flow(t)["board"]["beyond"][n - 1])
    if action in ("wreck", "tavern"):
        return _("{action}, space {n}").format(action=_(ACTION_NAMES[action]), n=len(on(t, action)) + 1)
    if action in ("market", "town"):
        return _market_or_town(action, space_of(action, detail))
    if action == "mutiny":
        d, p, lp, gd = rule(cat, "mutiny")["spaces"][detail]
        if lp:
            return _("Mutiny, space {k} (pay {lp} prestige, gain {gd} doubloon)").format(k=detail, lp=lp, gd=gd)
        return _("Mutiny, space {k} (pay {d}d, gain {p} prestige)").format(k=detail, d=d, p=p)
    return _("Cabin (1 prestige, 1 doubloon, or 5 doubloons for 3 prestige)")


def _market_or_town(action: str, detail: str) -> str:
    """The black market's or the town's spot: its space and the combination it takes, as printed."""
    if action == "market":
        return _("Black market: {combo}").format(combo=_(COMBO_NAMES[detail]))
    space, _colon, combo = detail.partition(":")
    if combo:
        return _("Town, {space}: {combo}").format(space=_(TOWN_NAMES[space]), combo=_(COMBO_NAMES[combo]))
    return _("Town, {space}").format(space=_(TOWN_NAMES[space]))


def spot_name(text: str) -> str:
    """A spot as the log's line names it while it is shown (lognames): the action as printed and its space;
    the spot's own text in the stored line, or where it does not read as a spot."""
    if shown() is None:
        return str(text)
    try:
        action, detail = parse_spot(text)
        if action == "routes":
            return _("Trade routes, square {n}").format(n=detail)
        if action in ("market", "town"):
            return _market_or_town(action, space_of(action, detail))
        if action == "mutiny":
            return _("Mutiny, space {k}").format(k=detail)
        return _(ACTION_NAMES[action])
    except (UsageError, KeyError):
        return str(text)


def on(t: Table, action: str) -> list[dict]:
    """The placements on one action this round, in placement order."""
    return [p for p in flow(t)["placed"] if p["action"] == action]


def action_spaces(t: Table, cat: GameCatalog, action: str) -> int:
    """How many spaces a captain's action has at this table."""
    if action == "routes":
        return sum(1 for sq in flow(t)["routes"] if sq["token"])
    if action == "town":
        return len(rule(cat, "town")["spaces"])
    if action == "market":
        return len(rule(cat, "market")["combos"])
    return int(rule(cat, action)["spaces"])


def candidate_spots(t: Table, cat: GameCatalog, seat: str) -> list[str]:
    """Every spot a seat might name now (legal or not)."""
    f = flow(t)
    actions = list(CAPTAIN_ACTIONS) if seat == captain(t) else [f["action"], "cabin", "mutiny"]
    out = []
    for a in actions:
        if a == "routes":
            out += [f"routes:{k}" for k in range(1, len(f["routes"]) + 1)]
        elif a == "market":
            out += [f"market:{c}" for c in COMBO_NAMES]
        elif a == "town":
            out += [f"town:{s}" for s in TOWN_NAMES if s != "market"] + [f"town:market:{c}" for c in COMBO_NAMES]
        elif a == "mutiny":
            out += [f"mutiny:{k}" for k in ("0", "1", "3", "6")]
        else:
            out.append(a)
    return out
