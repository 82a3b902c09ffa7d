"""The game protocol: everything castaway asks of a game, in one class.

`Game` is an abstract base class rather than a `typing.Protocol`, for three reasons:
- most members have a behaviour every game shares (setup from the catalog alone, nothing to settle,
  no guided mode, no board of its own); a base class gives those once, so callers never probe with
  `hasattr` and a small game writes only what it changes;
- the registry refuses anything that is not a `Game` (an `isinstance` check that a Protocol could
  only make structurally, and silently, at run time);
- the members every game must set (`id`, `prefix`, `play`) are checked when its one instance is
  made, at import, not when a stored game first needs them.

The core stays pure: the members that belong to the terminal or the display are import paths
(strings such as "ui.board_21days:render") that ui/games.py resolves; nothing here imports them.
A game's rules modules are imported only by the methods that need them, so asking the registry
what a game is called or which commands it has stays cheap.
"""

from __future__ import annotations

from abc import ABC
from pathlib import Path
from typing import Any, ClassVar, Iterable

from ..errors import RuleError, UsageError
from ..i18n import N_, _
from ..valuetype import frozen


@frozen
class PlayTerms:
    """What the play log says of a game: the names other apps use, who wins, the outcome's words."""

    names: tuple[str, ...]  # lower-case names other apps use for it (BG Stats, BGG)
    bgg_id: int | None = None  # where a public source gives it; the user can set any game's id
    bgg_source: str | None = None
    competitive: bool = False  # winners are players, not the whole table
    scored: bool = False  # players score points
    terms: tuple[tuple[str, str], ...] = ()  # outcome key -> label, in display order
    won: str = "won"  # the word for a won play ("rescued")
    of_players: tuple[str, ...] = ()  # outcome keys shown as "N of <players>"
    extras: tuple[tuple[str, str, str], ...] = ()  # (setup option, "expansion" or "variant", its name in BGG)


YES = {"yes": True, "y": True, "true": True, "1": True, "on": True,
       "no": False, "n": False, "false": False, "0": False, "off": False}


def option_words(value) -> list[str]:
    """A setup option's list: a list as given, or words apart by commas or semicolons ('Ann, Bob;Cid')."""
    if value is None:
        return []
    if isinstance(value, (list, tuple)):
        return [str(v).strip() for v in value if str(v).strip()]
    return [w.strip() for w in str(value).replace(";", ",").split(",") if w.strip()]


def option_int(options: dict, key: str, lo: int, hi: int, default: int) -> int:
    """A setup option's whole number within lo..hi (absent or empty: `default`)."""
    raw = options.get(key)
    if raw is None or raw == "":
        return default
    try:
        n = int(str(raw).strip())
    except ValueError:
        n = None
    if n is None or not lo <= n <= hi:
        raise UsageError(_("{key}={value!r}: accepted: a whole number {lo}..{hi}").format(key=key, value=raw, lo=lo, hi=hi))
    return n


