"""The play stats in the terminal: Rich tables with a bar chart column."""

from __future__ import annotations

from rich.table import Table

from companion.plays import local
from ui.charts import bar, minutes, percent
from ui.text import esc

NOTES = (
    "win rate = won / (won + lost); abandoned plays count as plays and time, never as wins or losses",
    "cooperative games are won by the whole table; 21 Mutinies is won by players, so it shows by player",
    "a streak runs over consecutive won (or lost) plays in time order; abandoned plays are skipped",
    "time = minutes of play: for castaway games the time between their events, breaks over 30 minutes left out",
)


def _table(title: str, *cols: str) -> Table:
    t = Table(title=title, title_justify="left", title_style="bold", show_edge=False, pad_edge=False)
    for c in cols:
        t.add_column(c, justify="right" if c in ("plays", "time", "average", "won", "lost", "rate", "best",
                                                    "scored", "longest won", "longest lost", "abandoned") else "left")
    return t


def render_stats(s: dict, out) -> None:
    if not s["plays"]:
        out.print("No plays match. A game becomes a play when it ends (castaway end); add others with castaway plays add.")
        return
    out.print(f"[bold]{s['plays']} play{'s' if s['plays'] != 1 else ''}[/], {minutes(s['minutes'])} of play\n")
    top = max(g["plays"] for g in s["games"])
    t = _table("Plays and time per game", "game", "plays", "", "time", "average", "won", "lost", "abandoned", "rate")
    for g in s["games"]:
        t.add_row(esc(g["name"]), str(g["plays"]), f"[cyan]{bar(g['plays'], top, 10)}[/]", minutes(g["minutes"]),
                  minutes(g["average_minutes"]), str(g["won"]), str(g["lost"]), str(g["abandoned"]),
                  "by player" if g["competitive"] else percent(g["rate"]))
    out.print(t)
    titles = {"game": "Win rate by game", "difficulty": "Win rate by difficulty", "survivor": "Win rate by survivor or character",
              "player_count": "Win rate by player count", "player": "Win rate by player"}
    for key, title in titles.items():
        rows = s["win_rate"][key]
        if not rows:
            continue
        out.print()
        t = _table(title, "", "won", "lost", "rate", "")
        for r in rows:
            t.add_row(esc(r["label"]), str(r["won"]), str(r["lost"]), percent(r["rate"]),
                      f"[green]{bar(r['rate'] or 0, 1.0, 20)}[/]" if r["rate"] is not None else "[dim]no decided plays[/]")
        out.print(t)
    for key, title in (("game", "Streaks by game"), ("player", "Streaks by player")):
        rows = s["streaks"][key]
        if not rows:
            continue
        out.print()
        t = _table(title, "", "now", "longest won", "longest lost")
        for r in rows:
            cur = r["current"]
            now = f"{cur['length']} {cur['kind']}" if cur["kind"] else "—"
            t.add_row(esc(r["label"]), now, str(r["longest_won"]), str(r["longest_lost"]))
        out.print(t)
    if s["scores"]:
        out.print()
        best = max(abs(r["best"]) for r in s["scores"]) or 1
        t = _table("Scores", "", "scored", "average", "best", "", "by, on")
        for r in s["scores"]:
            t.add_row(esc(r["label"]), str(r["count"]), f"{r['average']:g}", f"{r['best']:g}",
                      f"[yellow]{bar(r['average'], best, 16)}[/]", esc(f"{r['best_by']}, {local(r['best_started'], '%Y-%m-%d')}"))
        out.print(t)
    out.print()
    for n in NOTES:
        out.print(f"[dim]· {n}[/]")
