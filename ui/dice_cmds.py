"""`castaway dice roll DICE`: a roll, virtual or typed in from the table.

`castaway dice stats [DIE]`: are your real dice fair? Every face typed in from the table, counted per die
(per part for a die inside a die), with a chi-square test and its verdict in plain words."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from companion import playlog
from companion.errors import UsageError
from companion.i18n import _, ngettext
from ui.acting import act
from ui.common import app, command, emit_json, group, out, store
from ui.text import esc

dice_app = group(help=_("Dice: a roll, virtual or typed in from the table, and how fair your physical dice are."), no_args_is_help=True)
app.add_typer(dice_app, name="dice")


@command("roll", app=dice_app)
def roll_cmd(
    dice: Annotated[list[str], typer.Argument(help=_("Dice: d6, 2d6, shark, octopus, 3*white, red, ..."))],
    faces: Annotated[Optional[str], typer.Option("--faces", "-f", help=_("The faces you rolled at the table: 3,5; parts of a die with '/': 2/5."))] = None,
    why: Annotated[Optional[str], typer.Option("--for", help=_("What the roll is for (kept in the history)."))] = None,
):
    """Roll dice virtually, or record the faces rolled at the table.

    Example: castaway dice roll shark --faces 2/5
    """
    from companion.actions import Roll

    def shown(ev, _loaded) -> str:
        return "  →  [bold]" + "  ".join("/".join(str(f) for f in fs) for fs in ev.result["faces"]) + "[/]"

    act(lambda t, cat: Roll.parse(cat, dice, faces, why), shown)


def _die_parts(game: str, die_id: str) -> tuple[str, list[tuple[str, list]]]:
    """(die name, [(part name, faces)]) from the game's catalog; a plain dN when the catalog has no such die."""
    from companion import catalog, dice

    try:
        cat = catalog.load(game)
        die = cat.dice.get(die_id)
    except UsageError:
        die = None
    if die is None:
        sides = die_id[1:]
        if not (die_id.startswith("d") and sides.isdecimal()):
            return die_id, []
        die = dice.standard_die(int(sides))
    return die.name, [(p.name, list(p.faces)) for p in die.parts]


def groups(rolls: list[dict]) -> list[dict]:
    """One group per (game, die, part): its name, faces and the faces rolled."""
    acc: dict[tuple, dict] = {}
    for r in rolls:
        key = (r["game"], r["die"], r["part"])
        if key not in acc:
            name, parts = _die_parts(r["game"], r["die"])
            part_name = r["part"] if len(parts) > 1 else ""
            faces = next((f for p, f in parts if p == part_name), []) if len(parts) > 1 else (parts[0][1] if parts else [])
            label = f"{r['die']} {part_name}".strip()
            acc[key] = {"game": r["game"], "die": r["die"], "part": part_name, "label": label, "name": name,
                        "faces": faces, "rolled": []}
        acc[key]["rolled"].append(r["face"])
    return list(acc.values())


def _matches(g: dict, want: str) -> bool:
    w = " ".join(want.strip().lower().replace(".", " ").replace("/", " ").split())
    return w in (g["die"], g["label"], g["name"].lower())


@command("stats", app=dice_app)
def stats_cmd(
    die: Annotated[Optional[str], typer.Argument(help=_("A die (red, shark, octopus...) or one part of one ('shark outer'); all if left out."))] = None,
    game: Annotated[Optional[str], typer.Option("--in", help=_("Only dice of this game (its id, as `castaway rules games` lists them)."))] = None,
    as_json: Annotated[bool, typer.Option("--json", help=_("Machine-readable output."))] = False,
):
    """Counts per face of each die typed in at the table, a chi-square test, and whether it looks biased.

    Example: castaway dice stats "shark outer"
    """
    from companion.fairness import judge

    with store() as st:
        rolls = playlog.typed_dice(st)
    found = groups(rolls)
    if game:
        gid = playlog.resolve(game)
        found = [g for g in found if g["game"] == gid]
    if die:
        chosen = [g for g in found if _matches(g, die)]
        if not chosen:
            known = sorted({g["label"] for g in found})
            raise UsageError(_("no rolls typed in for die {die!r}; dice with typed rolls: {known} (type the faces you roll: castaway dice roll red --faces 6)").format(
                die=die, known=', '.join(known) or _('none yet')))
        found = chosen
    rows = []
    for g in found:
        if not g["faces"]:
            continue
        v = judge(g["faces"], g["rolled"])
        rows.append({"game": g["game"], "die": g["die"], "part": g["part"], "label": g["label"], "name": g["name"],
                     **v.to_dict()})
    if as_json:
        return emit_json(rows)
    if not rows:
        out.print(_("No dice typed in yet. When you roll real dice, type what they show: castaway dice roll red --faces 6"))
        return
    from ui.charts import bar

    for r in rows:
        out.print(ngettext("[bold]{label}[/] [dim]({name}, {game})[/]: {n} roll", "[bold]{label}[/] [dim]({name}, {game})[/]: {n} rolls", r['rolls']).format(
            label=esc(r['label']), name=esc(_(r['name'])), game=r['game'], n=r['rolls']))
        top = max(max(r["counts"]), max(r["expected"]))
        width = max(len(f) for f in r["faces"])
        for face, n, e in zip(r["faces"], r["counts"], r["expected"]):
            out.print(f"  {esc(face):>{width}} │[cyan]{bar(n, top, 30):<30}[/]│ {n:>4}  [dim]" + _("expected {e}").format(e=f"{e:.1f}") + "[/]")
        if r["enough"]:
            out.print("  " + _("chi-square {chi:.2f} on {df} degrees of freedom, p = {p:.3g}").format(chi=r['chi_square'], df=r['df'], p=r['p_value']))
        style = "bold red" if r["enough"] and r["p_value"] < 0.01 else "yellow" if not r["enough"] or r["p_value"] < 0.05 else "green"  # untranslated: Rich style names
        out.print(f"  [{style}]{r['verdict']}[/]\n")
