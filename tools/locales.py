"""The translation catalogs: extract the messages, update the .po files, compile them to .mo, check them.

    python tools/locales.py update    # new messages into companion/locales/<lang>/LC_MESSAGES/castaway.po
    python tools/locales.py compile   # .po -> .mo (shipped as package data; the runtime needs only gettext)
    python tools/locales.py check     # every message translated, placeholders kept, .mo up to date, and no
                                      # bare user-facing string outside _() (an AST scan; see bare_strings)

Messages are the string arguments of _(), N_() and ngettext() in the code, the help texts of the commands
(the docstrings of functions registered with @command / @cmd in the modules that import the i18n helpers;
their typer help= texts are _() calls), the texts of the 21 Days catalog (names, effects, abilities,
reference aids, symbols, phases, the `assumed` notes; an edition's own names are printed names and are shown
as they are), and the play log's terms of every game (PlayTerms: outcome labels, the word for a won play,
expansions' and variants' names). Needs Babel (the `test` extra); castaway itself does not.
"""

from __future__ import annotations

import ast
import inspect
import re
import sys
import tomllib
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "companion" / "locales"
DOMAIN = "castaway"
LANGS = ("cs",)
SOURCES = ("cli.py", "companion", "ui", "printables")
TRANSLATED_GAMES = ("21days", "mutinies")  # the games with a translated catalog (printed names stay as printed)
FIELD = re.compile(r"\{([^{}!:]*)(![rsa])?(:[^{}]*)?\}")


def _py_files() -> list[Path]:
    out = []
    for src in SOURCES:
        p = ROOT / src
        out += [p] if p.is_file() else sorted(p.rglob("*.py"))
    return out


_PARSED: dict[tuple[Path, int, int], tuple[str, ast.Module]] = {}


def _source(path: Path) -> tuple[str, ast.Module]:
    """A file's text and syntax tree, parsed once a process while the file is unchanged (extract and the
    scans read the same files; the trees are only read)."""
    st = path.stat()
    key = (path, st.st_mtime_ns, st.st_size)
    if key not in _PARSED:
        text = path.read_text(encoding="utf-8")
        _PARSED[key] = (text, ast.parse(text))
    return _PARSED[key]


def _fname(node) -> str:
    f = node.func if isinstance(node, ast.Call) else node
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""


def extract_code() -> dict[str, dict]:
    """msgid -> {"plural": str | None, "where": [file:line, ...]} from the Python sources."""
    found: dict[str, dict] = {}
    for path in _py_files():
        for msgid, where, plural in _messages_in(path):
            e = found.setdefault(msgid, {"plural": plural, "where": []})
            e["where"].append(where)
            if plural:
                e["plural"] = plural
    return found


_MESSAGES: dict[tuple[Path, int, int], list[tuple[str, str, str | None]]] = {}


def _messages_in(path: Path) -> list[tuple[str, str, str | None]]:
    """(msgid, file:line, plural) of each message one file declares, in the order met; found once a process
    while the file is unchanged (extract runs more than once: update, check, and the tests)."""
    st = path.stat()
    key = (path, st.st_mtime_ns, st.st_size)
    if key in _MESSAGES:
        return _MESSAGES[key]
    out: list[tuple[str, str, str | None]] = []
    rel = path.relative_to(ROOT).as_posix()
    text, tree = _source(path)
    translated = "i18n import" in text  # a module that imports the i18n helpers is translated whole
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            args = node.args
            if node.func.id in ("_", "N_") and len(args) == 1 and isinstance(args[0], ast.Constant) and isinstance(args[0].value, str):
                out.append((args[0].value, f"{rel}:{node.lineno}", None))
            elif node.func.id == "ngettext" and len(args) == 3 and all(
                    isinstance(a, ast.Constant) and isinstance(a.value, str) for a in args[:2]):
                out.append((args[0].value, f"{rel}:{node.lineno}", args[1].value))
        if isinstance(node, ast.Call) and _fname(node) == "PlayTerms":
            out += [(words, f"{rel}:{node.lineno}", None) for words in _play_terms(node)]
        if translated and isinstance(node, ast.FunctionDef) and any(
                isinstance(d, ast.Call) and _fname(d) in ("command", "cmd") for d in node.decorator_list):
            doc = ast.get_docstring(node, clean=False)
            if doc:
                out.append((inspect.cleandoc(doc), f"{rel}:{node.lineno}", None))
    _MESSAGES[key] = out
    return out


