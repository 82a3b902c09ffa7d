"""`castaway plays ...`: the play log (list, show, edit, delete, add, stats, export, import, bgg-id) and
`castaway print report` (the stats as a PDF with charts)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Optional

import typer

from companion import playlog
from companion import plays as pl
from companion.errors import RuleError, UsageError
from companion.i18n import _, ngettext
from companion.playtimes import iso, local, parse_when, utc_now
from companion.playwords import describe
from ui.charts import minutes
from ui.common import app, command, emit_json, err, group, out, print_app, store
from ui.text import esc

plays_app = group(help=_("The play log: every game castaway ends, and games you add by hand."), no_args_is_help=True)
app.add_typer(plays_app, name="plays")

FORMATS = ("csv", "json", "bgg", "bgstats", "bgstats-links")

GameOpt = Annotated[Optional[str], typer.Option("--game", help=_("Only this game: its id or an alias, as `castaway rules games` lists them."))]
PlayerOpt = Annotated[Optional[str], typer.Option("--player", help=_("Only plays with this player (by name)."))]
SinceOpt = Annotated[Optional[str], typer.Option("--since", help=_("Only plays started on or after this date (YYYY-MM-DD)."))]
UntilOpt = Annotated[Optional[str], typer.Option("--until", help=_("Only plays started on or before this date (YYYY-MM-DD)."))]
JsonOpt = Annotated[bool, typer.Option("--json", help=_("Machine-readable output."))]


def _entries(game, player, since, until) -> list[dict]:
    with store() as st:
        return playlog.entries(st, game, player, since, until)


def _public(e: dict) -> dict:
    return {"id": e["id"], "uid": e["uid"], "game_id": e["game_id"], **e["data"]}


# -- options shared by add and edit ------------------------------------------------------------------


def _pairs(items: list[str] | None, what: str, example: str) -> dict[str, str]:
    pairs = {}
    for item in items or []:
        if "=" not in item or not item.split("=", 1)[0].strip():
            raise UsageError(_("{what} {item!r}: write NAME=VALUE, e.g. {example}").format(what=what, item=item, example=example))
        k, v = item.split("=", 1)
        pairs[k.strip()] = v.strip()
    return pairs


def _changes(date, duration, location, comment, result, score, winner, new, role, expansion, variant, outcome) -> dict:
    ch: dict = {}
    if date is not None:
        ch["started"] = iso(parse_when(date, "--date"))
    if duration is not None:
        if duration < 0:
            raise UsageError(_("--duration {duration}: minutes from 0").format(duration=duration))
        ch["duration_min"] = duration
    if location is not None:
        ch["location"] = location
    if comment is not None:
        ch["comments"] = comment
    if result is not None:
        if result not in pl.RESULTS:
            raise UsageError(_("--result {result!r}: accepted: {join}").format(result=result, join=', '.join(pl.RESULTS)))
        ch["result"] = result
    if score:
        ch["scores"] = {k: v for k, v in _pairs(score, "--score", "Ann=12").items()}
    if winner:
        ch["winners"] = list(winner)
    if new:
        ch["new"] = list(new)
    if role:
        ch["roles"] = _pairs(role, "--role", "Ann=Maya")
    if expansion is not None and expansion:
        ch["expansions"] = list(expansion)
    if variant is not None and variant:
        ch["variants"] = list(variant)
    if outcome:
        ch["outcome"] = {k: pl.outcome_value(k, v) for k, v in _pairs(outcome, "--outcome", "day=21").items()}
    return ch


DateOpt = Annotated[Optional[str], typer.Option("--date", help=_("When it started: YYYY-MM-DD or 'YYYY-MM-DD HH:MM' (local time)."))]
DurationOpt = Annotated[Optional[int], typer.Option("--duration", help=_("Minutes played."))]
LocationOpt = Annotated[Optional[str], typer.Option("--location", help=_("Where you played."))]
CommentOpt = Annotated[Optional[str], typer.Option("--comment", help=_("Comments."))]
ResultOpt = Annotated[Optional[str], typer.Option("--result", help=_("won, lost or abandoned."))]
ScoreOpt = Annotated[Optional[list[str]], typer.Option("--score", help=_("A player's score as NAME=POINTS; repeat."))]
WinnerOpt = Annotated[Optional[list[str]], typer.Option("--winner", help=_("A winner by name; repeat (the others lose)."))]
NewOpt = Annotated[Optional[list[str]], typer.Option("--new", help=_("A player new to the game; repeat."))]
RoleOpt = Annotated[Optional[list[str]], typer.Option("--role", help=_("A player's survivor or character as NAME=ROLE; repeat."))]
ExpansionOpt = Annotated[Optional[list[str]], typer.Option("--expansion", help=_("An expansion played; repeat."))]
VariantOpt = Annotated[Optional[list[str]], typer.Option("--variant", help=_("A variant played; repeat."))]
OutcomeOpt = Annotated[Optional[list[str]], typer.Option("--outcome", help=_("The game's own terms as KEY=VALUE: day=21, ship=12, scenario=1, quest=2..."))]


# -- reading -----------------------------------------------------------------------------------------


@command("list", app=plays_app)
def list_cmd(game: GameOpt = None, player: PlayerOpt = None, since: SinceOpt = None, until: UntilOpt = None,
             as_json: JsonOpt = False):
    """The plays, oldest first by the date played, with their outcome in the game's own terms.

    Example: castaway plays list --game GAME --since 2026-01-01
    """
    rows = _entries(game, player, since, until)
    if as_json:
        return emit_json([_public(e) for e in rows])
    if not rows:
        out.print(_("No plays match. A game becomes a play when it ends (castaway end); add others with castaway plays add."))
        return
    for e in rows:
        d = e["data"]
        who = ", ".join(p["name"] for p in pl.people(d))
        dur = minutes(d["duration_min"])
        out.print(f"[bold]{e['id']:>4}[/]  {local(d['started'])}  {esc(_(pl.info(d['game']).name)):<16} {dur:>5}  "
                  f"{esc(describe(d))}  [dim]{esc(who)}[/]")


@command("show", app=plays_app)
def show_cmd(play: Annotated[str, typer.Argument(help=_("A play number, or 'last'."))], as_json: JsonOpt = False,
             link: Annotated[bool, typer.Option("--bgstats-link", help=_("Also print the bgstats:// link that adds it to BG Stats."))] = False):
    """Everything a play holds.

    Example: castaway plays show last
    """
    from companion import exchange

    with store() as st:
        e = playlog.play(st, play)
        ids = playlog.bgg_ids(st)
    if as_json:
        return emit_json(_public(e))
    d = e["data"]
    out.print(_("[bold]Play {id}[/]: {name}").format(id=e['id'], name=esc(_(pl.info(d['game']).name))) + (f" ({esc(d['edition'])})" if d["edition"] else ""))
    out.print(f"  {describe(d)}", markup=False)
    out.print(esc("  " + _("started {when}").format(when=local(d['started'])) + (_(", ended {when}").format(when=local(d['ended'])) if d["ended"] else "")
              + (_(", {n} minutes of play").format(n=d['duration_min']) if d["duration_min"] is not None else "")))
    for label, v in ((_("location"), d["location"]), (_("expansions"), ", ".join(d["expansions"])),
                     (_("variants"), ", ".join(d["variants"])), (_("comments"), d["comments"])):
        if v:
            out.print(f"  {label}: {v}", markup=False)
    for p in d["players"]:
        bits = [p["name"] or _("(unnamed)")]
        bits += [x for x in (_(p["colour"]) if p["colour"] else p["seat"], p["role"]) if x]
        if p["score"] is not None:
            bits.append(_("{n} points").format(n=p['score']))
        flags = [w for w, on in ((_("winner"), p["winner"]), (_("new"), p["new"]), (_("starting player"), p["start"]),
                                 (_("died"), p["alive"] is False)) if on]
        out.print("  · " + esc(" · ".join(bits)) + (f"  [dim]{', '.join(flags)}[/]" if flags else ""))
    if e["game_id"]:
        out.print(_("  [dim]its whole history: castaway --game {game_id} history --last 0[/]").format(game_id=e['game_id']))
    if link:
        if d["result"] == "abandoned":
            raise RuleError(_("play {id} was abandoned: BG Stats' push-play link cannot mark a play that does not "
                              "count, so castaway gives none (it would count as a loss for everyone)").format(id=e["id"]))
        out.print(exchange.bgstats_link(exchange.to_bgstats(e, ids)), markup=False)


@command("stats", app=plays_app)
def stats_cmd(game: GameOpt = None, player: PlayerOpt = None, since: SinceOpt = None, until: UntilOpt = None,
              as_json: JsonOpt = False):
    """Plays and time per game, win rates (by game, difficulty, survivor, player count, player), streaks and scores.

    Example: castaway plays stats --since 2026-01-01
    """
    from companion.playstats import stats

    s = stats(_entries(game, player, since, until))
    if as_json:
        return emit_json(s)
    from ui.plays_view import render_stats

    render_stats(s, out)


# -- writing -----------------------------------------------------------------------------------------


@command("add", app=plays_app)
def add_cmd(
    game: Annotated[str, typer.Argument(help=_("A game: its id or an alias, as `castaway rules games` lists them, or another game's name."))],
    date: DateOpt = None, duration: DurationOpt = None, location: LocationOpt = None, comment: CommentOpt = None,
    result: ResultOpt = None,
    player: Annotated[Optional[list[str]], typer.Option("--player", "-p", help=_("A player's name; repeat. NAME:COLOUR also sets the seat colour."))] = None,
    score: ScoreOpt = None, winner: WinnerOpt = None, new: NewOpt = None, role: RoleOpt = None,
    expansion: ExpansionOpt = None, variant: VariantOpt = None, outcome: OutcomeOpt = None,
    edition: Annotated[str, typer.Option("--edition", help=_("The edition played, e.g. en or cs."))] = "",
):
    """Record a game played without castaway.

    Example: castaway plays add GAME --date "2026-03-14 19:30" --duration 50 -p Ann -p Bob --result won --outcome day=21
    """
    gid = playlog.resolve(game)
    if date is None:
        raise UsageError(_("--date is needed: when did you play? e.g. --date 2026-03-14 or --date '2026-03-14 19:30'"))
    if result is None and winner:
        result = "won"  # someone won: the play ended with a winner (a cooperative game's win, too)
    if result is None:
        raise UsageError(_("--result is needed: won, lost or abandoned (or --winner NAME)"))
    seats = []
    for i, text in enumerate(player or [], start=1):
        name, _sep, colour = text.partition(":")
        if not name.strip():
            raise UsageError(_("--player {text!r}: give a name, e.g. -p Ann or -p Ann:red").format(text=text))
        seats.append({"name": name.strip(), "colour": colour.strip(), "seat": colour.strip(), "start": i == 1})
    base = pl.validate({"game": gid, "started": iso(parse_when(date, "--date")), "result": result,
                        "players": seats, "edition": edition, "source": "manual"})
    base["players"] = pl.settle_players(base["players"], {}, result, pl.info(gid).competitive)
    ch = _changes(None, duration, location, comment, None, score, winner, new, role, expansion, variant, outcome)
    record = pl.edit(base, ch)
    with store(create=True) as st:
        pid = playlog.add(st, record)
    out.print(_("Play {pid} added: {name}, {local}, {describe}.").format(pid=pid, name=pl.info(gid).name, local=local(record['started']), describe=describe(record)), markup=False)


@command("edit", app=plays_app)
def edit_cmd(
    play: Annotated[str, typer.Argument(help=_("A play number, or 'last'."))],
    date: DateOpt = None, duration: DurationOpt = None, location: LocationOpt = None, comment: CommentOpt = None,
    result: ResultOpt = None, score: ScoreOpt = None, winner: WinnerOpt = None, new: NewOpt = None,
    role: RoleOpt = None, expansion: ExpansionOpt = None, variant: VariantOpt = None, outcome: OutcomeOpt = None,
    add_player: Annotated[Optional[list[str]], typer.Option("--add-player", help=_("A player the play left out, NAME or NAME:COLOUR; repeat."))] = None,
    remove_player: Annotated[Optional[list[str]], typer.Option("--remove-player", help=_("A player who was not in the game, by name; repeat."))] = None,
):
    """Fix or complete a play: where, comments, scores, winners, players, expansions, the game's own terms.

    Example: castaway plays edit last --location "Ann's place" --comment "the shark took Bob on day 20"
    """
    ch = _changes(date, duration, location, comment, result, score, winner, new, role, expansion, variant, outcome)
    if remove_player:
        ch["remove"] = list(remove_player)
    if add_player:
        ch["add"] = []
        for text in add_player:
            name, _sep, colour = text.partition(":")
            if not name.strip():
                raise UsageError(_("--add-player {text!r}: give a name, e.g. --add-player Cid or --add-player Cid:yellow").format(text=text))
            ch["add"].append({"name": name.strip(), "colour": colour.strip()})
    if not ch:
        raise UsageError(_("nothing to change; give e.g. --location, --comment, --score NAME=N, --winner NAME, --add-player NAME (see --help)"))
    with store() as st:
        e = playlog.edit(st, play, ch)
    out.print(_("Play {id} changed: {name}, {describe}.").format(id=e['id'], name=pl.info(e['data']['game']).name, describe=describe(e['data'])), markup=False)


@command("delete", app=plays_app)
def delete_cmd(play: Annotated[str, typer.Argument(help=_("A play number, or 'last'."))],
               yes: Annotated[bool, typer.Option("--yes", "-y", help=_("Do not ask for confirmation."))] = False):
    """Delete a play from the log (its game's history stays).

    Example: castaway plays delete 3 --yes
    """
    with store() as st:
        e = playlog.play(st, play)
    if not yes and sys.stdin.isatty():
        if not typer.confirm(_("Delete play {id} ({name}, {when})?").format(id=e['id'], name=_(pl.info(e['data']['game']).name), when=local(e['data']['started']))):
            raise typer.Exit(1)
    with store() as st:
        playlog.delete(st, str(e["id"]))
    out.print(_("Play {id} deleted.").format(id=e['id']))


@command("bgg-id", app=plays_app)
def bgg_id_cmd(game: Annotated[Optional[str], typer.Argument(help=_("A game; all games if left out."))] = None,
               bgg_id: Annotated[Optional[str], typer.Argument(help=_("Its BoardGameGeek id, to set it."), metavar="ID")] = None,
               as_json: JsonOpt = False):
    """Show or set a game's BoardGameGeek id (needed for the BGG export).

    Example: castaway plays bgg-id GAME 12345
    """
    from companion import catalog

    if bgg_id is not None:
        with store(create=True) as st:
            gid, value = playlog.set_bgg_id(st, game, bgg_id)
        out.print(_("{name}: BoardGameGeek id {value}.").format(name=_(pl.info(gid).name), value=value), markup=False)
        return
    from companion.store import default_path
    from ui.common import CTX

    if Path(CTX.db or default_path()).exists():
        with store() as st:
            ids = playlog.bgg_ids(st)
    else:
        ids = playlog.bgg_ids(None)
    games = [playlog.resolve(game)] if game else sorted(set(pl.games()) | set(catalog.game_ids()))
    rows = [{"game": g, "name": _(pl.info(g).name), "bgg_id": ids.get(g)} for g in games]
    if as_json:
        return emit_json(rows)
    for r in rows:
        shown = r["bgg_id"] or _("not known: set it with castaway plays bgg-id {game} ID").format(game=r["game"])
        out.print(f"[bold]{r['game']:<10}[/] {esc(r['name'])}: {esc(shown)}")


# -- exports and imports -----------------------------------------------------------------------------


@command("export", app=plays_app)
def export_cmd(
    fmt: Annotated[str, typer.Argument(help=_("csv, json (castaway, every field), bgg (BoardGameGeek plays XML), bgstats (push-play JSON), bgstats-links."), metavar="FORMAT")],
    file: Annotated[str, typer.Argument(help=_("The file to write ('-': print it)."))],
    game: GameOpt = None, player: PlayerOpt = None, since: SinceOpt = None, until: UntilOpt = None,
):
    """Export plays; the file is written whole or not at all.

    Example: castaway plays export bgg plays.xml --game GAME
    """
    from companion import exchange

    f = fmt.strip().lower()
    if f not in FORMATS:
        raise UsageError(_("format {fmt!r}: accepted: {join}").format(fmt=fmt, join=', '.join(FORMATS)))
    with store() as st:
        rows = playlog.entries(st, game, player, since, until)
        ids = playlog.bgg_ids(st)
    left_out = exchange.counted(rows)[1] if f in ("bgstats", "bgstats-links") else []
    text = {
        "csv": lambda: exchange.to_csv(rows),
        "json": lambda: exchange.to_json(rows, iso(utc_now())),
        "bgg": lambda: exchange.to_bgg_xml(rows, ids),
        "bgstats": lambda: exchange.to_bgstats_json(rows, ids),
        "bgstats-links": lambda: exchange.to_bgstats_links(rows, ids),
    }[f]()
    note = (_("{n} abandoned play(s) left out: BG Stats' push-play format has no way to mark a play that does "
              "not count").format(n=len(left_out)) if left_out else "")
    if file == "-":
        sys.stdout.write(text)
        if note:
            err.print(note)
        return
    from ui.charts import write_atomic

    path = write_atomic(file, text)
    n = len(rows) - len(left_out)
    out.print(ngettext("{n} play written to {path} ({f}).", "{n} plays written to {path} ({f}).", n).format(n=n, path=path, f=f)
              + (f" {note}." if note else ""), markup=False)


@command("import", app=plays_app)
def import_cmd(
    file: Annotated[str, typer.Argument(help=_("A castaway JSON export or a BG Stats export (BGStatsExport.json)."))],
    fmt: Annotated[str, typer.Option("--format", help=_("auto, json (castaway) or bgstats."))] = "auto",
):
    """Import plays; a play already in the log (same key) is never added twice.

    Example: castaway plays import BGStatsExport.json
    """
    from companion import exchange
    from companion.bounded import IMPORT_LIMIT, IMPORT_WHAT, read_text

    f = fmt.strip().lower()
    if f not in ("auto", "json", "bgstats"):
        raise UsageError(_("--format {fmt!r}: accepted: auto, json, bgstats").format(fmt=fmt))
    f, doc = exchange.read(read_text(file, IMPORT_LIMIT, IMPORT_WHAT), file, f)
    skipped: dict[str, int] = {}
    with store(create=True) as st:
        if f == "json":
            items = exchange.from_json(doc, file)
        else:
            items, skipped = exchange.from_bgstats_export(doc, file, playlog.bgg_ids(st))
        added, dupes = playlog.import_entries(st, items)
    out.print(ngettext("{n} play imported", "{n} plays imported", len(added)).format(n=len(added))
              + (_(" (numbers {first}-{last})").format(first=added[0], last=added[-1]) if len(added) > 1 else _(" (number {n})").format(n=added[0]) if added else "")
              + (_("; {n} already in the log, left as they were").format(n=dupes) if dupes else "") + ".", markup=False)
    if skipped:
        total = sum(skipped.values())
        shown = ", ".join(f"{n} ({c})" for n, c in sorted(skipped.items(), key=lambda kv: (-kv[1], kv[0])))
        out.print(ngettext("Skipped {n} play of games castaway does not log: {shown}.", "Skipped {n} plays of games castaway does not log: {shown}.", total).format(n=total, shown=shown), markup=False)


# -- the PDF report ------------------------------------------------------------------------------------


@command("report", app=print_app)
def report_cmd(
    file: Annotated[str, typer.Argument(help=_("The PDF to write."))] = "castaway-report.pdf",
    paper: Annotated[str, typer.Option("--paper", help=_("a4 or letter."))] = "a4",
    game: GameOpt = None, player: PlayerOpt = None, since: SinceOpt = None, until: UntilOpt = None,
):
    """The play log's stats as a PDF with charts.

    Example: castaway print report report.pdf --paper letter
    """
    from companion.playstats import stats

    if paper.lower() not in ("a4", "letter"):
        raise UsageError(_("--paper {paper!r}: accepted: a4, letter").format(paper=paper))
    s = stats(_entries(game, player, since, until))
    from printables.report import report
    from ui.charts import write_atomic

    pdf = report(s, {"paper": paper.lower(), "game": game, "player": player, "since": since, "until": until,
                     "made": local(iso(utc_now()))})
    path = write_atomic(file, pdf)
    out.print(ngettext("Report written to {path} ({n} play).", "Report written to {path} ({n} plays).", s['plays']).format(path=path, n=s['plays']), markup=False)
