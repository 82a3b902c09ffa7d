"""The play stats in the terminal: Rich tables with a bar chart column."""

from __future__ import annotations

from rich.table import Table

from companion.i18n import N_, _, ngettext
from companion.playtimes import local
from ui.charts import bar, minutes, percent
from ui.text import esc

NOTES = (
    N_("win rate = won / (won + lost); abandoned plays count as plays and time, never as wins or losses"),
    N_("cooperative games are won by the whole table; 21 Mutinies is won by players, so it shows by player"),
    N_("a streak runs over consecutive won (or lost) plays in time order; abandoned plays are skipped"),
    N_("time = minutes of play: for castaway games the time between their events, breaks over 30 minutes left out"),
)


COLUMNS = {"game": N_("game"), "plays": N_("plays"), "time": N_("time"), "average": N_("average"), "won": N_("won"),
           "lost": N_("lost"), "abandoned": N_("abandoned"), "rate": N_("rate"), "now": N_("now"),
           "longest won": N_("longest won"), "longest lost": N_("longest lost"), "scored": N_("scored"),
           "best": N_("best"), "by, on": N_("by, on"), "": ""}
RIGHT = ("plays", "time", "average", "won", "lost", "rate", "best", "scored", "longest won", "longest lost", "abandoned")  # untranslated: column keys
STREAK = {"won": N_("won"), "lost": N_("lost")}


def _table(title: str, *cols: str) -> Table:
    """A table titled in the chosen language, its columns named by COLUMNS' keys."""
    t = Table(title=_(title), title_justify="left", title_style="bold", show_edge=False, pad_edge=False)
    for c in cols:
        t.add_column(_(COLUMNS[c]) if COLUMNS[c] else "", justify="right" if c in RIGHT else "left")
    return t


def render_stats(s: dict, out) -> None:
    if not s["plays"]:
        out.print(_("No plays match. A game becomes a play when it ends (castaway end); add others with castaway plays add."))
        return
    out.print(ngettext("[bold]{n} play[/], {time} of play\n", "[bold]{n} plays[/], {time} of play\n", s['plays']).format(n=s['plays'], time=minutes(s['minutes'])))
    top = max(g["plays"] for g in s["games"])
    t = _table(N_("Plays and time per game"), "game", "plays", "", "time", "average", "won", "lost", "abandoned", "rate")
    for g in s["games"]:
        t.add_row(esc(g["name"]), str(g["plays"]), f"[cyan]{bar(g['plays'], top, 10)}[/]", minutes(g["minutes"]),
                  minutes(g["average_minutes"]), str(g["won"]), str(g["lost"]), str(g["abandoned"]),
                  _("by player") if g["competitive"] else percent(g["rate"]))
    out.print(t)
    titles = {"game": N_("Win rate by game"), "difficulty": N_("Win rate by difficulty"),
              "survivor": N_("Win rate by survivor or character"), "player_count": N_("Win rate by player count"),
              "player": N_("Win rate by player")}
    for key, title in titles.items():
        rows = s["win_rate"][key]
        if not rows:
            continue
        out.print()
        t = _table(title, "", "won", "lost", "rate", "")
        for r in rows:
            t.add_row(esc(r["label"]), str(r["won"]), str(r["lost"]), percent(r["rate"]),
                      f"[green]{bar(r['rate'] or 0, 1.0, 20)}[/]" if r["rate"] is not None else _("[dim]no decided plays[/]"))
        out.print(t)
    for key, title in (("game", N_("Streaks by game")), ("player", N_("Streaks by player"))):
        rows = s["streaks"][key]
        if not rows:
            continue
        out.print()
        t = _table(title, "", "now", "longest won", "longest lost")  # untranslated: column keys: COLUMNS gives their words
        for r in rows:
            cur = r["current"]
            now = f"{cur['length']} {_(STREAK.get(cur['kind'], cur['kind']))}" if cur["kind"] else "—"
            t.add_row(esc(r["label"]), now, str(r["longest_won"]), str(r["longest_lost"]))
        out.print(t)
    if s["scores"]:
        out.print()
        best = max(abs(r["best"]) for r in s["scores"]) or 1
        t = _table(N_("Scores"), "", "scored", "average", "best", "", "by, on")
        for r in s["scores"]:
            t.add_row(esc(r["label"]), str(r["count"]), f"{r['average']:g}", f"{r['best']:g}",
                      f"[yellow]{bar(r['average'], best, 16)}[/]", esc(f"{r['best_by']}, {local(r['best_started'], '%Y-%m-%d')}"))
        out.print(t)
    out.print()
    for n in NOTES:
        out.print(f"[dim]· {_(n)}[/]")
