"""What every command module shares: the root Typer app, the consoles, the error wrapper, the store.

Command modules (cli.py and ui/*_cmds.py) register on `app` with `@command(...)`.
"""

from __future__ import annotations

import contextlib
import functools
import json
import re
import sys
from typing import Annotated, Optional

import typer
from rich.console import Console

from companion import i18n, session
from companion.errors import CompanionError, UsageError
from companion.i18n import N_, _
from ui.text import esc, plain

# Help texts are built when the commands are declared, so the language is chosen before that: from
# `--lang` in argv, else the environment. The root callback chooses again (CliRunner, --lang typos).
try:
    i18n.configure(i18n.from_argv(sys.argv[1:]))
except ValueError:
    i18n.configure(None)
# Typer's own help headings and messages go through our catalog too (typer.core looks up `_` when it
# formats help, so the language chosen at run time applies).
TYPER_WORDS = (N_("Options"), N_("Commands"), N_("Arguments"), N_("required"), N_("default: {default}"),
               N_("Missing command."), N_("No such command {name!r}."), N_("Aborted!"), N_("env var: {var}"))
from typer.core import TyperCommand, TyperGroup  # noqa: E402

# Typer's and Click's help pages and usage errors are English literals. castaway puts them through its own
# catalog with Click's public hooks: a help formatter (Context.formatter_class) for the headings, the
# usage line, value placeholders and the [default/required] notes; its command and group classes (the
# `cls` of every command and group castaway registers) for the help option and for errors, which become
# one line on stderr like every other refusal.
USAGE_WORDS = {"[OPTIONS]": N_("[OPTIONS]"), "COMMAND [ARGS]...": N_("COMMAND [ARGS]...")}
TYPE_WORDS = {"<int>": N_("<int>"), "<float>": N_("<float>"), "<str>": N_("<text>"), "<text>": N_("<text>"),
              "<boolean>": N_("<yes/no>"), "<filename>": N_("<file>"), "<path>": N_("<file>")}
HELP_OPTION = N_("Show this message and exit.")
NOTE = re.compile(r"\s*\[([^\[\]]*)\]$")  # Typer's note at the end of a help text: [env var: X; default: Y; required]
# the exceptions Click raises (the public typer.BadParameter is Click's: BadParameter < UsageError < ClickException)
_ClickUsageError = typer.BadParameter.__bases__[0]
_ClickException = _ClickUsageError.__bases__[0]


def value_words(text: str) -> str:
    """The value placeholders of a help line or usage line (<int>, <text>...) in the chosen language."""
    return " ".join(_(TYPE_WORDS[w.removesuffix("...")]) + ("..." if w.endswith("...") else "")
                    if w.removesuffix("...") in TYPE_WORDS else w for w in text.split(" "))


def _note(part: str) -> str:
    key, sep, value = part.partition(": ")
    if part == "required":
        return _("required")
    if sep and key == "default":
        return _("default: {default}").format(default=value)
    if sep and key == "env var":
        return _("env var: {var}").format(var=value)
    return part


def _help_in_language(text: str) -> str:
    m = NOTE.search(text)
    if not m:
        return text
    return text[:m.start()] + m.group(0)[:m.group(0).index("[")] + "[" + "; ".join(_note(p) for p in m.group(1).split("; ")) + "]"


class HelpFormatter(typer.Context.formatter_class):  # type: ignore[name-defined,misc]
    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        for word, msgid in USAGE_WORDS.items():
            args = args.replace(word, _(msgid))
        super().write_usage(prog, value_words(args), _("Usage: ") if prefix is None else prefix)

    def write_heading(self, heading: str) -> None:
        super().write_heading(_(heading))  # Options, Arguments, Commands (TYPER_WORDS)

    def write_dl(self, rows, *args, **kwargs) -> None:
        super().write_dl([(value_words(term), _help_in_language(text)) for term, text in rows], *args, **kwargs)


