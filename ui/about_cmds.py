"""What castaway knows and checks: rules assumptions, the database check, the demo."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from companion import session
from companion.i18n import N_, _
from ui.common import command, emit_json, out, rules_app, show_board, store
from ui.text import esc


# -- rules ---------------------------------------------------------------------------------------


@command("assumptions", app=rules_app)
def assumptions_cmd(
    game: Annotated[Optional[str], typer.Argument(help=_("A game; all games if left out."))] = None,
    as_json: Annotated[bool, typer.Option("--json", help=_("Machine-readable output."))] = False,
):
    """Every catalog entry that no rulebook backs, and why it is assumed.

    Example: castaway rules assumptions 21days
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


@command("demo")
def demo_cmd(seed: Annotated[int, typer.Option(help=_("Seed for the demo's virtual dice."))] = 21):
    """A short non-interactive tour: a 21 Days game is set up, dice rolled, a card drawn, undone, and the board shown.

    Example: castaway demo
    """
    from companion.actions import Move, Roll
    from companion.card_actions import Draw

    with store(create=True) as st:
        loaded = session.new_game(st, "21days", {"players": ["Ann", "Bob"]}, seed=seed, title="demo")
        gid = loaded.row.id

        def card_name(card: str) -> str:  # a bottle card as printed, not its id
            return _(loaded.cat.deck("bottle").card(card.split(":")[0]).name)

        out.print(_("[bold]Game {gid}[/]: a 21 Days table for Ann and Bob, seed {seed}.\n").format(gid=gid, seed=seed))
        steps = [
            (N_("The shark card slides one step closer"), Move("shark", -1)),
            (N_("The starting player rolls the shark die"), Roll(("shark",), None, _("a test bite"))),
            (N_("Red rolls a flare: a 6 would move the ship"), Roll(("red",), None, _("flare"))),
            (N_("The table rolled a real 6: typed in"), Roll(("red",), ((6,),), _("flare"))),
            (N_("The ship moves one space right"), Move("ship", +1)),
            (N_("Yellow draws a bottle card"), Draw("bottle", None, "yellow")),
        ]
        for say, action in steps:
            ev, table = session.act(st, gid, action)
            res = ""
            if isinstance(ev.result, dict) and "faces" in ev.result:
                res = "  →  " + "  ".join("/".join(map(str, f)) for f in ev.result["faces"])
            elif isinstance(ev.result, dict) and "card" in ev.result:
                res = f"  →  {card_name(ev.result['card'])}"
            out.print(f"{_(say)}:  [dim]#{ev.seq}[/] {session.event_text(ev)}{res}")
        ev, table, undone = session.undo(st, gid)
        out.print(_("Undo:  [dim]#{seq}[/] the bottle card goes back ({text})").format(seq=ev.seq, text=session.event_text(undone)))
        ev, table = session.act(st, gid, Draw("bottle", None, "yellow"))
        out.print(_("Draw again: the same card comes up, undo cannot re-roll →  {card}\n").format(card=card_name(ev.result['card'])))
        loaded = session.load(st, gid)
    show_board(loaded.table, loaded.cat, loaded.row)
    out.print(_("\nTry: castaway status · castaway roll 2d6 · castaway history · castaway undo · castaway --help"))
