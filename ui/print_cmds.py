"""`castaway print kit|cards|dice|tokens|reference|save` and `castaway resume CODE`.

reportlab and qrcode load only inside these commands (printables/ is imported lazily), so
`castaway status` never pays for them. Every PDF is built in memory first, then written to a temp
file in the output folder and renamed: a failing command writes nothing, and nothing is ever
written outside the chosen folder.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from companion import session
from companion.errors import UsageError
from companion.i18n import _, ngettext
from ui.common import CTX, command, emit_json, out, print_app, store

PaperOpt = Annotated[str, typer.Option("--paper", help=_("a4 or letter."))]
SizeOpt = Annotated[str, typer.Option("--size", help=_("Card size: poker, bridge, mini, euro, tarot, or WxH in mm (70x120), each side 25 mm or more; under 28 mm a card whose words need the room prints without its QR code."))]
BacksOpt = Annotated[str, typer.Option("--backs", help=_("none, long (duplex, flip on long edge), short (flip on short edge) or gutterfold."))]
OffsetOpt = Annotated[str, typer.Option("--offset", help=_("Shift the backs by X,Y mm if your printer drifts (duplex backs: long, short): positive X moves them right, positive Y up, as the backs page lies printed side up (e.g. 0.5,-1)."))]
BleedOpt = Annotated[float, typer.Option("--bleed", help=_("Bleed around each card, mm (0..5), kept whole on every side: a sheet holds a row fewer rather than less bleed (poker on A4: 9 a sheet up to 2.25 mm, 8 from there)."))]
StickerOpt = Annotated[Optional[str], typer.Option("--sticker", help=_("Sticker side, 5..40 mm: for every die (13), or per die by its id or its size in mm (placement=10,shark=13 or 15=13,12=10)."))]
NumbersOpt = Annotated[bool, typer.Option("--numbers", help=_("Print numbered die faces as digits instead of pips."))]
OutOpt = Annotated[str, typer.Option("--out", help=_("The folder to write into (made if missing)."))]
JsonOpt = Annotated[bool, typer.Option("--json", help=_("Machine-readable list of the files written."))]
EditionOpt = Annotated[Optional[str], typer.Option("--edition", help=_("The edition to print, e.g. 21 Days: en or cs (the Czech edition's names and cards, in Czech unless --lang says otherwise)."))]


def _offset(text: str) -> tuple[float, float]:
    try:
        bits = [float(b) for b in text.replace(" ", "").split(",")]
    except ValueError:
        bits = []
    if len(bits) != 2:
        raise UsageError(_("--offset {text!r}: give X,Y in mm, e.g. 0.5,-1").format(text=text))
    return bits[0], bits[1]


def _options(paper, size, backs, offset, bleed, sticker=None, numbers=False, edition=None):
    from printables import dice, packing, sizes
    from printables.kit import KitOptions

    paper = paper.strip().lower()
    sizes.paper_size(paper)
    sizes.card_size(size)
    if backs.strip().lower() not in sizes.BACKS:
        raise UsageError(_("--backs {backs!r}: accepted: {items}").format(backs=backs, items=', '.join(sizes.BACKS)))
    opts = KitOptions(paper, size.strip().lower(), backs.strip().lower(), _offset(offset), bleed,
                      dice.parse_sticker(sticker), not numbers, (edition or "").strip().lower() or None)
    sizes.check_options(paper, bleed, opts.backs, opts.offset)
    packing.check_fits(paper, *sizes.card_size(size), opts.backs, bleed)  # refuses sizes or bleeds that do not fit
    return opts


def out_folder(out_dir: str) -> Path:
    try:
        folder = Path(out_dir).expanduser().resolve()
        is_file = folder.exists() and not folder.is_dir()
    except OSError as e:
        raise UsageError(_("--out {out_dir!r}: {reason}").format(out_dir=out_dir[:80], reason=e.strerror or e)) from None
    if is_file:
        raise UsageError(_("--out {out_dir!r} is a file; give a folder").format(out_dir=out_dir))
    return folder


def write_all(folder: Path, files: list[tuple[str, bytes]]) -> list[Path]:
    """Write each (name, bytes) into the folder, atomically; names that would leave it are refused."""
    from ui.files import writable, write_atomic

    targets = []
    for name, _data in files:
        target = folder / name  # its own name kept: a link there is replaced, never followed
        if Path(name).name != name or name in ("", ".", "..") or target.parent != folder:
            raise UsageError(_("file name {name!r} would be written outside {text!r}").format(name=name, text=str(folder)))
        targets.append(target)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise UsageError(_("cannot make folder {text!r}: {strerror}").format(text=str(folder), strerror=e.strerror)) from None
    for t in targets:  # every file checked before the first is written
        writable(str(t))
    return [write_atomic(str(t), data) for t, (_n, data) in zip(targets, files)]


def _report(paths: list[Path], as_json: bool, what: list[str] | None = None) -> None:
    if as_json:
        return emit_json([{"file": str(p), "what": w, "bytes": p.stat().st_size} for p, w in zip(paths, what or [""] * len(paths))])
    for p in paths:
        out.print(_("wrote {p}").format(p=p), markup=False)


def _build(parts, label: str) -> list[tuple[str, bytes, str]]:
    """Run the builders with a progress bar (pages made), in memory."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    built = []
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=out, transient=False, disable=not out.is_terminal) as bar:
        task = bar.add_task(label, total=sum(p.pages for p in parts))
        for part in parts:
            bar.update(task, description=f"{label}: {part.what}")
            data = part.build(lambda: bar.advance(task))
            if data:
                built.append((part.file, data, part.what))
        bar.update(task, completed=bar.tasks[0].total, description=f"{label}: done")
    return built