class Context(typer.Context):
    formatter_class = HelpFormatter


def _show(e) -> None:
    """A Click error as one line on stderr: a usage error with where to find the accepted forms."""
    if isinstance(e, _ClickUsageError):
        if e.ctx is not None and e.format_message() == e.ctx.get_help():  # no arguments: the help page
            e.show()
            return
        where = f" (castaway {' '.join([*e.ctx.command_path.split()[1:], '--help'])})" if e.ctx else ""
        sys.stderr.write(plain(_("error: {e}").format(e=click_words(e.format_message())) + where) + "\n")
    else:
        sys.stderr.write(plain(_("error: {e}").format(e=one_line(e.format_message()))) + "\n")


class _InLanguage:
    """The help option's text in the chosen language (Click's get_help_option, overridden)."""

    def get_help_option(self, ctx):
        option = super().get_help_option(ctx)  # type: ignore[misc]
        if option is not None:
            option.help = _(HELP_OPTION)
        return option


class Command(_InLanguage, TyperCommand):
    context_class = Context


class Group(_InLanguage, TyperGroup):
    """Every castaway group: its context speaks the table's language, and a Click error met while parsing
    or running anything below it ends as one line and its exit code."""

    context_class = Context

    def make_context(self, info_name, args, parent=None, **extra):
        try:
            return super().make_context(info_name, args, parent, **extra)
        except _ClickException as e:
            _show(e)
            raise typer.Exit(e.exit_code) from None

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except _ClickException as e:
            _show(e)
            raise typer.Exit(e.exit_code) from None
        except typer.Abort:
            sys.stderr.write(plain(_("Aborted!")) + "\n")
            raise typer.Exit(1) from None


def group(**kwargs) -> typer.Typer:
    """A Typer app for a group of commands, with castaway's group and command classes."""
    return typer.Typer(cls=Group, **kwargs)


# Click's own usage messages are English only: the usual ones, in our words, through the catalog.
CLICK_WORDS = (
    (r"^Missing argument (.+)\.$", N_("Missing argument {name}.")),
    (r"^Missing option (.+)\.$", N_("Missing option {name}.")),
    (r"^No such option: (\S+)(?: Did you mean (.+)\?)?$", N_("No such option: {name}")),
    (r"^Option (.+) requires an argument\.$", N_("Option {name} requires an argument.")),
    (r"^Got unexpected extra argument(?:s|\(s\))? \((.+)\)$", N_("Unexpected extra words: {name}")),
    (r"^Invalid value for (.+?): (.+) is not a valid (?:integer|int|int range)\.$", N_("Invalid value for {name}: {value} is not a whole number.")),
    (r"^Invalid value for (.+?): (.+) is not a valid (?:float|float range)\.$", N_("Invalid value for {name}: {value} is not a number.")),
    (r"^Invalid value for (.+?): (.+) is not one of (.+)\.$", N_("Invalid value for {name}: {value} is not one of {accepted}.")),
    (r"^Invalid value for (.+?): (.+) is not in the range (.+)\.$", N_("Invalid value for {name}: {value} is out of range: {accepted}.")),
    (r"^Invalid value for (.+?): (.+) is not a valid boolean\. Recognized values: (.+)$", N_("Invalid value for {name}: {value} is not yes or no: {accepted}.")),
    (r"^Option (.+) does not take a value\.$", N_("Option {name} takes no value.")),
    (r"^Option (.+) requires (\d+) arguments\.$", N_("Option {name} requires {value} values.")),
    (r"^Missing parameter: (.+)$", N_("Missing value: {name}")),
    (r"^No such command (.+?)\.(?: Did you mean .+\?)?$", N_("No such command {name}.")),
    (r"^Missing command\.$", N_("Missing command.")),
)


