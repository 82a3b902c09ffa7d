"""What the play log says: plays and time per game, win rates, streaks, scores. Pure.

Counting rules (said once here, shown in the CLI's notes):
- A win rate is won / (won + lost); abandoned plays count as plays and time, never as wins or losses.
- Cooperative games (21 Days, Robinson Crusoe, Dieson Crusoe) are won or lost by the whole table;
  competitive games (21 Mutinies) are won by players, so they appear by player, not by game.
- A streak is a run of consecutive won (or lost) plays in the order they started; abandoned plays are
  skipped, they neither extend nor break a streak.
"""

from __future__ import annotations

from collections import defaultdict

from .i18n import _, ngettext
from .plays import ANONYMOUS, info, people
from .playwords import term


def _name(game: str) -> str:
    """A game's name as shown, in the chosen language."""
    return _(info(game).name)


def _rate(won: int, decided: int) -> float | None:
    return won / decided if decided else None


def _row(key: str, label: str, won: int, decided: int, plays: int) -> dict:
    return {"key": key, "label": label, "plays": plays, "won": won, "lost": decided - won,
            "decided": decided, "rate": _rate(won, decided)}


def _tally(items) -> list[dict]:
    """items: (key, label, outcome) with outcome True (won), False (lost) or None (abandoned)."""
    acc: dict[str, list] = {}
    for key, label, outcome in items:
        a = acc.setdefault(key, [label, 0, 0, 0])
        a[3] += 1
        if outcome is not None:
            a[2] += 1
            a[1] += bool(outcome)
    return [_row(k, *v) for k, v in sorted(acc.items(), key=lambda kv: (-kv[1][3], kv[0]))]


def _table_outcome(play: dict) -> bool | None:
    return None if play["result"] == "abandoned" else play["result"] == "won"


def streaks(outcomes: list[bool | None]) -> dict:
    """Longest win and loss runs and the current run, from outcomes in time order."""
    best = {True: 0, False: 0}
    run_kind, run = None, 0
    for o in outcomes:
        if o is None:
            continue
        run = run + 1 if o == run_kind else 1
        run_kind = o
        best[o] = max(best[o], run)
    current = {"kind": None if run_kind is None else ("won" if run_kind else "lost"), "length": run}
    return {"longest_won": best[True], "longest_lost": best[False], "current": current}


def stats(entries: list[dict]) -> dict:
    """Everything `castaway plays stats` and the PDF report show, from play entries ({id, data})."""
    plays = sorted((e["data"] for e in entries), key=lambda d: d["started"])
    per_game: dict[str, dict] = {}
    for d in plays:
        g = per_game.setdefault(d["game"], {"game": d["game"], "name": _name(d["game"]), "plays": 0,
                                            "timed": 0, "minutes": 0, "won": 0, "lost": 0, "abandoned": 0})
        g["plays"] += 1
        g[d["result"]] += 1
        if d.get("duration_min") is not None:
            g["timed"] += 1
            g["minutes"] += d["duration_min"]
    games = sorted(per_game.values(), key=lambda g: (-g["plays"], g["game"]))
    for g in games:
        g["average_minutes"] = round(g["minutes"] / g["timed"], 1) if g["timed"] else None
        g["competitive"] = info(g["game"]).competitive
        g["rate"] = None if g["competitive"] else _rate(g["won"], g["won"] + g["lost"])

    coop = [d for d in plays if not info(d["game"]).competitive]
    by_game = _tally((d["game"], _name(d["game"]), _table_outcome(d)) for d in coop)
    by_difficulty = _tally(
        (f"{d['game']}:{d['outcome']['difficulty']}", f"{_name(d['game'])} · {term(str(d['outcome']['difficulty']))}",
         _table_outcome(d))
        for d in coop if (d.get("outcome") or {}).get("difficulty") not in (None, "")
    )
    by_count = _tally(
        (f"{len(people(d))}", ngettext("{n} player", "{n} players", len(people(d))).format(n=len(people(d))), _table_outcome(d))
        for d in coop
    )
    role_items: list[tuple[str, str, bool | None]] = []  # (key, label, outcome), as _tally counts them
    player_items: list[tuple[str, str, bool | None]] = []
    for d in plays:
        decided = d["result"] != "abandoned"
        held = {}  # a role held twice in one play counts once
        for p in d.get("players") or []:
            if p.get("role"):
                key = f"{d['game']}:{p['role']}"
                held[key] = (key, f"{p['role']} ({_name(d['game'])})", bool(p.get("winner")) if decided else None)
        role_items.extend(held.values())
        for person in people(d):
            if person["name"] != ANONYMOUS:
                player_items.append((person["name"], person["name"], person["winner"] if decided else None))
    by_role = _tally(role_items)

    streak_rows = []
    for g in games:
        if g["competitive"]:
            continue
        s = streaks([_table_outcome(d) for d in plays if d["game"] == g["game"]])
        streak_rows.append({"key": g["game"], "label": g["name"], **s})
    by_person: dict[str, list] = defaultdict(list)
    for d in plays:
        for person in people(d):
            if person["name"] != ANONYMOUS:
                by_person[person["name"]].append(None if d["result"] == "abandoned" else person["winner"])
    player_streaks = [{"key": n, "label": n, **streaks(o)} for n, o in sorted(by_person.items())]

    score_rows = []
    scored: dict[tuple[str, str], list] = defaultdict(list)
    for d in plays:
        for person in people(d):
            if person["score"] is not None:
                scored[(d["game"], "")].append((person["score"], person["name"], d["started"]))
                scored[(d["game"], person["name"])].append((person["score"], person["name"], d["started"]))
    for (game, name), vals in sorted(scored.items()):
        best = max(vals, key=lambda v: v[0])
        score_rows.append({
            "game": game, "label": info(game).name + (f" · {name}" if name else ""), "player": name or None,
            "count": len(vals), "average": round(sum(v[0] for v in vals) / len(vals), 2),
            "best": best[0], "best_by": best[1], "best_started": best[2],
        })
    return {
        "plays": len(plays),
        "minutes": sum(g["minutes"] for g in games),
        "games": games,
        "win_rate": {"game": by_game, "difficulty": by_difficulty, "survivor": by_role,
                     "player_count": by_count, "player": _tally(player_items)},
        "streaks": {"game": streak_rows, "player": player_streaks},
        "scores": score_rows,
    }