def _play_terms(call: ast.Call) -> list[str]:
    """The words of a game's PlayTerms that the play log shows: its outcome labels (the last item of each
    `terms` pair), its word for a won play (`won`) and its expansions' and variants' names (the last item
    of each `extras` triple). They are stored in English and translated where they are shown (playwords.py)."""
    out = []
    for k in call.keywords:
        if k.arg == "won" and isinstance(k.value, ast.Constant) and isinstance(k.value.value, str):
            out.append(k.value.value)
        elif k.arg in ("terms", "extras") and isinstance(k.value, ast.Tuple):
            for el in k.value.elts:
                if isinstance(el, ast.Tuple) and el.elts and isinstance(el.elts[-1], ast.Constant):
                    out.append(el.elts[-1].value)
    return [t for t in out if isinstance(t, str) and t]


def _texts_of(value, keys) -> list[str]:
    out = []
    if isinstance(value, dict):
        for k, v in value.items():
            if k in ("source", "assumed", "id"):
                continue
            if k in keys:
                out += [x for x in (v if isinstance(v, list) else [v]) if isinstance(x, str)]
                if k == "rows":
                    out += [c for row in v if isinstance(row, list) for c in row if isinstance(c, str)]
            elif isinstance(v, (dict, list)):
                out += _texts_of(v, keys)
    elif isinstance(value, list):
        for v in value:
            out += _texts_of(v, keys)
    return out


def _assumed(value) -> list[str]:
    """Every `assumed` note in a catalog file, wherever its entry is (components, cards, rules, aids)."""
    if isinstance(value, dict):
        return [x for k, v in value.items() for x in ([v] if k == "assumed" and isinstance(v, str) else _assumed(v))]
    if isinstance(value, list):
        return [x for v in value for x in _assumed(v)]
    return []


def extract_data() -> dict[str, dict]:
    """msgid -> {"plural": None, "where": [...]} from the translated games' catalogs."""
    found: dict[str, dict] = {}
    texts = ("name", "effect", "ability", "cost", "items", "columns", "rows")
    for gid in TRANSLATED_GAMES:
        folder = ROOT / "decks" / gid
        files = [(p, False) for p in sorted(folder.glob("*.toml"))]
        files += [(p, True) for p in sorted(folder.glob("editions/*/*.toml"))]
        for path, edition in files:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
            keys = tuple(k for k in texts if not (edition and k == "name"))  # an edition's names are printed names
            rel = path.relative_to(ROOT).as_posix()
            msgs = _texts_of({k: v for k, v in data.items() if k not in ("rules", "reference")}, keys)
            msgs += _texts_of(data.get("reference", []), texts)  # reference aids are ours: their titles too
            rules = data.get("rules", {})
            msgs += [c.get("name") for c in (rules.get("print") or {}).get("track_cards", []) if c.get("name")]
            for table in ("symbols", "phases", "ability_faces"):
                msgs += [v for k, v in (rules.get(table) or {}).items() if isinstance(v, str) and k not in ("source", "assumed")]
            msgs += [v[f] for v in (rules.get("symbol_chart") or {}).values() if isinstance(v, dict) for f in ("name", "does") if v.get(f)]
            for track in data.get("track", []):
                msgs += [v for v in (track.get("labels") or {}).values() if isinstance(v, str)]
            msgs += _assumed(data)  # why an entry is a guess: `rules assumptions` and the printables show it
            for m in msgs:
                if re.search(r"[A-Za-z]{2}", m):
                    found.setdefault(m, {"plural": None, "where": []})["where"].append(rel)
    return found


def extract() -> dict[str, dict]:
    msgs = extract_code()
    for k, v in extract_data().items():
        msgs.setdefault(k, {"plural": None, "where": []})["where"] += v["where"]
    return msgs


def po_path(lang: str) -> Path:
    return LOCALES / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def read(lang: str):
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po

    path = po_path(lang)
    if not path.exists():
        return Catalog(locale=lang, domain=DOMAIN, project="castaway")
    with path.open("rb") as f:
        return read_po(f, locale=lang, domain=DOMAIN)


