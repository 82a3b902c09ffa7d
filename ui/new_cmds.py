"""`castaway new GAME`: one command per game, each with that game's own setup options.

The options every game shares (players, seed, title, --opt) are declared once; a game's own flags are
options of its own command, and the keys its setup reads as `--opt KEY=VALUE` are listed, with their
meaning, in its help (OPT_KEYS); a game from elsewhere gets the shared options alone. A key the game does not know is refused, naming the ones it knows.
Only typer and ui.common at import: `castaway new --help` loads no game's rules.
"""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from companion import session
from companion.errors import UsageError
from companion.i18n import N_, _
from ui.common import Command, app, command, group, out, show_board, store

new_app = group(help=_("Start a game and make it the current one: `castaway new GAME`, with the game's own setup options."),
                      no_args_is_help=True)
app.add_typer(new_app, name="new")

Players = Annotated[Optional[list[str]], typer.Option("--player", "-p", help=_("A player's name; repeat for each."))]
Opt = Annotated[Optional[list[str]], typer.Option("--opt", "-o", help=_("A setup choice as KEY=VALUE; the keys are listed below."))]
Seed = Annotated[Optional[int], typer.Option(help=_("Seed for the virtual dice (repeatable games)."))]
Title = Annotated[str, typer.Option(help=_("A name for this game."))]

# The keys each game's setup reads from --opt, with what each means (shown in `castaway new GAME --help`).
OPT_KEYS: dict[str, tuple[tuple[str, str], ...]] = {
    "21days": (
        ("decks", N_("physical (default): the table draws the cards and tokens, castaway asks which; virtual: castaway draws them")),
        ("swap", N_("the swap location token turned up at setup: its number, name or id (default: asked with physical decks)")),
        ("weather", N_("yes: the Weather expansion")),
        ("kite", N_("yes: the Kite expansion")),
        ("reroll", N_("no: keep a virtual strength total under 20 or over 40 (by default it is rolled again once)")),
        ("starting", N_("the starting player's colour: red, yellow, blue or green (default red)")),
    ),
    "robinson": (
        ("players", N_("how many players (1-4), when no --player names them")),
        ("characters", N_("the character cards seat by seat: cook,explorer (2 players: carpenter, cook, explorer only); default drawn")),
        ("rounds", N_("the rounds on the Scenario card; the Event deck gets ceil(rounds/2) of each pile (default 12, assumed)")),
        ("weather", N_("the Scenario card's weather dice from a round on: '4:rain 7:rain+winter' (default: asked every round)")),
        ("items", N_("the 2 Starting Items drawn, each usable twice: Hammer,Bible")),
        ("camp", N_("what tile 8 shows besides the camp: 'food wood' (default, assumed), 'food shelter', ...")),
        ("friday", N_("yes or no: Friday (default: with 1-2 players)")),
        ("dog", N_("yes or no: the dog (default: solo)")),
        ("first", N_("the First Player (the youngest): a colour, character or name (default: the first seat)")),
    ),
    "mutinies": (
        ("count", N_("how many players (2-5), when no --player names them")),
        ("order", N_("the starting turn order, captain first: colours or names, Cid,Ann,Bob (default random)")),
        ("colours", N_("the seats used: red,blue,green of red, blue, green, yellow, purple (default: the first N)")),
        ("texts", N_("use or ignore the mutiny cards' texts (ignored: 2 doubloons a point at the end); default use")),
        ("cards", N_("random mutiny cards on top of the Last Mutiny, 20-44 (default 20)")),
        ("beyond", N_("the doubloon costs beside the 5 spaces beyond the trade routes (default 1,1,2,2,3, assumed)")),
        ("bonuses", N_("the prestige track's bonus spaces: 5:doubloon,10:rum,15:treasure,20:jewel (default, assumed)")),
    ),
    "dieson": (
        ("quest", N_("1 Survive (6 days), 2 Rescue Signal (10), 3 The Taming (12), 4 Battle (14), 5 Escape (16); default 1")),
        ("character", N_("hunter (default), or other for a card the rulebook does not name (then give health and power)")),
        ("health", N_("the hearts on your character card (Hunter: 5, 4 with expert rule 1)")),
        ("power", N_("the power on your character card (Hunter: 2, assumed)")),
        ("friend", N_("jack (default, green) or other")),
        ("tools", N_("the tool cards in play: all (default), first (Basket, Bed, Stone Knife, Rope), or a list first,flag")),
        ("expert", N_("expert rules: 1 (four-health side), 2 (no friend until the Friend tool is made), 1,2")),
        ("arrows", N_("the friend card's arrow icons, space 1 first: stars,food,wood,lightning,weather (Jack's, assumed); - for none")),
    ),
}


