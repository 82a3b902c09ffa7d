"""English sentences in the code that reach the table without the translation catalog.

tools/locales.py check finds bare strings where a user certainly reads them (errors, prompts, steps, 'say').
This scan is wider: any string literal or f-string with two English words in a row that is not inside
_(), N_() or ngettext(), a docstring, a comparison, a subscript, a dict key, a type annotation, a `source`/`assumed` note (keyword or dict key: provenance data) or a
programmer's exception or an assert's message. Machine text is no sentence either: a text without a space (ids, keys, paths, file
names), an SQL statement (it starts with SELECT, INSERT, PRAGMA...), a URL or markup (`://`, a leading `<`).
A line may say why its string stays English with a comment `# untranslated: <why>` (a JSON key, a word
a file format or a command reads). A game's PlayTerms are in the catalog already (tools/locales.py extracts
their labels; their `names` are other apps' names, matched, never shown). What it finds is either wrapped,
or its file is exempt below with the reason. It covers COVERED (folders, or globs of files), except the
files in NOT_YET: they are being translated, and leave the list once the scan finds them clean (the test
then asks for it, so the list only shrinks).

    python tools/loose_strings.py [FILE ...]
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COVERED = ("companion/*.py", "companion/odds", "companion/games/days21", "companion/games/dieson", "companion/games/robinson",
           "companion/games/mutinies", "printables", "ui", "cli.py")
EXEMPT = {
    "companion/games/days21/legal.py": "the command lines a user types (commands and options are not translated)",
    "companion/games/robinson/entry.py": "import paths, and the play log's terms (translated where they are shown)",
    "companion/games/dieson/entry.py": "import paths, and the play log's terms (translated where they are shown)",
    "companion/games/mutinies/entry.py": "import paths, and the play log's terms (translated where they are shown)",
}
NOT_YET: tuple = ()
WRAPPERS = {"_", "N_", "ngettext", "PlayTerms"}
PROGRAMMER = {"ValueError", "KeyError", "TypeError", "AssertionError", "RuntimeError", "NotImplementedError"}
SENTENCE = re.compile(r"[A-Za-z]{3,}[,.:;!?']? +[^{}]*?[A-Za-z]{3,}")  # two words apart by a space (not id:parts)
MACHINE = re.compile(r"^\s*(SELECT|INSERT|UPDATE|DELETE|CREATE|ALTER|DROP|PRAGMA|BEGIN|COMMIT|ROLLBACK|WITH)\b|://|^\s*<")
PROVENANCE = {"source", "assumed"}  # a catalog entry's provenance note (a keyword or a dict key): English data
PRAGMA = "# untranslated:"
MARKUP = re.compile(r"\[/?(?:bold|dim|reverse|italic|underline|strike|red|green|yellow|blue|cyan|magenta|white|black|grey\d*|on| )*\]")
REGEX = re.compile(r"^\^")  # a regular expression (it reads another program's English, never says it)


def _text(node) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
    return None


def _call_name(call: ast.Call) -> str:
    f = call.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""


def _annotation(node, parent) -> bool:
    """Inside a type annotation (a quoted one is a string constant too)."""
    child, up = node, parent.get(node)
    while up is not None:
        if isinstance(up, ast.arg) and child is up.annotation:
            return True
        if isinstance(up, (ast.AnnAssign,)) and child is up.annotation:
            return True
        if isinstance(up, (ast.FunctionDef, ast.AsyncFunctionDef)) and child is up.returns:
            return True
        child, up = up, parent.get(up)
    return False


def loose(path: Path) -> list[str]:
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    tree = ast.parse(source)
    parent = {c: p for p in ast.walk(tree) for c in ast.iter_child_nodes(p)}
    out = []
    for node in ast.walk(tree):
        text = _text(node)
        if text is not None:
            text = MARKUP.sub("", text)  # Rich's style tags are no words: [bold red], [/]
        if text is None or isinstance(parent.get(node), ast.JoinedStr) or not SENTENCE.search(text):
            continue
        if not any(c.isspace() for c in text) or MACHINE.search(text) or REGEX.search(text):
            continue
        if any(PRAGMA in lines[n - 1] for n in range(node.lineno, (node.end_lineno or node.lineno) + 1)):
            continue
        p = parent.get(node)
        if isinstance(p, ast.keyword) and p.arg in PROVENANCE or _annotation(node, parent):
            continue
        if isinstance(p, ast.Dict) and node in p.values:
            key = p.keys[p.values.index(node)]
            if isinstance(key, ast.Constant) and key.value in PROVENANCE:
                continue
        up, child, keep = node, None, True
        while up is not None and keep:
            if isinstance(up, ast.Call) and _call_name(up) in WRAPPERS | PROGRAMMER:
                keep = False
            elif isinstance(up, ast.Assert) and child is up.msg:
                keep = False  # an assert's message: a programmer's, as AssertionError's is
            elif isinstance(up, ast.Expr) and isinstance(up.value, ast.Constant):
                keep = False  # a docstring
            elif isinstance(up, (ast.Compare, ast.Subscript)):
                keep = False
            child, up = up, parent.get(up)
        p = parent.get(node)
        if keep and isinstance(p, ast.Dict) and node in p.keys:
            keep = False
        if keep and isinstance(p, ast.keyword) and p.arg == "default":  # an answer's default value, typed words
            keep = False
        if keep:
            out.append(f"{_rel(path)}:{node.lineno}: English outside the catalog: {text[:70]!r}")
    return out


def _rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def covered_files() -> list[Path]:
    files = []
    for where in COVERED:
        files += sorted(ROOT.glob(where)) if "*" in where or (ROOT / where).is_file() else sorted((ROOT / where).rglob("*.py"))
    return [f for f in files if _rel(f) not in EXEMPT and _rel(f) not in NOT_YET]


def clean_not_yet() -> list[str]:
    """Files still in NOT_YET that the scan finds clean (take them off the list)."""
    return [f"{rel}: no English sentence left outside the catalog; take it off NOT_YET in tools/loose_strings.py"
            for rel in NOT_YET if (ROOT / rel).exists() and not loose(ROOT / rel)]


def main(argv: list[str]) -> int:
    files = [Path(a).resolve() for a in argv] or covered_files()
    found = [line for f in files for line in loose(f)] + ([] if argv else clean_not_yet())
    print("\n".join(found) if found else "ok")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
