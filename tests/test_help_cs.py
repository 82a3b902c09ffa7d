"""`castaway --lang cs X --help` for every command and sub-command: every text a user reads is Czech.

One subprocess per language walks the whole command tree (cli.app with every command module loaded) and
renders each help page unwrapped; the test compares the two. A help text that is the same in both
languages is untranslated unless it is only words the user types (ids, option values); Click's own
words must not appear; and no English function word may stand outside option names, quoted or
`backticked` input and the page's example."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

DUMP = r"""
import json, sys
sys.argv = ["castaway", "--lang", sys.argv[1]]
import cli
from typer.main import get_command

pages = {}


def walk(cmd, path, parent):
    ctx = cmd.make_context(path[-1] if path else "castaway", [], parent=parent, resilient_parsing=True,
                           terminal_width=10000, max_content_width=10000)
    params = {p.name: getattr(p, "help", None) for p in cmd.get_params(ctx)}
    pages[" ".join(path)] = {"help": cmd.help, "short": cmd.short_help, "params": params, "page": cmd.get_help(ctx)}
    for name, sub in sorted(getattr(cmd, "commands", {}).items()):
        walk(sub, path + [name], ctx)


walk(get_command(cli.app), [], None)
print(json.dumps(pages, ensure_ascii=False))
"""

# Help texts that are only what the user types (a list of accepted values): the same in every language.
TYPED_ONLY = {
    "flare, jellyfish, receive, play, swap, hope, fishing, plank, kid, none.",
    "die: lightning/weather/raid; resource: food, wood, ...",
}
CLICK_ENGLISH = ("Usage:", "Options:", "Commands:", "Arguments:", "Show this message and exit.", "[default:",
                 "[required]", "[OPTIONS]", "COMMAND [ARGS]", "<int>", "<str>", "<float>", "<text>...", "env var:")
# English words that never occur in Czech prose (Czech shares "a", "to", "on", "do", "set"...).
# (Not "no", "all", "one", "who", "what": they are values and argument names the user types.)
ENGLISH = re.compile(r"\b(the|and|of|or|with|your|you|for|is|are|this|that|from|each|every|its|an|by|at|in|"
                     r"when|which|not|be|as|if|else|only|into|than|then|there)\b", re.I)
TYPED = re.compile(r"--?[\w-]+|'[^']*'|\"[^\"]*\"|`[^`]*`|<[^>]*>|\b[A-Z][A-Z_:\[\]]+\b|\S*[=:./]\S+")


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    db = tmp_path_factory.mktemp("help") / "h.db"
    out = {}
    for lang in ("en", "cs"):
        r = subprocess.run([sys.executable, "-c", DUMP, lang], capture_output=True, text=True, cwd=ROOT,
                           env={"PATH": "/usr/bin:/bin", "CASTAWAY_DB": str(db), "LANG": "C.UTF-8"}, timeout=120)
        assert r.returncode == 0, r.stderr[-2000:]
        out[lang] = json.loads(r.stdout)
    return out


def test_every_command_is_walked(pages):
    cs = pages["cs"]
    assert len(cs) > 150  # the root, its groups, and every command of the four games, plays, odds, print...
    for words in ("", "new", "plays stats", "plays export", "21days odds day21", "robinson weather", "mutinies trade", "dieson do", "print report"):
        assert words in cs, words


def test_no_help_text_is_left_in_english(pages):
    en, cs = pages["en"], pages["cs"]
    same = []
    for words, page in cs.items():
        texts = [("help", page["help"], en[words]["help"])] + [
            (f"--{name}", text, en[words]["params"].get(name)) for name, text in page["params"].items()]
        same += [f"castaway {words} {what}: {text!r}" for what, text, english in texts
                 if text and text == english and text not in TYPED_ONLY]
    assert same == [], "\n".join(same)


def test_clicks_own_words_are_czech(pages):
    found = [f"castaway {words}: {w!r}" for words, page in pages["cs"].items() for w in CLICK_ENGLISH if w in page["page"]]
    assert found == [], "\n".join(found)
    page = pages["cs"]["new 21days"]["page"]
    assert page.startswith("Použití: castaway new 21days [VOLBY]") and "Ukáže tuto nápovědu a skončí." in page
    assert "[výchozí: orange]" in page and "--seed <celé číslo>" in page and "Volby přípravy, každá jako --opt" in page
    assert "[povinné]" in pages["cs"]["use"]["page"]


def _prose(page: str) -> list[str]:
    """Each line of a help page as a user reads it in sentences: the usage line (names only), the example
    paragraph, an argument's name and typed words are left out (an empty string in their place)."""
    lines, example, arguments = [], False, False
    for line in page.splitlines():
        text = line.strip()
        example = text.startswith("Příklad:") or (example and bool(text))
        arguments = text == "Argumenty:" or (arguments and bool(text) and line.startswith(" "))
        if example or text.startswith("Použití:"):
            lines.append("")
            continue
        if arguments and text != "Argumenty:":
            text = text.split(None, 1)[1] if " " in text else ""  # the argument's name comes first
        lines.append(TYPED.sub(" ", text))
    return lines


def test_no_english_word_on_a_czech_help_page(pages):
    found = [f"castaway {words}: {line.strip()!r}" for words, page in pages["cs"].items()
             for line in _prose(page["page"]) if ENGLISH.search(line)]
    assert found == [], "\n".join(found[:40])


def test_the_check_sees_an_english_line():
    assert [bool(ENGLISH.search(x)) for x in _prose("  --ship <int>  The ship's space.\nPříklad: castaway odds the flares\n"
                                                    "  --to <text>  Kdo dostává, např. 'the red'.")] == [True, False, False]


@pytest.mark.parametrize("args, czech", [
    (("new", "21days", "--seed", "x"), "není celé číslo"),
    (("21days", "odds", "shark", "--bites", "9"), "je mimo rozsah 1<=x<=4"),
    (("21days", "odds", "hope", "--per", "x"), "není celé číslo"),
    (("rules", "games", "extra", "words"), "Nečekaná slova navíc: extra words"),
    (("new", "21days", "--keep-strength=maybe"), "nebere žádnou hodnotu"),
    (("new", "21days", "--bogus"), "Taková volba není: --bogus"),
    (("plays", "nosuch"), "Příkaz 'nosuch' neexistuje."),
    (("dice", "roll"), "Chybí argument 'dice'."),
])
def test_clicks_usage_errors_are_one_czech_line(cli, args, czech):
    r = cli("--lang", "cs", *args)
    assert r.exit_code == 2, r.output
    line = r.stderr.strip()
    assert "\n" not in line and line.startswith("chyba: ") and czech in line, line
    assert not ENGLISH.search(TYPED.sub(" ", line.split(" (castaway ")[0])), line
