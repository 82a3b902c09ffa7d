"""21 Mutinies: the table's vocabulary and the pure helpers every procedure uses.

Where the game stands lives in `t.data["flow"]`:
  order        seats in turn order; the first is the captain (2 players: captain, "henchman", sailor)
  action       the captain's action this round (None before the captain places)
  pirate       the action the pirate token covers (last round's captain action)
  placed       [{seat, spot, space, payer, owes: [doubloons, rum, prestige], fifth}] in placement order
  queue        what is still to resolve this round, first entry next
  routes       one entry per trade-route square: {"token": bool, "cost": [doubloons, rum] or None}
  blocked      {action: {"until": "mutiny"} or {"round": n}} from mutiny cards
  draw         the new captain who must draw a mutiny card, or None
  compulsory   {seat, card} waiting for play-or-refuse, or None
  deck_left    mutiny cards still in the deck (the Last Mutiny is the bottom one)
  cards        {"held": {seat: [ids]}, "front": {seat: [ids]}, "discard": [ids]}
  final_round  the round after which the game is scored, or None
  claimed      {seat: [prestige spaces whose bonus was taken]}
  board        {"beyond": [costs], "bonuses": {space: bonus}} as the table's board prints them
  scoring      None, or the final scoring's progress (see score.py)
Jewel and treasure tokens are physical and hidden: castaway counts them.
"""

from __future__ import annotations

import re

from ...catalog import GameCatalog
from ...errors import RuleError, UsageError, did_you_mean
from ...i18n import N_, _
from ...table import Table

HENCHMAN = "henchman"
CAPTAIN_ACTIONS = ("routes", "beyond", "wreck", "tavern", "market", "town")
ACTION_NAMES = {  # names as the rulebook prints them; translated where they are shown
    "routes": N_("Raiding: on the trade routes"),
    "beyond": N_("Raiding: beyond the trade routes"),
    "wreck": N_("Plunder shipwrecks"),
    "tavern": N_("Tavern"),
    "market": N_("Black market"),
    "town": N_("Visit the town"),
    "cabin": N_("Cabin"),
    "mutiny": N_("Mutiny"),
}
TOWN_NAMES = {"tale": N_("Pirate's tale"), "theft": N_("Theft"), "tavern": N_("Visit the tavern"),
              "rumours": N_("Rumours"), "market": N_("Black market")}
COMBO_NAMES = {"any2": N_("2 jewels, any colours"), "any3": N_("3 jewels, any colours"), "any4": N_("4 jewels, any colours"),
               "same3": N_("3 jewels of one colour"), "pairs": N_("2 pairs of one colour each"), "same4": N_("4 jewels of one colour")}
KEYS = {"doubloons": N_("doubloons"), "rum": N_("rum"), "prestige": N_("prestige")}
BONUSES = ("doubloon", "treasure", "rum", "jewel")
SPOT_HELP = N_("accepted: routes:N, beyond, wreck, tavern, market:COMBO, town:tale|theft|tavern|rumours|market:COMBO, "
             "cabin, mutiny:0|1|3|6 (COMBO: any2 any3 any4 same3 pairs same4)")


# -- state access -----------------------------------------------------------------------------


def flow(t: Table) -> dict:
    return t.data["flow"]


def rule(cat: GameCatalog, key: str) -> dict:
    return cat.rules[key]


def players(t: Table) -> list[str]:
    """The real seats in turn order (no henchman)."""
    return [s for s in flow(t)["order"] if s != HENCHMAN]


def derived_phase(t: Table) -> str:
    """Where the round stands, read from the flow itself (the phase flag mirrors it): final scoring,
    resolving, the new captain's card, the captain to place, or the sailors to place."""
    f = flow(t)
    if t.data.get("over"):
        return "over"
    if f.get("scoring") is not None:
        return "scoring"
    if f["queue"]:
        return "resolve"
    if f["draw"] or f["compulsory"]:
        return "mutiny-card"
    if not f["placed"]:
        return "captain"
    return "sailors"


def captain(t: Table) -> str:
    return flow(t)["order"][0]