class Game(ABC):
    """One game castaway plays. Subclass it, fill in the members, and add one line to the registry."""

    # -- who it is -------------------------------------------------------------------------------
    id: ClassVar[str]  # its id in stored games and in decks/ (e.g. "21days")
    prefix: ClassVar[str]  # its action kinds start with this (e.g. "d21-"); generic actions carry none
    play: ClassVar[PlayTerms]  # the play log's terms
    decks: ClassVar[Path | None] = None  # its catalog's folder; None: decks/<id>/ shipped with castaway
    characters_title: ClassVar[str] = N_("Characters")  # what its character cards are called in print
    guided: ClassVar[bool] = False  # `castaway play` can guide it (next_step, setup_asks)
    goes_on_alone: ClassVar[bool] = False  # the guided loop does steps that ask nothing at once (no Enter to go on)
    yes_no: ClassVar[tuple[str, ...]] = ()  # setup options read as yes or no: the table keeps booleans

    # -- the terminal and the display: import paths, resolved by ui/games.py ----------------------
    commands: ClassVar[str | None] = None  # the ui module that registers its commands ("ui.days21_cmds")
    terminal_board: ClassVar[str | None] = None  # "module:function" drawing its board (None: generic)
    display_board: ClassVar[str | None] = None  # "module:function" giving the table display's SVG

    # -- odds: import paths of the entry points (companion/odds/<game>/) --------------------------
    step_odds: ClassVar[str | None] = None  # "module:function" (t, cat, task) -> callable giving the lines, or None

    # -- the catalog -----------------------------------------------------------------------------
    def catalog(self, edition: str | None = None):
        from .. import catalog

        return catalog.load(self.id, edition)

    def aliases(self) -> tuple[str, ...]:
        return tuple(self.catalog().aliases)

    def seats(self, cat) -> list[str]:
        return list(cat.seats)

    # -- setting up ------------------------------------------------------------------------------
    def options(self, cat, options: dict, flags: dict) -> dict:
        """The setup choices from `castaway new GAME`: `flags` holds the options of the game's own `new`
        command as given (ui/new_cmds.py declares them; a game without any gets none)."""
        return options

    def table_options(self, options: dict) -> dict:
        """The setup options as the table keeps them: a yes/no option typed as text becomes a boolean
        (anything else is left for setup to accept or refuse)."""
        out = dict(options)
        for key in self.yes_no:
            v = out.get(key)
            if isinstance(v, str) and v.strip().lower() in YES:
                out[key] = YES[v.strip().lower()]
        return out

    def setup(self, cat, options: dict, seed: int):
        from ..table import new_table

        return new_table(cat, self.seats(cat), options, seed)

    def setup_note(self, cat, options: dict, t) -> str:
        """A line `castaway new` prints after setting up (what the table should know of what castaway did)."""
        return ""

    def setup_asks(self, cat, options: dict) -> Iterable[tuple[str, Any]]:
        """The guided setup's questions as (key, guide.Ask), one at a time."""
        return ()

    def setup_answer(self, cat, options: dict, key: str, answer) -> None:
        raise UsageError(_("setup question {key!r}: this game asks none").format(key=key))

    # -- joining a game in progress ------------------------------------------------------------------
    def join_asks(self, t, cat) -> Iterable[tuple[str, Any]]:
        """Joining a game the table already plays: what the table shows, in the game's own terms, as
        (key, guide.Ask) with the fresh table's value as the default on Enter; read again after each
        answer (a later question may follow from an earlier one). None asked: the game starts fresh."""
        return ()

    def join_answer(self, t, cat, key: str, answer):
        """The correction an answer to a join question records (an Action or a builder for session.act), or
        None when the table shows what the fresh table has."""
        raise UsageError(_("join question {key!r}: this game asks none").format(key=key))

    def correction(self, t, cat, kind: str, target: str = "", value=None):
        """A generic correction (`set` TARGET VALUE as typed, `move` TARGET by VALUE, `next`) as this game
        records it, or None for the generic action itself. 21 Days keeps one of its own (the day's flow put
        where the corrected table stands)."""
        return None

    # -- playing ---------------------------------------------------------------------------------
    def load_actions(self) -> None:
        """Import the modules that register the game's own actions."""

    def prepare(self) -> None:
        """Import every module a write to this game imports (its actions, and what its check, correction,
        phase and settle import when first asked): session calls it before a write takes the lock."""
        self.load_actions()

    def settle(self, t, cat) -> None:
        """The consequences the rules make automatic, after every action."""

    def check(self, t, action, cat) -> None:
        """Refuse (RuleError, one line saying why or what the table must do first) a new action that the
        game's flow does not allow at this table now, or a correction (set, move, add, take, next) that
        would leave the game inconsistent, such as a field derived from where the round stands.
        session.act calls it for new actions only, never when a stored log is replayed. Nothing is
        refused by default."""

    def corrected(self, t, cat, target):
        """A correction (set, move, next) has just put `target` (a table.Target) on the table: what follows
        from it in the game's flow (a round set puts the table at that round's start), done on `t`; returns
        the action's result ({"warning": [lines]} for what the rules could not reach) or None. Nothing by default."""
        return None

    def check_state(self, t, cat) -> None:
        """Refuse (UsageError naming the field) a state from outside, a save code or a cached state, whose
        game-specific parts the rules would read without asking. Nothing is refused by default."""

    def next_step(self, t, cat):
        """The guided game's next guide.Step (None once the game is over)."""
        raise RuleError(_("{name} has no guided mode yet; use the single commands (castaway --help)").format(name=_(cat.name)))

    def outcome(self, t, cat) -> dict:
        """What the play log keeps of a finished game, in the game's own terms."""
        return {}

    def phase(self, t, cat) -> str | None:
        """The phase the game stands in (each event's stamp, `history --json`): the phase flag by default."""
        return t.data["flags"].get("phase")

    def view(self, t, cat) -> dict:
        """The state as `status --json` shows it: the table's data, with what the game derives from it (its
        phase, its board's printed marks) filled in; the table is not changed. The data itself by default."""
        return t.data

    def start_order(self, t) -> list[str]:
        """The seats in the order the game started in: the play log's starting player is the first, and each
        seat's place is its start position (BGG's startposition). By default the seats' order."""
        return list(t.seats)

    def __init__(self) -> None:
        missing = [m for m in ("id", "prefix", "play") if not hasattr(self, m)]
        if missing:
            raise TypeError(f"game {type(self).__name__} does not set {', '.join(missing)}")
        if not self.prefix.endswith("-"):
            raise TypeError(f"game {self.id}: action-kind prefix {self.prefix!r} should end in '-'")


def resolve(path: str):
    """The object an import path "package.module:attribute" names (a module without ':')."""
    import importlib

    module, _sep, attr = path.partition(":")
    obj = importlib.import_module(module)
    for part in filter(None, attr.split(".")):
        obj = getattr(obj, part)
    return obj


class RulesModuleGame(Game):
    """A game whose rules module (`rules`: an import path) defines setup, setup_asks, setup_answer,
    settle, next_step and outcome as functions of the same names; importing it registers the actions."""

    rules: ClassVar[str]
    guided = True

    def _rules(self):
        return resolve(self.rules)

    def load_actions(self) -> None:
        self._rules()

    def setup(self, cat, options, seed):
        return self._rules().setup(cat, options, seed)

    def setup_asks(self, cat, options):
        return self._rules().setup_asks(cat, options)

    def setup_answer(self, cat, options, key, answer):
        self._rules().setup_answer(cat, options, key, answer)

    def settle(self, t, cat):
        self._rules().settle(t, cat)

    def check(self, t, action, cat):
        self._rules().check(t, action, cat)

    def next_step(self, t, cat):
        return self._rules().next_step(t, cat)

    def outcome(self, t, cat):
        return self._rules().outcome(t, cat)
