"""21 Mutinies at a glance: the turn order with the captain, the pirate token, the trade routes'
tokens, the stacks, the pawns placed this round, each pirate's prestige track with its bonus
spaces, money, rum and tokens, and the score pad during the final scoring."""

from __future__ import annotations

import re

from companion.catalog import GameCatalog
from companion.games.mutinies import core, purse
from companion.games.mutinies.score import pad_rows
from companion.i18n import N_, _
from companion.table import Table
from ui.text import esc

BONUS_GLYPH = {"doubloon": "◉", "rum": "▪", "treasure": "✚", "jewel": "◆"}
PHASES = {"setup": N_("Setup"), "captain": N_("The captain's action"), "sailors": N_("The sailors"),
          "resolve": N_("Resolving the actions"), "mutiny-card": N_("The new captain's card"), "scoring": N_("Final scoring"),
          "over": N_("Game over")}


def colour(cat: GameCatalog, seat: str) -> str:
    spec = cat.seats.get(seat)
    return spec.colour if spec and spec.colour else "white"


def who(t: Table, cat: GameCatalog, seat: str) -> str:
    if seat == core.HENCHMAN:
        return f"[dim]{esc(_('the henchman'))}[/]"
    return f"[{colour(cat, seat)} bold]{esc(core.name(t, seat))}[/]"


def prestige_track(t: Table, seat: str, width: int = 24) -> str:
    f = t.data["flow"]
    pp = t.seat_values(seat)["prestige"]
    claimed = f["claimed"].get(seat, [])
    cells = []
    hi = max(width, pp + 2)
    for pos in range(0, hi + 1):
        bonus = f["board"]["bonuses"].get(str(pos))
        if pos == pp:
            cells.append(f"[reverse bold]{pp}[/]")
        elif bonus:
            glyph = BONUS_GLYPH.get(bonus, "*")
            cells.append(f"[dim]{glyph}[/]" if pos in claimed else f"[yellow]{glyph}[/]")
        else:
            cells.append("[dim]·[/]" if pos > pp else "━")
    return "".join(cells)


def spot_name(p: dict) -> str:
    """Where on its action a pawn stands, in printed words: a square or space number, a combination,
    a town space, a mutiny space; nothing for the cabin."""
    detail = p["detail"] or ""
    if p["action"] == "market":
        return _(core.COMBO_NAMES[detail])
    if p["action"] == "town":
        space, _colon, combo = detail.partition(":")
        return _(core.TOWN_NAMES[space]) + (": " + _(core.COMBO_NAMES[combo]) if combo else "")
    if p["action"] == "routes":
        return _("at square {n}").format(n=p["space"])
    if p["action"] == "mutiny":
        return _("at space {n}").format(n=detail)
    return _("at space {n}").format(n=p["space"]) if p["space"] else ""


def fit(cells: list[str], width: int = 80) -> list[str]:
    """Marked-up cells joined by spaces into lines no wider than `width` (the markup takes no room);
    the following lines indented by 4."""
    lines, cur, used = [], "", 0
    for cell in cells:
        size = len(re.sub(r"\[/?[a-z0-9 #]*\]", "", cell))
        if cur and used + 1 + size > width:
            lines.append(cur)
            cur, used = "    " + cell, 4 + size
        else:
            cur, used = (cur + " " + cell, used + 1 + size) if cur else (cell, size)
    return lines + ([cur] if cur else [])