def two_player(t: Table) -> bool:
    return HENCHMAN in flow(t)["order"]


def texts_ignored(t: Table) -> bool:
    return bool(t.option("ignore_texts")) or two_player(t)


def name(t: Table, seat: str) -> str:
    if seat == HENCHMAN:
        return _("the henchman")
    who = t.seat_values(seat).get("player")
    return f"{who} ({_(seat)})" if who else _(seat)


def rnd(t: Table) -> int:
    return t.data["tracks"]["round"]


def value(t: Table, seat: str, key: str) -> int:
    return t.seat_values(seat)[key]


# -- money, rum and tokens ---------------------------------------------------------------------


def pay(t: Table, seat: str, key: str, n: int, why: str) -> None:
    """Hand n doubloons/rum back (to the bank or the tavern) or lose n prestige; refuse if short."""
    if n <= 0:
        return
    have = value(t, seat, key)
    if have < n:
        raise RuleError(_("{who} cannot pay {n} {what} for {why}: holds only {have}").format(
            who=name(t, seat), n=n, what=_(KEYS.get(key, key)), why=_(why), have=have))
    t.seat_values(seat)[key] = have - n


def can_pay(t: Table, seat: str, doubloons: int, rum: int = 0) -> bool:
    return value(t, seat, "doubloons") >= doubloons and value(t, seat, "rum") >= rum


def gain(t: Table, seat: str, key: str, n: int) -> int:
    """Take up to n doubloons/rum from the bank or the tavern; returns how many there were to take."""
    if n <= 0 or seat == HENCHMAN:
        return 0
    got = min(n, t.pool_left(key)) if key in t.data["pools"] else n
    t.seat_values(seat)[key] += got
    return got


def lose_prestige(t: Table, cat: GameCatalog, seat: str, n: int) -> int:
    """Lose up to n prestige; the track stops at its floor (an assumed rule)."""
    floor = rule(cat, "prestige-floor")["floor"]
    have = value(t, seat, "prestige")
    lost = max(0, min(n, have - floor))
    t.seat_values(seat)["prestige"] = have - lost
    return lost


def gain_prestige(t: Table, cat: GameCatalog, seat: str, n: int, bonus: bool = True) -> list[str]:
    """Move the prestige disc up; each bonus space reached for the first time pays its bonus once."""
    if n <= 0 or seat == HENCHMAN:
        return []
    old = value(t, seat, "prestige")
    new = old + n
    t.seat_values(seat)["prestige"] = new
    said = []
    if not bonus:
        return said
    claimed = flow(t)["claimed"].setdefault(seat, [])
    for space, kind in sorted(flow(t)["board"]["bonuses"].items(), key=lambda kv: int(kv[0])):
        pos = int(space)
        if old < pos <= new and pos not in claimed:
            claimed.append(pos)
            said.append(_("bonus space {pos}: {bonus}").format(pos=pos, bonus=take_bonus(t, seat, kind)))
    return said


def take_bonus(t: Table, seat: str, kind: str) -> str:
    if kind == "doubloon":
        return _("{n} doubloon").format(n=gain(t, seat, "doubloons", 1))
    if kind == "rum":
        return _("{n} rum").format(n=gain(t, seat, "rum", 1))
    if kind == "treasure":
        return _("a treasure token") if draw_treasure(t, seat) else _("no treasure left")
    return _("a face-down jewel") if draw_jewel(t, seat) else _("no jewel left")


def draw_jewel(t: Table, seat: str) -> bool:
    """A jewel from the stack, face down, to the seat (the henchman's goes face up next to the board)."""
    c = t.data["counters"]
    if c["jewels"] <= 0:
        return False
    c["jewels"] -= 1
    if seat == HENCHMAN:
        c["jewels-out"] += 1
    else:
        t.seat_values(seat)["jewel"] += 1
    return True


def draw_treasure(t: Table, seat: str) -> bool:
    c = t.data["counters"]
    if c["treasures"] <= 0:
        return False
    c["treasures"] -= 1
    if seat == HENCHMAN:
        c["treasures-out"] += 1
    else:
        t.seat_values(seat)["treasure"] += 1
    return True


