"""What castaway knows and checks: rules assumptions, the database check."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from companion.i18n import _
from ui.common import command, emit_json, out, rules_app, store
from ui.text import esc

# -- rules ---------------------------------------------------------------------------------------


@command("games", app=rules_app)
def games_cmd(as_json: Annotated[bool, typer.Option("--json", help=_("Machine-readable output."))] = False):
    """The games castaway knows.

    Example: castaway rules games
    """
    from companion import catalog

    rows = []
    for gid in catalog.game_ids():
        c = catalog.load(gid)
        rows.append({"id": c.id, "name": c.name, "aliases": list(c.aliases), "players": list(c.players), "bgg_id": c.bgg_id})
    if as_json:
        return emit_json(rows)
    for r in rows:
        out.print(_("[bold]{id:<10}[/] {name}  [dim]{low}-{high} players; also: {aliases}[/]").format(id=r['id'], name=_(r['name']), low=r['players'][0], high=r['players'][1], aliases=', '.join(r['aliases'])))



@command("assumptions", app=rules_app)
def assumptions_cmd(
    game: Annotated[Optional[str], typer.Argument(help=_("A game; all games if left out."))] = None,
    as_json: Annotated[bool, typer.Option("--json", help=_("Machine-readable output."))] = False,
):
    """Every catalog entry that no rulebook backs, and why it is assumed.

    Example: castaway rules assumptions GAME
    """
    from companion import catalog

    ids = [catalog.resolve_game(game)] if game else catalog.game_ids()
    rows = []
    for gid in ids:
        for kind, ident, why in catalog.load(gid).assumptions():
            rows.append({"game": gid, "kind": kind, "id": ident, "assumed": why})
    if as_json:
        return emit_json(rows)
    for r in rows:
        out.print(f"[bold]{r['game']}[/] {r['kind']} [bold]{esc(r['id'])}[/]: {esc(r['assumed'])}")
    out.print(_("[dim]{n} assumed entries. Correct them in a TOML file of your own: see the README, 'Your own data'.[/]").format(n=len(rows)))


@command("check")
def check_cmd(
    repair: Annotated[bool, typer.Option("--repair", help=_("Rebuild each game's cached state and snapshots from its log (the log is never changed)."))] = False,
):
    """Check the database: integrity, gapless logs, and replay equal to the stored state.

    Example: castaway check --repair
    """
    from companion import dbcheck

    with store() as st:
        report = dbcheck.check(st, repair=repair)
    for line in report["lines"]:
        out.print(line, markup=False)
    if not report["ok"]:
        raise typer.Exit(1)