def click_words(message: str) -> str:
    """A Click usage message in the chosen language (unknown ones stay as Click wrote them)."""
    msg = " ".join(message.split())
    for pattern, msgid in CLICK_WORDS:  # compiled when first asked (re keeps them), not at every start-up
        m = re.match(pattern, msg)
        if m:
            g = m.groups()
            return _(msgid).format(name=g[0] if g else "", value=g[1] if len(g) > 1 else "", accepted=g[2] if len(g) > 2 else "")
    return msg


app = typer.Typer(
    cls=Group,
    name="castaway",
    help=_("A companion for board games played on a real table: 21 Days, Robinson Crusoe, 21 Mutinies, Dieson Crusoe."),
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
)
rules_app = group(help=_("What castaway knows of each game's rules and components."), no_args_is_help=True)
app.add_typer(rules_app, name="rules")
print_app = group(help=_("Print replacement components, reference aids, save sheets and reports as PDF."), no_args_is_help=True)
app.add_typer(print_app, name="print")

class _Console(Console):
    """A console that shows control characters escaped (ui/text.py) in every text it prints, whether it came
    through esc() or not: what a user typed never drives the terminal. Rich's own styles are not text."""

    def render_str(self, text: str, **kwargs):
        return super().render_str(plain(text), **kwargs)


out = _Console(highlight=False, soft_wrap=True, emoji=False)  # machine output (--json, exports) is never broken


@contextlib.contextmanager
def wrapped_between_words():
    """Within it, what `out` prints wraps between words at the terminal's width (80 columns when piped):
    the guided game's sentences, where the terminal would otherwise cut words in two."""
    before, out.soft_wrap = out.soft_wrap, False
    try:
        yield
    finally:
        out.soft_wrap = before
err = _Console(stderr=True, highlight=False, emoji=False)
NUMBERS = {"ignore_unknown_options": True}  # lets `move shark -1` pass -1 as a value


class Ctx:
    db: Optional[str] = None
    game: Optional[int] = None
    if_version: Optional[int] = None


CTX = Ctx()


def fail(e: CompanionError) -> None:
    err.print(f"[bold red]{_('error:')}[/] {esc(one_line(refusal(e)))}", markup=True, highlight=False, soft_wrap=True)
    raise typer.Exit(e.exit_code)


def refusal(e: CompanionError) -> str:
    """An error's line at the terminal: a refusal that says what resolves the step names its command."""
    nxt = getattr(e, "next", None)
    if nxt is None:
        return str(e)
    from ui.nextwords import words

    return _("{message}; next: {command}").format(message=str(e), command=words(nxt))


def one_line(text: str) -> str:
    """An error message on one line, however many lines the input it quotes had."""
    return " ".join(text.splitlines()) if "\n" in text or "\r" in text else text


@functools.lru_cache(maxsize=None)
def _number_params(fn) -> dict[str, tuple[str, type]]:
    """{parameter: (how the user writes it, int or float)} for a command's number parameters (read once,
    when the command first runs)."""
    import inspect
    import typing

    from typer.models import OptionInfo

    found = {}
    try:
        hints = typing.get_type_hints(fn, include_extras=True)
    except Exception:  # a hint that does not resolve: those parameters are checked by the command itself
        hints = {}
    for name in inspect.signature(fn).parameters:
        hint = hints.get(name)
        if hint is None:
            continue
        info = next((m for m in getattr(hint, "__metadata__", ()) if hasattr(m, "param_decls")), None)
        base = typing.get_args(hint)[0] if getattr(hint, "__metadata__", None) else hint
        if typing.get_origin(base) is typing.Union:  # Optional[int]
            base = next((b for b in typing.get_args(base) if b is not type(None)), base)
        if base not in (int, float) or info is None:
            continue
        if isinstance(info, OptionInfo):
            decls = [d for d in (info.param_decls or ()) if d.startswith("--")] or ["--" + name.replace("_", "-")]
            shown = decls[0]
        else:
            shown = name.upper()
        found[name] = (shown, base)
    return found