def opt_epilog(game_id: str) -> str | None:
    """The --opt keys of a game with their meaning, one a line (kept as lines by Click: the \\b mark)."""
    keys = OPT_KEYS.get(game_id)
    if not keys:
        return None
    width = max(len(k) for k, _m in keys)
    lines = [_("Setup choices, each as --opt KEY=VALUE:")] + [f"  {k:<{width}}  {_(m)}" for k, m in keys]
    return "\b\n" + "\n".join(lines)


def opt_pairs(game_id: str, name: str, items: list[str] | None) -> dict[str, str]:
    """--opt KEY=VALUE as {key: value}; a key the game does not know is refused, naming the known ones."""
    known = [k for k, _m in OPT_KEYS.get(game_id, ())]
    pairs = {}
    for item in items or []:
        if "=" not in item:
            raise UsageError(_("--opt {item!r}: write KEY=VALUE, e.g. {example}").format(item=item, example=f"{known[0]}=…" if known else "key=value"))
        k, v = (s.strip() for s in item.split("=", 1))
        k = k.lower()
        if game_id in OPT_KEYS and k not in known:
            raise UsageError(_("--opt {key}: {name} has no such setup choice; accepted: {accepted}").format(
                key=k, name=name, accepted=", ".join(known) or _("none")))
        pairs[k] = v
    return pairs


def start(game_id: str, player: list[str] | None, opt: list[str] | None, seed: int | None, title: str,
          flags: dict | None = None, edition: str | None = None) -> None:
    """Set the game up from the options given, make it the current one and show its board."""
    from companion import catalog
    from companion.games import registry

    game = registry.get(game_id)
    options: dict = {}
    if edition and edition.strip().lower() not in ("", "en"):
        ed = edition.strip().lower()
        catalog.load(game_id, ed)  # an unknown edition is refused here, naming the accepted ones
        options["edition"] = ed
    if player:
        names = [p.strip() for p in player]
        if any(not n for n in names):
            raise UsageError(_("empty player name; give each --player a name"))
        options["players"] = names
    cat = catalog.load(game_id, options.get("edition"))
    pairs = opt_pairs(game_id, _(cat.name), opt)
    options = game.options(cat, options, flags or {})
    options.update(pairs)
    if seed is not None and not 0 <= seed < 2**63:
        raise UsageError(_("--seed {seed}: accepted: 0 .. 2**63-1").format(seed=seed))
    with store(create=True) as st:
        loaded = session.new_game(st, game_id, options, seed=seed, title=title)
    out.print(_("Game {id}: {name} is set up. It is now the current game.").format(id=loaded.row.id, name=_(loaded.cat.name)))
    note = game.setup_note(loaded.cat, options, loaded.table)
    if note:
        out.print(note)
    show_board(loaded.table, loaded.cat, loaded.row)


def _aliases(game_id: str) -> tuple[str, ...]:
    from ui.games import aliases as words

    return words(game_id)


def aliases(game_id: str, fn) -> None:
    """`castaway new ALIAS` for each of the game's aliases: the same command, hidden from the help."""
    for alias in _aliases(game_id):
        new_app.command(alias, hidden=True, epilog=opt_epilog(game_id), cls=Command)(fn)


