"""docs/commands.md, the command reference, written from the CLI's own help.

    python tools/commands_doc.py           # (re)write docs/commands.md
    python tools/commands_doc.py --check   # exit 1 and say so when docs/commands.md is not what it would write
    python tools/commands_doc.py --stdout  # print it instead

It walks the Click tree Typer builds from `cli.app` (every command module and every game's commands loaded):
each command and group in the order `--help` lists them, hidden names left out (a game's aliases are named
with its group), with its help text, its usage line, its arguments and options with their help (Click's
own help record: the default and the range included) and its example line. Always in English, whatever the
machine's locale says; the output depends on nothing but the code (tests/test_commands_doc.py checks it).
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "docs" / "commands.md"
REGENERATE = "python tools/commands_doc.py"  # or `make docs`

HEADER = """\
# castaway: the command reference

Every command, group, argument and option of `castaway`, as its own `--help` says it (in English;
`castaway --lang cs COMMAND --help` says it in Czech). Written by `{regenerate}` (`make docs`) from the
CLI's help texts: do not edit it by hand, change the help and run that again
(tests/test_commands_doc.py fails when this file is out of date).

Global options go before the command: `castaway --db game.db --game 3 --lang cs status`. Every command
also takes `--help`.
"""


def _english() -> None:
    """English help texts: they are made when the command modules are imported, in the language chosen
    then (`--lang` in argv, else the environment), so the choice is made before importing them."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        os.environ.pop(var, None)
    os.environ["LANGUAGE"] = "en"
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from companion import i18n

    i18n.set_language("en")


_CODE = re.compile(r"(`[^`]*`)")


def _text(s: str) -> str:
    """Help prose as Markdown: code spans kept, `<` outside them escaped (`<int>` is not a tag), `|` escaped
    for table cells."""
    parts = _CODE.split(s)
    return "".join(p if p.startswith("`") and p.endswith("`") and len(p) > 1 else p.replace("<", "&lt;")
                   for p in parts).replace("|", "\\|")