def parse_cost(text: str) -> list[int]:
    """A trade-route token's price as typed: '2' or '2d' (doubloons), '1r' (rum), '2d1r', '0' or 'free'."""
    raw = str(text).strip().lower().replace(" ", "").replace("+", "")
    accepted = _("accepted: doubloons and rum like 2d1r, 3d, 1r, 2 (doubloons) or 0")
    if raw in ("0", "free", "-"):
        return [0, 0]
    if raw.isdecimal():
        return [int(raw), 0]
    parts = re.fullmatch(r"(?:(\d+)d)?(?:(\d+)r)?", raw)
    if not raw or not parts or not (parts.group(1) or parts.group(2)):
        raise UsageError(_("token cost {text!r}: {accepted}").format(text=text, accepted=accepted))
    d, r = int(parts.group(1) or 0), int(parts.group(2) or 0)
    if d > 50 or r > 25:
        raise UsageError(_("token cost {text!r} is more than the game holds; {accepted}").format(text=text, accepted=accepted))
    return [d, r]


def cost_text(cost: list[int] | None) -> str:
    if cost is None:
        return "?"
    d, r = cost
    bits = ([f"{d}d"] if d else []) + ([f"{r}r"] if r else [])
    return "".join(bits) or _("free")


# -- spots: where a pawn stands ----------------------------------------------------------------


def parse_spot(text: str) -> tuple[str, str | None]:
    """'routes:2', 'routes 2', 'town:market:any2', 'mutiny:3', 'cabin' -> (action, detail)."""
    raw = re.sub(r"[\s:]+", ":", str(text).strip().lower()).strip(":")
    if not raw:
        raise UsageError(_("empty place; {help}").format(help=_(SPOT_HELP)))
    action, _colon, detail = raw.partition(":")
    aliases = {"wrecks": "wreck", "shipwreck": "wreck", "shipwrecks": "wreck", "plunder": "wreck",
               "black-market": "market", "blackmarket": "market", "route": "routes", "raid": "routes"}
    action = aliases.get(action, action)
    if action not in ACTION_NAMES:
        raise UsageError(_("place {text!r}: no action {action!r}; {help}").format(text=text, action=action, help=_(SPOT_HELP)))
    detail = detail or None
    if action in ("beyond", "wreck", "tavern", "cabin") and detail:
        raise UsageError(_("place {text!r}: {action} takes the first free space by itself; say just {action!r}").format(text=text, action=action))
    if action in ("routes", "market", "town", "mutiny") and not detail:
        raise UsageError(_("place {text!r}: say which space; {help}").format(text=text, help=_(SPOT_HELP)))
    if action == "town":
        space, _colon, combo = detail.partition(":")
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
    if action == "routes" and not detail.isdecimal():
        raise UsageError(_("place {text!r}: say the route square's number, e.g. routes:2").format(text=text))
    return action, detail


def spot_text(action: str, detail: str | None) -> str:
    return f"{action}:{detail}" if detail else action


def spot_label(cat: GameCatalog, t: Table, action: str, detail: str | None) -> str:
    """A few words for a spot, with what it costs."""
    if action == "routes":
        sq = flow(t)["routes"][int(detail) - 1]
        if sq["cost"] == [0, 0]:
            return _("Trade routes, square {n} (a free token)").format(n=detail)
        return _("Trade routes, square {n} (the token costs {cost})").format(n=detail, cost=cost_text(sq["cost"]))
    if action == "beyond":
        n = len(on(t, "beyond")) + 1
        return _("Beyond the routes, space {n} (pay {d}d now)").format(n=n, d=flow(t)["board"]["beyond"][n - 1])
    if action in ("wreck", "tavern"):
        return _("{action}, space {n}").format(action=_(ACTION_NAMES[action]), n=len(on(t, action)) + 1)
    if action == "market":
        return _("Black market: {combo}").format(combo=_(COMBO_NAMES[detail]))
    if action == "town":
        space, _colon, combo = detail.partition(":")
        if combo:
            return _("Town, {space}: {combo}").format(space=_(TOWN_NAMES[space]), combo=_(COMBO_NAMES[combo]))
        return _("Town, {space}").format(space=_(TOWN_NAMES[space]))
    if action == "mutiny":
        d, p, lp, gd = rule(cat, "mutiny")["spaces"][detail]
        if lp:
            return _("Mutiny, space {k} (pay {lp} prestige, gain {gd} doubloon)").format(k=detail, lp=lp, gd=gd)
        return _("Mutiny, space {k} (pay {d}d, gain {p} prestige)").format(k=detail, d=d, p=p)
    return _("Cabin (1 prestige, 1 doubloon, or 5 doubloons for 3 prestige)")