def write(lang: str, catalog) -> None:
    from babel.messages.pofile import write_po

    path = po_path(lang)
    path.parent.mkdir(parents=True, exist_ok=True)
    catalog.fuzzy = False
    catalog.header_comment = ("# Czech translations of castaway's messages (see tools/locales.py).\n"
                              "# Plural forms: 1 žeton, 2-4 žetony, 5+ žetonů; 22 žetony (\"dvacet dva\"), 12 žetonů.")
    buf = BytesIO()
    write_po(buf, catalog, width=0, omit_header=False, sort_output=False, include_lineno=False)
    path.write_bytes(buf.getvalue())


def update(lang: str) -> tuple[int, int]:
    """Add new messages (untranslated) and drop the ones the code no longer uses; returns (added, dropped)."""
    cat = read(lang)
    msgs = extract()
    have = {m.id if isinstance(m.id, str) else m.id[0]: m for m in cat if m.id}
    added = dropped = 0
    for key, m in list(have.items()):
        if key not in msgs:
            cat.delete(m.id)
            dropped += 1
    for msgid, info in msgs.items():
        locs = [(w.split(":")[0], None) for w in sorted(set(info["where"]))]
        if msgid in have:
            have[msgid].locations = locs
            continue
        cat.add((msgid, info["plural"]) if info["plural"] else msgid, ("", "", "") if info["plural"] else "", locations=locs)
        added += 1
    write(lang, cat)
    return added, dropped


def mo_bytes(lang: str) -> bytes:
    from babel.messages.mofile import write_mo

    buf = BytesIO()
    write_mo(buf, read(lang))
    return buf.getvalue()


def mo_path(lang: str) -> Path:
    return po_path(lang).with_suffix(".mo")


def compile_all() -> None:
    for lang in LANGS:
        mo_path(lang).write_bytes(mo_bytes(lang))


def fields(text: str) -> list[str]:
    """The named placeholders of a message, sorted ({n} and {n!r} alike)."""
    return sorted(m.group(1) for m in FIELD.finditer(text.replace("{{", "").replace("}}", "")))


def problems(lang: str) -> list[str]:
    """Every message of the code without a translation, or whose translation changes the placeholders."""
    cat = read(lang)
    by_id = {(m.id if isinstance(m.id, str) else m.id[0]): m for m in cat if m.id}
    out = []
    for msgid, info in extract().items():
        m = by_id.get(msgid)
        strs = [] if m is None else ([m.string] if isinstance(m.string, str) else list(m.string))
        if m is None or not strs or not all(strs):
            out.append(f"{lang}: no translation: {msgid!r} ({info['where'][0]})")
            continue
        if m.fuzzy:
            out.append(f"{lang}: fuzzy: {msgid!r}")
        want = set(fields(msgid)) | set(fields(info["plural"] or ""))
        for s in strs:
            got = set(fields(s))
            if got != want and not (info["plural"] and got <= want and got):
                out.append(f"{lang}: placeholders {sorted(got)} != {sorted(want)} in {s!r} for {msgid!r}")
    return out


# -- bare user-facing strings: the AST scan -----------------------------------------------------------
# A user-facing string is the message of an error (UsageError, RuleError, ...), the prompt of an Ask or a
# choice's label, a Step's title and words, what a terminal shows (a console's print, typer.echo/secho,
# confirm, prompt, a status line, print() to stdout, a write to a stream), a command's help text
# (typer.Option/Argument/Typer help=), a Rich table's title and column headings, or the "say" of an
# action's result. It is
# bare when it is a literal (or an f-string, or a sum of them) with words in it, outside _(), N_() and
# ngettext(). The scan covers every source file except those in STILL_ENGLISH, which are listed honestly
# (the other three games' rules and the play log's record layer are English today: their messages are
# the next to translate); a file leaves the list once it is clean, and the check fails on any bare string
# in a covered file, or on a listed file that has become clean (so the list only ever shrinks).
ERRORS = ("UsageError", "RuleError", "CompanionError", "StaleError", "StoreError", "UnknownComponent", "BadParameter")
STILL_ENGLISH: tuple[str, ...] = ()
_WORDS = re.compile(r"[A-Za-z]{3,}")


def _literal(node) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str))
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _literal(node.left), _literal(node.right)
        return None if left is None and right is None else (left or "") + (right or "")
    return None


PRINTS = ("print", "echo", "secho", "confirm", "prompt", "status", "write")  # what a terminal shows
TYPER_HELP = ("Option", "Argument", "Typer", "command", "callback", "add_typer")  # their help= and the like
HELP_WORDS = ("help", "short_help", "epilog", "rich_help_panel")
RICH_TABLES = ("Table", "add_column", "Panel", "Rule")  # a table's title and column headings


