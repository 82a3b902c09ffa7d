"""21 Mutinies: the round's course: who places next, whose turn it is, what resolves in which order,
the end of a round and the start of the final scoring.

Source: 21-mutinies-rulebook-en.txt § Round Overview 3, § End of the Game, § Final Score and Winner.
"""

from __future__ import annotations

from ...catalog import GameCatalog
from ...table import Table
from .core import HENCHMAN, derived_phase, end_cards, flow, players, rnd, texts_ignored, value
from .spots import on


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
    queue: list[dict] = []
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