def on(t: Table, action: str) -> list[dict]:
    """The placements on one action this round, in placement order."""
    return [p for p in flow(t)["placed"] if p["action"] == action]


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
        return _("blocked by {card} until the next mutiny").format(card=b.get("card") or _("a card"))
    if b.get("round") == rnd(t):
        return _("blocked by {card} this round").format(card=b.get("card") or _("a card"))
    return None


def turn_of(t: Table) -> list[str]:
    """Whose turn it is (§ The Treasure Tokens: immediately before or after placing one's pawn, or the
    moment one's part of an action is resolved): the next to place and the one who just placed; while
    resolving, the seat(s) whose part resolves next. Nobody's while a mutiny card is drawn or scored."""
    f = flow(t)
    phase = derived_phase(t)
    if phase in ("captain", "sailors"):
        seats = [next_placer(t)] + ([f["placed"][-1]["seat"]] if f["placed"] else [])
    elif phase == "resolve":
        item = f["queue"][0]
        if "i" in item:
            seats = [f["placed"][item["i"]]["seat"]]
        else:  # the tavern and the mutiny resolve for everyone on them at once
            seats = [p["seat"] for p in on(t, item["kind"])]
        if len(f["queue"]) == len(resolution_queue(t)):  # nothing resolved yet: the last to place just did
            seats.append(f["placed"][-1]["seat"])
    else:
        seats = []
    return [s for s in dict.fromkeys(seats) if s and s != HENCHMAN]


def resolution_queue(t: Table) -> list[dict]:
    """What the round resolves, in order, once every pawn is placed (§ Round Overview 3)."""
    f = flow(t)
    act = f["action"]
    queue = []
    if act == "tavern":
        queue.append({"kind": "tavern"})
    for i, p in enumerate(f["placed"]):
        blocks_only = p["seat"] == HENCHMAN and (act == "market" or (p["detail"] or "").startswith("market"))
        if p["action"] == act and act != "tavern" and not blocks_only:
            queue.append({"kind": act, "i": i})
    queue += [{"kind": "cabin", "i": i} for i, p in enumerate(f["placed"]) if p["action"] == "cabin" and p["seat"] != HENCHMAN]
    if any(p["action"] == "mutiny" for p in f["placed"]):
        queue.append({"kind": "mutiny"})
    return queue


def next_placer(t: Table) -> str | None:
    f = flow(t)
    n = len(f["placed"])
    return f["order"][n] if n < len(f["order"]) else None


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
            who=who, captains=f["action"], action=action))
    why = blocked(t, action)
    if why:
        raise RuleError(_("{action} is {why}").format(action=_(ACTION_NAMES[action]), why=why))
    pay_by = payer(t, seat)
    d_free, r_free, p_free = free_after(t, pay_by)
    rec = {"seat": seat, "action": action, "detail": detail, "payer": pay_by, "owes": [0, 0, 0], "paid": [0, 0],
           "space": None, "fifth": False, "bonus": None}
    taken = on(t, action)
    hench = seat == HENCHMAN
    if action == "routes":
        k = int(detail)
        routes = f["routes"]
        if not 1 <= k <= len(routes):
            raise RuleError(_("there is no trade-route square {k}: they run 1..{n}").format(k=k, n=len(routes)))
        sq = routes[k - 1]
        if not sq["token"]:
            raise RuleError(_("trade-route square {k} is empty (the jewel stack ran out)").format(k=k))
        if any(p["space"] == k for p in taken):
            raise RuleError(_("trade-route square {k} is taken this round").format(k=k))
        if sq["cost"] is None:
            raise RuleError(_("say first what the token on square {k} costs: castaway mutinies routes --square {k} COST").format(k=k))
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
        if any(p["detail"] == detail for p in taken):
            raise RuleError(_("the black market's {combo} space is taken this round").format(combo=_(COMBO_NAMES[detail])))
        need = rule(cat, "market")["combos"][detail]
        if not hench and value(t, seat, "jewel") < need:
            raise RuleError(_("{who} holds {n} jewels; {combo} trades {need}").format(
                who=who, n=value(t, seat, "jewel"), combo=_(COMBO_NAMES[detail]), need=need))
    elif action == "town":
        space, _colon, combo = detail.partition(":")
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