def render(t: Table, cat: GameCatalog, row=None) -> list[str]:
    d = t.data
    f = d["flow"]
    lines = []
    head = f"[bold]{esc(_(cat.name))}[/]"
    if row is not None:
        head += "  ·  " + _("game {id}, version {version}").format(id=row.id, version=row.version)
    lines.append(head)
    state = "[bold]" + esc(_("Round {n}").format(n=d["tracks"]["round"])) + "[/]  ·  " + esc(_(PHASES.get(d["flags"]["phase"], d["flags"]["phase"])))
    if f["final_round"]:
        state += ("  ·  [bold red]" + esc(_("the final round")) + "[/]" if f["final_round"] == d["tracks"]["round"]
                  else "  ·  " + esc(_("final round: {n}").format(n=f["final_round"])))
    lines.append(state)
    if d.get("over"):
        won = ", ".join(core.name(t, s) for s in d["over"].get("winners", []))
        lines.append(f"[bold reverse] {esc(_('game over'))} [/] " + esc(_("winner: {who}").format(who=won)))
    lines += fit([f"[bold]{esc(_('Turn order'))}[/] "] + [("⚓ " if i == 0 else "› ") + who(t, cat, s) for i, s in enumerate(f["order"])])
    if f["pirate"]:
        lines.append("☠ " + esc(_("the pirate token covers {action}").format(action=_(core.ACTION_NAMES[f["pirate"]]))))
    for action, b in f["blocked"].items():
        when = _("until the next mutiny") if b.get("until") == "mutiny" else _("in round {n}").format(n=b.get("round"))
        lines.append(f"[red]✖ {esc(_(core.ACTION_NAMES[action]))}[/] {esc(when)} ({esc(_(str(b.get('card'))))})")
    if core.texts_ignored(t):
        lines.append(f"[dim]{esc(_('card texts ignored'))}[/]")
    routes = " ".join(f"[bold on grey23] {i + 1}:{esc(purse.cost_text(sq['cost']))} [/]" if sq["token"]
                      else f"[dim] {i + 1}:{esc(_('empty'))} [/]" for i, sq in enumerate(f["routes"]))
    c = d["counters"]
    lines.append(f"[bold]{esc(_('Trade routes'))}[/] {routes}")
    lines.append(esc(_("jewel stack ◆×{jewels}   treasures ✚×{treasures}   tavern rum ▪×{rum}   bank ◉×{bank}").format(
        jewels=c["jewels"], treasures=c["treasures"], rum=t.pool_left("rum"), bank=t.pool_left("doubloons"))))
    lines.append(esc(_("mutiny deck ▮×{n} (the Last Mutiny at the bottom)").format(n=f["deck_left"])))
    if f["placed"]:
        by_action: dict[str, list[str]] = {}
        for p in f["placed"]:
            spot = spot_name(p)
            by_action.setdefault(p["action"], []).append(who(t, cat, p["seat"]) + (f" ({esc(spot)})" if spot else ""))
        lines.append(f"[bold]{esc(_('Pawns'))}[/]")
        for a, ps in by_action.items():
            lines += fit([f" {esc(_(core.ACTION_NAMES[a]))}:"] + [x + "," for x in ps[:-1]] + ps[-1:])
    if f["queue"]:
        nxt = f["queue"][0]
        lines.append(f"[bold]{esc(_('Next to resolve'))}[/] {esc(_(core.ACTION_NAMES[nxt['kind']]))}")
    lines.append("")
    for seat in core.players(t):
        v = t.seat_values(seat)
        cards = f["cards"]
        held, front = len(cards["held"].get(seat, [])), len(cards["front"].get(seat, []))
        role = _("captain") if seat == core.captain(t) else _("sailor")
        pad = " " * max(1, 20 - len(core.name(t, seat)))
        lines.append(f"{who(t, cat, seat)}{pad}[dim]{esc(role):<10}[/]{esc(_('prestige'))} {prestige_track(t, seat)}")
        lines.append("    " + esc(_("◉ doubloons {d} ▪ rum {r} ◆ jewels {j} ✚ treasures {tr} ▮ cards {held} in hand, {front} in front").format(
            d=v["doubloons"], r=v["rum"], j=v["jewel"], tr=v["treasure"], held=held, front=front)))
    rows = pad_rows(t)
    if rows:
        lines.append("")
        lines.extend(pad_lines(t, rows))
    return lines


def pad_lines(t: Table, rows: list[tuple[str, dict]]) -> list[str]:
    """The score pad: one row per scoring step, one column per player: prestige (doubloons)."""
    seats = core.players(t)
    names = [t.seat_values(s).get("player") or _(s) for s in seats]
    col = max(10, min(14, max(len(n) for n in names) + 2))  # a column: the name, or "prestige (doubloons)"
    shown = []
    for label, _vals in rows:
        n, _sp, rest = label.partition(" ")
        shown.append(f"{n} {_(rest)}" if n.isdecimal() else _(label))
    width = max(12, min(max(len(x) for x in shown + [_("step")]) + 1, 80 - col * len(seats)))  # 80 columns in all

    def cut(text: str, n: int) -> str:
        return text if len(text) <= n else text[:n - 1] + "…"

    out = [f"[bold]{esc(cut(_('step'), width - 1).ljust(width))}" + "".join(esc(cut(n, col - 1).rjust(col)) for n in names) + "[/]"]
    for label, (_l, vals) in zip(shown, rows):
        out.append(esc(cut(label, width - 1).ljust(width)) + "".join(f"{vals[s][0]:>{col - 5}} ({vals[s][1]:>2})" for s in seats))
    won = (t.data.get("over") or {}).get("winners")
    if won:
        out.append(f"[bold]{esc(_('winner:'))}[/] " + esc(", ".join(core.name(t, s) for s in won))
                   + ("  " + esc(_("(tie broken by doubloons)")) if _tie_on_prestige(t) else ""))
    return out


def _tie_on_prestige(t: Table) -> bool:
    pps = sorted((t.seat_values(s)["prestige"] for s in core.players(t)), reverse=True)
    return len(pps) > 1 and pps[0] == pps[1]
