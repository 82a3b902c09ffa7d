"""English sentences in the code that reach the table without the translation catalog.

tools/locales.py check finds bare strings where a user certainly reads them (errors, prompts, steps, 'say').
This scan is wider: any string literal or f-string with two English words in a row that is not inside
_(), N_() or ngettext(), a docstring, a `text()` method (the log's own English line), a comparison, a
subscript, a dict key or a programmer's exception. What it finds is either wrapped, or its file is
exempt below with the reason. It covers the folders in COVERED (the others are next).

    python tools/loose_strings.py [FILE ...]
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COVERED = ("companion/games/days21", "companion/games/dieson", "companion/games/robinson")
EXEMPT = {
    "companion/games/days21/entry.py": "import paths, and the play log's terms (translated where they are shown)",
    "companion/games/days21/legal.py": "the command lines a user types (commands and options are not translated)",
    "companion/games/robinson/entry.py": "import paths, and the play log's terms (translated where they are shown)",
    "companion/games/dieson/entry.py": "import paths, and the play log's terms (translated where they are shown)",
}
WRAPPERS = {"_", "N_", "ngettext"}
PROGRAMMER = {"ValueError", "KeyError", "TypeError", "AssertionError", "RuntimeError", "NotImplementedError"}
SENTENCE = re.compile(r"[A-Za-z]{3,}[,.:;!?']? +[^{}]*?[A-Za-z]{3,}")  # two words apart by a space (not id:parts)
DATA_KEYS = {"source", "assumed"}  # provenance notes on catalog entries: English by design, never shown in play


def _text(node) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
    return None


def _call_name(call: ast.Call) -> str:
    f = call.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""


def loose(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    parent = {c: p for p in ast.walk(tree) for c in ast.iter_child_nodes(p)}
    out = []
    for node in ast.walk(tree):
        text = _text(node)
        if text is None or isinstance(parent.get(node), ast.JoinedStr) or not SENTENCE.search(text):
            continue
        if any(k in text for k in DATA_KEYS):
            continue
        up, keep = node, True
        while up is not None and keep:
            if isinstance(up, ast.Call) and _call_name(up) in WRAPPERS | PROGRAMMER:
                keep = False
            elif isinstance(up, ast.FunctionDef) and up.name == "text":
                keep = False
            elif isinstance(up, ast.Expr) and isinstance(up.value, ast.Constant):
                keep = False  # a docstring
            elif isinstance(up, (ast.Compare, ast.Subscript)):
                keep = False
            up = parent.get(up)
        p = parent.get(node)
        if keep and isinstance(p, ast.Dict) and node in p.keys:
            keep = False
        if keep and isinstance(p, ast.keyword) and p.arg == "default":  # an answer's default value, typed words
            keep = False
        if keep:
            out.append(f"{path.relative_to(ROOT)}:{node.lineno}: English outside the catalog: {text[:70]!r}")
    return out


def covered_files() -> list[Path]:
    files = []
    for folder in COVERED:
        files += sorted((ROOT / folder).rglob("*.py"))
    return [f for f in files if str(f.relative_to(ROOT)) not in EXEMPT]


def main(argv: list[str]) -> int:
    files = [Path(a).resolve() for a in argv] or covered_files()
    found = [line for f in files for line in loose(f)]
    print("\n".join(found) if found else "ok")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