def action_spaces(t: Table, cat: GameCatalog, action: str) -> int:
    """How many spaces a captain's action has at this table."""
    if action == "routes":
        return sum(1 for sq in flow(t)["routes"] if sq["token"])
    if action == "town":
        return len(rule(cat, "town")["spaces"])
    if action == "market":
        return len(rule(cat, "market")["combos"])
    return int(rule(cat, action)["spaces"])


def fifth_on_last_space(t: Table, cat: GameCatalog, seat: str, action: str, taken: int) -> bool:
    """§ The Actions, the * footnote: in a 5-player game, the fifth player (fifth in turn order) whose
    pawn takes the last space still available of the action."""
    order = flow(t)["order"]
    return (len(players(t)) == 5 and seat != HENCHMAN and order.index(seat) == 4
            and taken + 1 == action_spaces(t, cat, action))


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


# -- what the round's actions, the cards and the scoring all need ------------------------------------


def resolve_seat(t: Table, text: str) -> str:
    """A seat by colour, player name, 'captain' or 'henchman'."""
    key = str(text).strip().lower()
    order = flow(t)["order"]
    if key in order:
        return key
    if key == "captain":
        return captain(t)
    for s in t.seats:
        if (t.seat_values(s).get("player") or "").lower() == key:
            return s
    names = [*order] + [t.seat_values(s)["player"] for s in t.seats if t.seat_values(s).get("player")]
    raise UsageError(_("no seat {text!r} at this table; ").format(text=text) + did_you_mean(key, names))


def _phase(t: Table, *phases: str) -> None:
    now = derived_phase(t)  # read from the flow: a phase flag set by hand in an older log cannot mislead
    if now not in phases:
        raise RuleError(_("not now: the game is in its {now} phase ({expected} expected); castaway play shows what is next").format(
            now=now, expected=", ".join(phases)))


def end_round(t: Table, cat: GameCatalog) -> None:
    f = flow(t)
    f["pirate"], f["action"], f["placed"], f["queue"] = f["action"], None, [], []
    now = rnd(t)
    f["blocked"] = {a: b for a, b in f["blocked"].items() if b.get("until") == "mutiny" or b.get("round", 0) > now}
    if f["final_round"] is not None and now >= f["final_round"]:
        start_scoring(t, cat)
        return
    t.data["tracks"]["round"] = now + 1
    t.data["flags"]["phase"] = "captain"


def hand(t: Table, seat: str, pile: str = "held") -> list[str]:
    return flow(t)["cards"][pile].setdefault(seat, [])


def end_cards(t: Table, cat: GameCatalog, seat: str) -> list[str]:
    deck = cat.deck("mutiny")
    return [c for c in hand(t, seat) if deck.card(c).get("type") == "end"]


def start_scoring(t: Table, cat: GameCatalog) -> None:
    seats = players(t)
    todo = [[1, s] for s in seats if value(t, s, "treasure") > 0]
    todo += [[2, None], [3, None], [4, None]]
    if not texts_ignored(t):
        todo += [[5, s] for s in seats if end_cards(t, cat, s)]
    todo.append([6, None])
    flow(t)["scoring"] = {"todo": todo, "pad": {"0": snapshot(t)}}
    t.data["flags"]["phase"] = "scoring"


def snapshot(t: Table) -> dict:
    return {s: [value(t, s, "prestige"), value(t, s, "doubloons")] for s in players(t)}