def _check_numbers(numbers: dict, kw: dict) -> None:
    from companion import bounds

    for name, (shown, kind) in numbers.items():
        value = kw.get(name)
        if value is None or isinstance(value, bool):
            continue
        if kind is int:
            bounds.whole(value, shown)
        else:
            bounds.real(value, shown)


def command(*args, **kwargs):
    """Register a command whose CompanionErrors become one line on stderr and an exit code.

    table=False marks a game's command that reads no table (a reference list): ui/games.py then lets
    it run whichever game is on the table."""

    def wrap(fn):
        if fn.__doc__:  # the help text, in the chosen language
            import inspect

            fn.__doc__ = _(inspect.cleandoc(fn.__doc__))

        @functools.wraps(fn)
        def inner(*a, **kw):
            CREATED.clear()
            try:
                _check_numbers(_number_params(fn), kw)
                result = fn(*a, **kw)
            except CompanionError as e:
                discard_created()
                fail(e)
            except KeyboardInterrupt:
                discard_created()
                err.print(_("interrupted; nothing half-written"))
                raise typer.Exit(130) from None
            except typer.Exit as e:
                if e.exit_code:
                    discard_created()
                raise
            except BaseException:
                discard_created()
                raise
            CREATED.clear()
            return result

        if not needs_table:
            inner.needs_table = False
        kwargs.setdefault("cls", Command)
        return target.command(*args, **kwargs)(inner)

    target = kwargs.pop("app", app)
    needs_table = kwargs.pop("table", True)
    return wrap


def emit_json(data) -> None:
    """`--json`: the data indented by two, coloured only on a terminal (rich's highlighter costs ten times the
    rest of `status --json`; a pipe or a program reading it gets the same text without it)."""
    text = json.dumps(data, ensure_ascii=False, default=str, indent=2)
    if out.is_terminal:
        out.print_json(text)
    else:
        out.file.write(text + "\n")


@app.callback()
def root(
    db: Annotated[Optional[str], typer.Option("--db", help=_("Database file (default: $CASTAWAY_DB or your data folder)."), metavar="PATH")] = None,
    game: Annotated[Optional[int], typer.Option("--game", "-g", help=_("Game id to act on (default: the one chosen with `use`)."))] = None,
    if_version: Annotated[Optional[int], typer.Option("--if-version", help=_("Refuse to write unless the game is still at this version (two terminals at one table)."))] = None,
    lang: Annotated[Optional[str], typer.Option("--lang", help=_("Language of messages, help and printables: en or cs (default: LANGUAGE, LC_ALL, LC_MESSAGES or LANG; a game of the Czech edition speaks Czech)."), metavar="LANG")] = None,
):
    """castaway keeps your table's state, resolves the rules, and logs your plays.

    Example: castaway new GAME --player Ann --player Bob
    """
    try:
        i18n.configure(lang)
    except ValueError:
        fail(UsageError(_("--lang {lang!r}: accepted: {accepted}").format(lang=lang, accepted=", ".join(i18n.LANGUAGES))))
    from companion import bounds

    try:
        if game is not None:
            bounds.game_id(game, "--game")
        if if_version is not None:
            bounds.game_id(if_version, "--if-version")
    except UsageError as e:
        fail(e)
    CTX.db, CTX.game, CTX.if_version = db, game, if_version


def warn(message: str) -> None:
    err.print(_("warning: {message}").format(message=message), markup=False, soft_wrap=True)


session.warn = warn


CREATED: list = []  # stores this command created; a failing command discards them


def store(create: bool = False):
    st = session.open_store(CTX.db, create=create)
    if st.created:
        CREATED.append(st)
    return st


def discard_created() -> None:
    while CREATED:
        CREATED.pop().discard_created()


def show_board(loaded_or_table, cat=None, row=None) -> None:
    from ui.board import render

    out.print("\n".join(render(loaded_or_table, cat, row)), soft_wrap=False)  # wrapped to the terminal's width