def _code(s: str) -> str:
    """A code span for `s` (one more backtick than any run inside it)."""
    longest = max((len(m) for m in re.findall(r"`+", s)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if s.startswith("`") or s.endswith("`") else ""
    return f"{fence}{pad}{s}{pad}{fence}".replace("|", "\\|")


def _paragraphs(help_text: str) -> tuple[list[str], list[str]]:
    """A help text's paragraphs (each joined on one line; Click's `\\b` paragraphs keep their lines) and its
    example lines."""
    paragraphs, examples = [], []
    for block in re.split(r"\n\s*\n", (help_text or "").strip()):
        lines = [line.strip() for line in block.splitlines() if line.strip()]
        if not lines:
            continue
        if lines[0] == "\b":
            paragraphs.append("\n".join(_text(line) + "  " for line in lines[1:]).rstrip())
            continue
        joined = " ".join(lines)
        if joined.startswith("Example:") or joined.startswith("Examples:"):
            examples += [e.strip() for e in re.split(r"\s*;\s*(?=castaway )", joined.split(":", 1)[1]) if e.strip()]
        else:
            paragraphs.append(_text(joined))
    return paragraphs, examples


def _epilog(epilog: str) -> list[str]:
    """An epilog as Markdown blocks: a `\\b` block of "key  meaning" lines (the --opt keys of `new GAME`)
    becomes its first line and a table; other text, paragraphs."""
    blocks: list[str] = []
    for block in re.split(r"\n\s*\n", epilog.strip()):
        lines = [line for line in block.splitlines() if line.strip()]
        if lines and lines[0].strip() == "\b":
            lines = lines[1:]
            rows = [re.split(r"\s{2,}", line.strip(), maxsplit=1) for line in lines[1:]]
            if lines and rows and all(len(r) == 2 for r in rows):
                table = [_text(lines[0].strip()), "", "| key | what it is |", "|---|---|"]
                table += [f"| {_code(k)} | {_text(v)} |" for k, v in rows]
                blocks.append("\n".join(table))
                continue
            blocks.append("\n".join(_text(line.strip()) + "  " for line in lines).rstrip())
        elif lines:
            blocks.append(_text(" ".join(line.strip() for line in lines)))
    return blocks


def _aliases(typer_app) -> dict[int, list[str]]:
    """The hidden names on a Typer app, by what they name: a group's Typer instance, a command's callback."""
    hidden: dict[int, list[str]] = {}
    for info in typer_app.registered_groups:
        if info.hidden and info.typer_instance is not None:
            hidden.setdefault(id(info.typer_instance), []).append(info.name)
    for info in typer_app.registered_commands:
        if info.hidden and info.callback is not None and info.name:
            hidden.setdefault(id(info.callback), []).append(info.name)
    return hidden


def _visible(typer_app) -> tuple[dict[str, object], dict[str, object]]:
    """The visible groups (name -> Typer instance) and commands (name -> callback) of a Typer app."""
    groups = {info.name: info.typer_instance for info in typer_app.registered_groups if not info.hidden}
    commands = {info.name: info.callback for info in typer_app.registered_commands if not info.hidden and info.name}
    return groups, commands


def _params(cmd, ctx) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """(arguments, options) as (name as typed, help) rows; --help left out (every command has it)."""
    from ui.common import value_words  # the placeholders as the help page shows them (<text>, <int>)

    arguments, options = [], []
    for p in cmd.get_params(ctx):
        if getattr(p, "hidden", False) or p.name == "help":
            continue
        if p.param_type_name == "argument":
            metavar = value_words(p.make_metavar(ctx))
            extra = ["required"] if p.required else []
            default = p.default
            if not p.required and default not in (None, (), []) and getattr(p, "show_default", True) is not False:
                extra.append(f"default: {default}")
            help_text = getattr(p, "help", None) or ""
            if extra:
                help_text = f"{help_text} [{'; '.join(extra)}]".strip()
            arguments.append((metavar, help_text))
        else:
            record = p.get_help_record(ctx)
            if record is None:
                continue
            options.append((value_words(record[0]), " ".join(record[1].split())))
    return arguments, options


def _table(head: str, rows: list[tuple[str, str]]) -> list[str]:
    out = [f"| {head} | what it is |", "|---|---|"]
    out += [f"| {_code(name)} | {_text(help_text)} |" for name, help_text in rows]
    return out


def _section(cmd, ctx, path: list[str], depth: int, aliases: list[str], lines: list[str]) -> None:
    words = " ".join(["castaway", *path])
    lines += ["", f"{'#' * min(depth, 6)} {words}", ""]
    paragraphs, examples = _paragraphs(cmd.help or "")
    for para in paragraphs:
        lines += [para, ""]
    if aliases:
        lines += ["Also: " + ", ".join(_code(" ".join(["castaway", *path[:-1], a])) for a in sorted(aliases)) + ".", ""]
    pieces = cmd.collect_usage_pieces(ctx)
    lines += ["Usage: " + _code(" ".join([words, *pieces])), ""]
    arguments, options = _params(cmd, ctx)
    if arguments:
        lines += _table("argument", arguments) + [""]
    if options:
        lines += _table("option", options) + [""]
    for para in _epilog(cmd.epilog or ""):
        lines += [para, ""]
    for example in examples:
        words_, _sep, aside = example.partition(" (")
        if aside.endswith(")"):  # "castaway resume CODE (old codes are read too)": the aside is prose
            lines += [f"Example: {_code(words_)} ({_text(aside)}", ""]
        else:
            lines += [f"Example: {_code(example)}", ""]
    while lines and lines[-1] == "":
        lines.pop()


def _subcommands(cmd, ctx) -> list[tuple[str, object]]:
    if not hasattr(cmd, "list_commands"):
        return []
    subs = [(name, cmd.get_command(ctx, name)) for name in cmd.list_commands(ctx)]
    return [(name, sub) for name, sub in subs if sub is not None and not sub.hidden]


def _walk(cmd, ctx, typer_app, path: list[str], depth: int, lines: list[str], contents: list[str]) -> None:
    hidden = _aliases(typer_app) if typer_app is not None else {}
    groups, commands = _visible(typer_app) if typer_app is not None else ({}, {})
    for name, sub in _subcommands(cmd, ctx):
        sub_ctx = sub.make_context(name, [], parent=ctx, resilient_parsing=True)
        sub_app = groups.get(name)
        named = sub_app if sub_app is not None else commands.get(name)
        aliases = hidden.get(id(named), []) if named is not None else []
        sub_path = [*path, name]
        if depth == 2:
            contents.append(f"- [castaway {name}](#{_anchor(['castaway', *sub_path])}): {_text(_first(sub))}")
        _section(sub, sub_ctx, sub_path, depth, aliases, lines)
        _walk(sub, sub_ctx, sub_app, sub_path, depth + 1, lines, contents)


def _first(cmd) -> str:
    paragraphs, _examples = _paragraphs(cmd.help or "")
    return paragraphs[0] if paragraphs else ""


def _anchor(words: list[str]) -> str:
    """GitHub's anchor of a heading made of these words (lower case, spaces to dashes, punctuation out)."""
    return re.sub(r"[^\w\- ]", "", " ".join(words).lower()).replace(" ", "-")


def render() -> str:
    """The command reference as Markdown."""
    _english()
    import typer.main

    import cli

    app = cli.app  # every command module and every game's commands loaded
    root = typer.main.get_command(app)
    ctx = root.make_context("castaway", [], resilient_parsing=True)
    head = HEADER.format(regenerate=REGENERATE).splitlines()
    arguments, options = _params(root, ctx)
    lines: list[str] = []
    contents: list[str] = []
    _walk(root, ctx, app, [], 2, lines, contents)
    out = [*head, "", "| global option | what it is |", "|---|---|"]
    out += [f"| {_code(name)} | {_text(help_text)} |" for name, help_text in options]
    out += ["", "## Contents", "", *contents, *lines, ""]
    return "\n".join(out)


def main(argv: list[str]) -> int:
    check, stdout = "--check" in argv, "--stdout" in argv
    unknown = [a for a in argv if a not in ("--check", "--stdout")]
    if unknown or (check and stdout):
        print(f"usage: {REGENERATE} [--check | --stdout]", file=sys.stderr)
        return 2
    text = render()
    if stdout:
        sys.stdout.write(text)
        return 0
    if check:
        current = TARGET.read_text(encoding="utf-8") if TARGET.exists() else ""
        if current != text:
            print(f"{TARGET.relative_to(ROOT)} is out of date: run `{REGENERATE}` (or `make docs`)", file=sys.stderr)
            return 1
        return 0
    TARGET.parent.mkdir(parents=True, exist_ok=True)
    tmp = TARGET.with_suffix(".md.tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(TARGET)
    print(f"wrote {TARGET.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
