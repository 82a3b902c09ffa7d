"""21 Mutinies: whether a pawn may stand on a spot now: the captain's and the sailors' choices, the
pirate token, the cards that block an action, the costs that must be payable (the captain pays the
henchman's), and the fifth player's prestige on the last space.

Source: 21-mutinies-rulebook-en.txt § Round Overview, § The Actions, § Rules For A Game With 2 Players.
"""

from __future__ import annotations

from typing import Any

from ...catalog import GameCatalog
from ...errors import Next, RuleError
from ...i18n import _
from ...table import Table
from . import jewels
from .core import ACTION_NAMES, CAPTAIN_ACTIONS, COMBO_NAMES, HENCHMAN, TOWN_NAMES, captain, flow, name, players, rnd, rule, value
from .purse import cost_text
from .spots import action_spaces, candidate_spots, on, parse_spot, space_of


def routes_next(k: int) -> Next:
    """What resolves a trade-route token whose price nobody has said yet: its price, said."""
    return Next("mut-routes", {"square": k}, missing=("costs",))


def payer(t: Table, seat: str) -> str:
    """Who pays for a pawn: the captain pays the henchman's costs."""
    return captain(t) if seat == HENCHMAN else seat


def owed(t: Table, seat: str) -> tuple[int, int, int]:
    """What a seat has promised to pay at resolution this round: (doubloons, rum, prestige)."""
    d = r = p = 0
    for pl in flow(t)["placed"]:
        if pl["payer"] == seat:
            d, r, p = d + pl["owes"][0], r + pl["owes"][1], p + pl["owes"][2]
    return d, r, p


def free_after(t: Table, seat: str) -> tuple[int, int, int]:
    d, r, p = owed(t, seat)
    return value(t, seat, "doubloons") - d, value(t, seat, "rum") - r, value(t, seat, "prestige") - p


def blocked(t: Table, action: str) -> str | None:
    b = flow(t)["blocked"].get(action)
    if not b:
        return None
    if b.get("until") == "mutiny":
        return _("blocked by {card} until the next mutiny").format(card=_(b["card"]) if b.get("card") else _("a card"))
    if b.get("round") == rnd(t):
        return _("blocked by {card} this round").format(card=_(b["card"]) if b.get("card") else _("a card"))
    return None