def _catalog(game: str, edition: str | None = None):
    from companion import catalog, i18n

    cat = catalog.load(catalog.resolve_game(game), edition)
    i18n.prefer(edition)
    return cat


@command("kit", app=print_app)
def kit_cmd(
    game: Annotated[str, typer.Argument(help=_("A game: its id or an alias, as `castaway rules games` lists them."))],
    paper: PaperOpt = "a4", size: SizeOpt = "poker", backs: BacksOpt = "long", offset: OffsetOpt = "0,0",
    bleed: BleedOpt = 3.0, sticker: StickerOpt = None, numbers: NumbersOpt = False, out_dir: OutOpt = ".",
    as_json: JsonOpt = False, edition: EditionOpt = None,
):
    """All of a game's printables in one go: cards, dice stickers, tokens, reference aids.

    Example: castaway print kit GAME --paper letter --out kit/
    """
    from printables.kit import plan

    cat = _catalog(game, edition)
    opts = _options(paper, size, backs, offset, bleed, sticker, numbers, edition)
    folder = out_folder(out_dir)
    built = _build(plan(cat, opts), _("{name} kit").format(name=_(cat.name)))
    paths = write_all(folder, [(n, d) for n, d, _w in built])
    _report(paths, as_json, [w for _n, _d, w in built])


def _one(game, kind, opts, out_dir, as_json, edition=None, **kw):
    from dataclasses import replace

    from printables.kit import plan

    cat = _catalog(game, edition)
    opts = replace(opts, edition=(edition or "").strip().lower() or None)
    parts = [p for p in plan(cat, opts, merge=False) if p.file.endswith(f"-{kind}.pdf")]
    if not parts:
        raise UsageError(_("{name} has no {kind} to print").format(name=_(cat.name), kind=kind))
    built = _build(parts, f"{_(cat.name)} {parts[0].what}")
    paths = write_all(out_folder(out_dir), [(n, d) for n, d, _w in built])
    _report(paths, as_json, [w for _n, _d, w in built])


@command("cards", app=print_app)
def cards_cmd(
    game: Annotated[str, typer.Argument(help=_("A game: its id or an alias, as `castaway rules games` lists them."))],
    deck: Annotated[Optional[list[str]], typer.Option("--deck", "-d", help=_("Only this deck (repeat for more); 'character' for the characters."))] = None,
    file: Annotated[Optional[str], typer.Option("--file", help=_("A TOML file of your own cards ([[deck]] tables) to print the same way."))] = None,
    paper: PaperOpt = "a4", size: SizeOpt = "poker", backs: BacksOpt = "long", offset: OffsetOpt = "0,0",
    bleed: BleedOpt = 3.0, out_dir: OutOpt = ".", as_json: JsonOpt = False, edition: EditionOpt = None,
):
    """A game's cards (and characters), or only some decks, or your own cards from a TOML file.

    Example: castaway print cards GAME --deck bottle --size mini --backs gutterfold
    """
    from companion import catalog
    from printables import cards

    cat = _catalog(game, edition)
    opts = _options(paper, size, backs, offset, bleed, edition=edition)
    if file:  # your own decks only: the game's are not made at all
        own = catalog.read_decks(Path(file))
        faces = [f for i, d in enumerate(own) for f in cards.deck_faces(cat, d, i)]
    else:
        faces = cards.all_faces(cat) + cards.all_faces(cat, token_decks=True) + cards.character_faces(cat)
    if deck:
        wanted = {d.strip().lower() for d in deck}
        known = {f.group_id for f in faces}
        for d in wanted - known:
            from companion.errors import did_you_mean

            raise UsageError(_("--deck {d!r}: {did_you_mean}").format(d=d, did_you_mean=did_you_mean(d, known)))
        faces = [f for f in faces if f.group_id in wanted]
    if not faces:
        raise UsageError(_("{name}: no cards to print").format(name=_(cat.name)))
    from printables.kit import Part, stem

    title = _("{name} cards").format(name=_(cat.name))
    count = ngettext("{n} card", "{n} cards", len(faces)).format(n=len(faces))
    built = _build([Part(f"{stem(cat, opts)}-cards{'-own' if file else ''}.pdf", count,
                          lambda cb: cards.render(faces, opts.cards(), title, on_page=cb), 1)], title)
    paths = write_all(out_folder(out_dir), [(n, d) for n, d, _w in built])
    _report(paths, as_json, [w for _n, _d, w in built])