def _user_facing(node) -> list:
    """The argument nodes of a call or dict that a user reads."""
    out = []
    if isinstance(node, ast.Call):
        fn = _fname(node)
        plain_print = fn == "print" and isinstance(node.func, ast.Name) and not any(
            k.arg == "file" for k in node.keywords)  # print() writes to stdout: a user reads it
        if fn in ERRORS or fn == "Ask" or (fn in PRINTS and isinstance(node.func, ast.Attribute)) or plain_print:
            out += node.args[:1]
        if fn == "parse_int":  # (text, what, accepted): the last two make its refusal
            out += node.args[1:3]
        if fn in TYPER_HELP:
            out += [k.value for k in node.keywords if k.arg in HELP_WORDS]
        if fn in RICH_TABLES:
            out += node.args[:1] if fn != "Table" else []
            out += [k.value for k in node.keywords if k.arg in ("title", "caption", "header")]
        elif fn == "Step":
            out += node.args[1:3]
        if fn in ("Ask", "Step"):
            out += [k.value for k in node.keywords if k.arg in ("prompt", "title", "say")]
        if fn == "Ask":
            for k in node.keywords:
                if k.arg == "choices" and isinstance(k.value, ast.Tuple):
                    out += [el.elts[1] for el in k.value.elts if isinstance(el, ast.Tuple) and len(el.elts) == 2]
    elif isinstance(node, ast.Dict):
        out += [v for k, v in zip(node.keys, node.values) if isinstance(k, ast.Constant) and k.value == "say"]
    return out


MARKUP = re.compile(r"\[/?(?:bold|dim|italic|reverse|underline|red|green|yellow|blue|cyan|magenta|white)\b[a-z ]*\]|\[/\]")


def _marked_up(tree) -> list:
    """Literals carrying Rich markup ([bold]...[/]) outside _(): markup is only ever written for a reader,
    so the words in them are user-facing wherever they go (a board's lines, a table's cells)."""
    inside = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _fname(node) in ("_", "N_", "ngettext"):
            inside.update(id(n) for a in node.args for n in ast.walk(a))
    found = []
    for node in ast.walk(tree):
        if id(node) in inside:
            continue
        if isinstance(node, ast.JoinedStr):
            inside.update(id(v) for v in node.values)
        text = _literal(node) if isinstance(node, (ast.Constant, ast.JoinedStr)) else None
        if text and MARKUP.search(text):
            found.append(node)
    return found


def bare_strings(files: list[Path] | None = None) -> list[str]:
    """file:line: 'text' for every bare user-facing string in the covered files."""
    out = []
    for path in files if files is not None else _py_files():
        rel = path.relative_to(ROOT).as_posix()
        if files is None and rel in STILL_ENGLISH:
            continue
        tree = _source(path)[1]
        seen = set()
        for arg in [a for node in ast.walk(tree) for a in _user_facing(node)] + _marked_up(tree):
            text = _literal(arg)
            words = re.sub(r"\{[^{}]*\}|\[/?[a-z0-9 #]*\]", "", text or "")
            if text is not None and _WORDS.search(words) and (arg.lineno, text) not in seen:
                seen.add((arg.lineno, text))
                out.append(f"{rel}:{arg.lineno}: bare user-facing string {text[:70]!r}: wrap it in _()")
    return out


def stale_english() -> list[str]:
    """Files still listed in STILL_ENGLISH that the scan finds clean (take them off the list)."""
    return [f"{rel}: no bare strings left; take it off STILL_ENGLISH" for rel in STILL_ENGLISH
            if (ROOT / rel).exists() and not bare_strings([ROOT / rel])]


def main(argv: list[str]) -> int:
    what = argv[0] if argv else "check"
    if what == "update":
        for lang in LANGS:
            added, dropped = update(lang)
            print(f"{po_path(lang).relative_to(ROOT)}: {added} new, {dropped} dropped")
        return 0
    if what == "compile":
        compile_all()
        return 0
    if what == "check":
        bad = [p for lang in LANGS for p in problems(lang)] + bare_strings() + stale_english()
        bad += [f"{mo_path(lang).relative_to(ROOT)} is out of date: run python tools/locales.py compile"
                for lang in LANGS if not mo_path(lang).exists() or mo_path(lang).read_bytes() != mo_bytes(lang)]
        print("\n".join(bad) or "ok")
        return 1 if bad else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