def check_spot(t: Table, cat: GameCatalog, seat: str, action: str, detail: str | None) -> dict:
    """Refuse a pawn the rules do not allow there; else the placement record (costs, bonuses)."""
    f = flow(t)
    who = name(t, seat)
    is_captain = seat == captain(t)
    if is_captain:
        if action not in CAPTAIN_ACTIONS:
            raise RuleError(_("the captain chooses one of {actions}; cabin and mutiny are for sailors").format(
                actions=", ".join(CAPTAIN_ACTIONS)))
        if action == f["pirate"]:
            raise RuleError(_("{action} was the captain's action last round (the pirate token covers it)").format(
                action=_(ACTION_NAMES[action])))
    elif action not in (f["action"], "cabin", "mutiny"):
        raise RuleError(_("{who} may follow the captain ({captains}), take the cabin, or mutiny; not {action}").format(
            who=who, captains=_(ACTION_NAMES[f["action"]]), action=_(ACTION_NAMES[action])))
    why = blocked(t, action)
    if why:
        raise RuleError(_("{action} is {why}").format(action=_(ACTION_NAMES[action]), why=why))
    pay_by = payer(t, seat)
    d_free, r_free, p_free = free_after(t, pay_by)
    rec: dict[str, Any] = {"seat": seat, "action": action, "detail": detail, "payer": pay_by, "owes": [0, 0, 0], "paid": [0, 0],
           "space": None, "fifth": False, "bonus": None}
    taken = on(t, action)
    hench = seat == HENCHMAN
    if action == "routes":
        k = int(space_of(action, detail))
        routes = f["routes"]
        if not 1 <= k <= len(routes):
            raise RuleError(_("there is no trade-route square {k}: they run 1..{n}").format(k=k, n=len(routes)))
        sq = routes[k - 1]
        if not sq["token"]:
            raise RuleError(_("trade-route square {k} is empty (the jewel stack ran out)").format(k=k))
        if any(p["space"] == k for p in taken):
            raise RuleError(_("trade-route square {k} is taken this round").format(k=k))
        if sq["cost"] is None:
            raise RuleError(_("the price of the token on square {k} is not known yet").format(k=k), next=routes_next(k))
        d, r = sq["cost"]
        if d > d_free or r > r_free:
            raise RuleError(_("{who} cannot pay the token on square {k} ({cost}): has {d} doubloons and {r} rum free").format(
                who=name(t, pay_by), k=k, cost=cost_text(sq["cost"]), d=d_free, r=r_free))
        rec.update(space=k, owes=[d, r, 0], fifth=fifth_on_last_space(t, cat, seat, action, len(taken)))
    elif action == "beyond":
        costs = f["board"]["beyond"]
        k = len(taken) + 1
        if k > len(costs):
            raise RuleError(_("every space beyond the trade routes is taken ({n})").format(n=len(costs)))
        if t.data["counters"]["jewels"] < k:
            raise RuleError(_("the jewel stack has no token left for another raider"))
        if costs[k - 1] > d_free:
            raise RuleError(_("{who} cannot pay {d} doubloons for space {k}: has {free} free").format(
                who=name(t, pay_by), d=costs[k - 1], k=k, free=d_free))
        rec.update(space=k, paid=[costs[k - 1], 0])
        if not is_captain and not hench and k in rule(cat, "beyond")["rum_spaces"]:
            rec["bonus"] = ["rum", 1]
    elif action in ("wreck", "tavern"):
        spaces = rule(cat, action)["spaces"]
        k = len(taken) + 1
        if k > spaces:
            raise RuleError(_("all {n} spaces of {action} are taken").format(n=spaces, action=_(ACTION_NAMES[action])))
        rec["space"] = k
        if not is_captain and not hench:
            if action == "wreck" and k in rule(cat, "wreck")["rum_spaces"]:
                rec["bonus"] = ["rum", 1]
            bonus = rule(cat, "tavern")["doubloons"].get(str(k)) if action == "tavern" else None
            if bonus:
                rec["bonus"] = ["doubloons", bonus]
    elif action == "market":
        detail = space_of(action, detail)
        if any(p["detail"] == detail for p in taken):
            raise RuleError(_("the black market's {combo} space is taken this round").format(combo=_(COMBO_NAMES[detail])))
        need = rule(cat, "market")["combos"][detail]
        if not hench and value(t, seat, "jewel") < need:
            raise RuleError(_("{who} holds {n} jewels; {combo} trades {need}").format(
                who=who, n=value(t, seat, "jewel"), combo=_(COMBO_NAMES[detail]), need=need))
        if not hench:
            no_set(t, seat, who, detail, need)
    elif action == "town":
        space, _colon, combo = space_of(action, detail).partition(":")
        if any(p["detail"].split(":")[0] == space for p in taken):
            raise RuleError(_("the town's {space} space is taken this round").format(space=_(TOWN_NAMES[space])))
        town = rule(cat, "town")
        if space == "tale":
            if town["tale_pay"] > d_free:
                raise RuleError(_("{who} cannot pay {d} doubloons for a pirate's tale: has {free} free").format(
                    who=name(t, pay_by), d=town["tale_pay"], free=d_free))
            rec["owes"] = [town["tale_pay"], 0, 0]
        if space == "market" and not hench and value(t, seat, "jewel") < rule(cat, "market")["combos"][combo]:
            raise RuleError(_("{who} holds {n} jewels; {combo} trades {need}").format(
                who=who, n=value(t, seat, "jewel"), combo=_(COMBO_NAMES[combo]), need=rule(cat, "market")["combos"][combo]))
        if space == "market" and not hench:
            no_set(t, seat, who, combo, rule(cat, "market")["combos"][combo])
    elif action == "mutiny":
        if any(p["detail"] == detail for p in taken):
            raise RuleError(_("mutiny space {k} is taken this round").format(k=detail))
        d, _p, lp, _gd = rule(cat, "mutiny")["spaces"][detail]
        if not hench:
            if d > d_free:
                raise RuleError(_("{who} cannot pay {d} doubloons for mutiny space {k}: has {free} free").format(
                    who=who, d=d, k=detail, free=d_free))
            if lp > p_free:
                raise RuleError(_("{who} has no prestige to pay for mutiny space 0").format(who=who))
            rec["owes"] = [d, 0, lp]
    fifth = rule(cat, "fifth-player")
    if action in fifth["actions"] and fifth_on_last_space(t, cat, seat, action, len(taken)):
        rec["fifth_prestige"] = int(fifth["prestige"])
    return rec


def fifth_on_last_space(t: Table, cat: GameCatalog, seat: str, action: str, taken: int) -> bool:
    """§ The Actions, the * footnote: in a 5-player game, the fifth player (fifth in turn order) whose
    pawn takes the last space still available of the action."""
    order = flow(t)["order"]
    return (len(players(t)) == 5 and seat != HENCHMAN and order.index(seat) == 4
            and taken + 1 == action_spaces(t, cat, action))


def legal_spots(t: Table, cat: GameCatalog, seat: str) -> list[str]:
    ok = []
    for spot in candidate_spots(t, cat, seat):
        action, detail = parse_spot(spot)
        try:
            check_spot(t, cat, seat, action, detail)
        except RuleError:
            continue
        ok.append(spot)
    return ok


def no_set(t: Table, seat: str, who: str, combo: str, need: int) -> None:
    """A black market space only for a sailor whose jewels make its combination (by colour; jewels of unknown
    colour fit on trust). Source: § 5) Black Market ("If he does not have the needed combination...")."""
    if jewels.choose(t, seat, combo, need, None) is None:
        raise RuleError(_("{who}'s jewels ({held}) make no {combo}").format(
            who=who, held=jewels.shown(t, seat), combo=_(COMBO_NAMES[combo])))