@command("dice", app=print_app)
def dice_cmd(
    game: Annotated[str, typer.Argument(help=_("A game: its id or an alias, as `castaway rules games` lists them."))],
    paper: PaperOpt = "a4", sticker: StickerOpt = None, numbers: NumbersOpt = False, out_dir: OutOpt = ".",
    as_json: JsonOpt = False, edition: EditionOpt = None,
):
    """Dice sticker sheets with a test strip of sizes (and a placement net for numbered dice).

    Example: castaway print dice GAME --sticker 15=12.5
    """
    _one(game, "dice", _options(paper, "poker", "none", "0,0", 3.0, sticker, numbers), out_dir, as_json, edition)


@command("tokens", app=print_app)
def tokens_cmd(
    game: Annotated[str, typer.Argument(help=_("A game: its id or an alias, as `castaway rules games` lists them."))],
    paper: PaperOpt = "a4", backs: BacksOpt = "long", offset: OffsetOpt = "0,0", bleed: BleedOpt = 3.0,
    out_dir: OutOpt = ".", as_json: JsonOpt = False, edition: EditionOpt = None,
):
    """Tokens (with QR codes), counter pieces and track cards.

    Example: castaway print tokens GAME --backs none
    """
    _one(game, "tokens", _options(paper, "poker", backs, offset, bleed), out_dir, as_json, edition)


@command("reference", app=print_app)
def reference_cmd(
    game: Annotated[str, typer.Argument(help=_("A game: its id or an alias, as `castaway rules games` lists them."))],
    paper: PaperOpt = "a4", out_dir: OutOpt = ".", as_json: JsonOpt = False, edition: EditionOpt = None,
):
    """The game's reference aids: turn summary and the tables looked up most.

    Example: castaway print reference GAME --paper letter
    """
    _one(game, "reference", _options(paper, "poker", "none", "0,0", 3.0), out_dir, as_json, edition)


@command("save", app=print_app)
def save_cmd(paper: PaperOpt = "a4", out_dir: OutOpt = ".", as_json: JsonOpt = False):
    """A one-page save sheet of the current game: the board in words and a QR code to resume it.

    Example: castaway print save --out saves/
    """
    from companion import savecode
    from companion.store import now
    from printables import savesheet, sizes

    sizes.paper_size(paper)
    with store() as st:
        gid = session.current_id(st, CTX.game)
        loaded = session.load(st, gid)
    code = savecode.encode(loaded.table, loaded.row.title)
    title = _("{name}: save sheet, game {id}").format(name=_(loaded.cat.name), id=loaded.row.id)
    if loaded.row.title:
        title = f"{title} · {loaded.row.title}"
    sub = _("version {version} · saved {at} · restore with: castaway resume CODE").format(
        version=loaded.row.version, at=now()[:16].replace('T', ' '))
    pdf = savesheet.render(title, sub, savesheet.rows(loaded.table.data, loaded.cat), code, paper.strip().lower())
    name = f"{loaded.cat.id}-game{loaded.row.id}-v{loaded.row.version}-save-{paper.strip().lower()}.pdf"
    paths = write_all(out_folder(out_dir), [(name, pdf)])
    _report(paths, as_json, ["save sheet"])  # untranslated: a --json value, read by programs


@command("resume")
def resume_cmd(
    code: Annotated[str, typer.Argument(help=_("The code from a save sheet (scan its QR code, or type it)."))],
    title: Annotated[str, typer.Option(help=_("A name for the restored game."))] = "",
):
    """Start a new game from a save sheet's code; it becomes the current game.

    Example: castaway resume 'CW2-04334J CB4C5T ...' (version 1 codes, CW1-..., are read too)
    """
    from companion import catalog, savecode, savestate
    from ui.board import render
    from ui.common import show_board

    data, saved_title = savecode.decode(code, with_title=True)
    table = savestate.check(data)
    try:  # the board must draw before the game is made: a state `status` cannot show is refused
        render(table.copy(), catalog.load(table.game, table.data.get("edition") or None))
    except Exception as e:
        raise UsageError(_("save code: the state does not hold together ({kind} drawing the board); nothing was created").format(kind=type(e).__name__)) from None
    with store(create=True) as st:
        loaded = session.new_game_from_state(st, table, title=title or saved_title or _("resumed from a save sheet"))
    out.print(_("Game {id}: {name} restored from the save code. It is now the current game.").format(id=loaded.row.id, name=_(loaded.cat.name)))
    show_board(loaded.table, loaded.cat, loaded.row)