@command("21days", app=new_app, epilog=opt_epilog("21days"))
def new_21days(
    player: Players = None,
    survivor: Annotated[Optional[list[str]], typer.Option("--survivor", "-s", help=_("A survivor by id (one per colour); the rest are drawn."))] = None,
    strength: Annotated[Optional[list[str]], typer.Option("--strength", help=_("Strength dice rolled at the table, top first: red=2/6 (several: red=2/6,blue=4/4)."))] = None,
    keep_strength: Annotated[bool, typer.Option("--keep-strength", help=_("Keep typed strength dice totalling under 20 or over 40 (the rulebook allows one reroll)."))] = False,
    difficulty: Annotated[str, typer.Option(help=_("Where the rescue ship starts: green, orange or red (hardest)."))] = "orange",
    scruffs: Annotated[bool, typer.Option("--scruffs", help=_("Scruffs Up! solo, Scruffs in the green seat."))] = False,
    promos: Annotated[bool, typer.Option("--promos", help=_("Add the promo bottle cards."))] = False,
    shark6: Annotated[bool, typer.Option("--shark6", help=_("The promo 6-step shark distance card."))] = False,
    edition: Annotated[Optional[str], typer.Option("--edition", help=_("The edition on your table: en or cs (the Czech edition: its names, cards and phases; it speaks Czech unless --lang or the environment says otherwise)."))] = None,
    opt: Opt = None,
    seed: Seed = None,
    title: Title = "",
):
    """Start a game of 21 Days (1-4 players; with 2 each controls two survivors) and make it the current one.

    Example: castaway new 21days --player Ann --player Bob --difficulty green
    """
    flags = {"survivor": survivor, "strength": strength, "keep_strength": keep_strength, "difficulty": difficulty,
             "scruffs": scruffs, "promos": promos, "shark6": shark6}
    start("21days", player, opt, seed, title, flags, edition)


@command("robinson", app=new_app, epilog=opt_epilog("robinson"))
def new_robinson(player: Players = None, opt: Opt = None, seed: Seed = None, title: Title = ""):
    """Start a game of Robinson Crusoe (1-4 players) and make it the current one.

    Example: castaway new robinson -p Ann -p Bob --opt rounds=10 --opt items=Hammer,Bible
    """
    start("robinson", player, opt, seed, title)


@command("mutinies", app=new_app, epilog=opt_epilog("mutinies"))
def new_mutinies(player: Players = None, opt: Opt = None, seed: Seed = None, title: Title = ""):
    """Start a game of 21 Mutinies (2-5 players) and make it the current one.

    Example: castaway new mutinies -p Ann -p Bob -p Cid --opt texts=ignore
    """
    start("mutinies", player, opt, seed, title)


@command("dieson", app=new_app, epilog=opt_epilog("dieson"))
def new_dieson(player: Players = None, opt: Opt = None, seed: Seed = None, title: Title = ""):
    """Start a solo game of Dieson Crusoe and make it the current one.

    Example: castaway new dieson --opt quest=2 --opt expert=1
    """
    start("dieson", player, opt, seed, title)


def add_games() -> None:
    """`castaway new GAME` for every game in the registry (its aliases hidden): its own command above, or
    the shared options alone for a game from elsewhere (its setup accepts or refuses its --opt keys)."""
    from companion.games import registry

    have = {c.name for c in new_app.registered_commands}
    for gid in registry.ids():
        if gid not in have:
            command(gid, app=new_app)(_shared(gid))
        if not any(a in have for a in _aliases(gid)):
            aliases(gid, next(c.callback for c in new_app.registered_commands if c.name == gid))


def _shared(gid: str):
    """`castaway new GAME` with the options every game shares."""
    from ui.games import header

    def new_game(player: Players = None, opt: Opt = None, seed: Seed = None, title: Title = ""):
        start(gid, player, opt, seed, title)

    new_game.__doc__ = _("Start a game of {name} and make it the current one.").format(name=_(header(gid)[0]))
    return new_game


def forget(game_id: str) -> None:
    """Take a game's `new` command off (a test's own game, once its test is done)."""
    names = {game_id, *_aliases(game_id)}
    new_app.registered_commands[:] = [c for c in new_app.registered_commands if c.name not in names]


add_games()
