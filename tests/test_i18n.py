"""The Czech interface and the Czech edition of 21 Days: catalog completeness, plural forms, language
choice, a guided day in Czech, the edition's data, and Czech printables drawn with glyphs that exist."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion import catalog, i18n

ROOT = Path(__file__).resolve().parent.parent


def _locales():
    spec = importlib.util.spec_from_file_location("castaway_locales", ROOT / "tools" / "locales.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(autouse=True)
def english_after(monkeypatch):
    """Each test starts from a neutral environment and leaves the process in English."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    yield
    i18n.configure("en")


# -- the catalog --------------------------------------------------------------------------------


def test_every_message_in_the_code_has_a_czech_translation_with_the_same_placeholders():
    loc = _locales()
    msgs = loc.extract()
    assert len(msgs) > 1000  # the extractor sees the code, the help texts and the 21 Days data
    assert "Shark attack, bite {n} of 4" in msgs and "A day on the raft" in msgs
    assert loc.problems("cs") == []


def test_the_shipped_mo_is_compiled_from_the_po():
    loc = _locales()
    assert loc.mo_path("cs").read_bytes() == loc.mo_bytes("cs"), "run: python tools/locales.py compile"


def test_the_placeholder_check_sees_a_dropped_or_renamed_field():
    loc = _locales()
    assert loc.fields("{who} rolls {v!r}: {n:+d} {{literal}}") == ["n", "v", "who"]
    assert loc.fields("{who} hází") != loc.fields("{who} rolls {v}")


def test_czech_plural_forms_read_correctly():
    from companion.games.days21.core import hope_taken

    i18n.set_language("cs")
    assert hope_taken("Jana", 1) == "Jana bere 1 žeton naděje."
    assert hope_taken("Jana", 2) == "Jana bere 2 žetony naděje."
    assert hope_taken("Jana", 5) == "Jana bere 5 žetonů naděje."
    assert hope_taken("Jana", 22) == "Jana bere 22 žetonů naděje."  # digits read as "dvaadvacet žetonů"
    assert hope_taken("Jana", 12) == "Jana bere 12 žetonů naděje."
    i18n.set_language("en")
    assert hope_taken("Ann", 1) == "Ann takes 1 hope token."
    assert hope_taken("Ann", 22) == "Ann takes 22 hope tokens."


# -- choosing the language ------------------------------------------------------------------------


def test_the_language_comes_from_lang_then_the_environment(monkeypatch):
    assert i18n.normalise("cs_CZ.UTF-8") == "cs"
    assert i18n.normalise("C.UTF-8") is None and i18n.normalise("POSIX") is None
    assert i18n.normalise("de:cs") == "cs"
    assert i18n.from_argv(["--db", "x", "--lang", "cs", "status"]) == "cs"
    assert i18n.from_argv(["--lang=en", "status"]) == "en"
    monkeypatch.setenv("LANG", "cs_CZ.UTF-8")
    assert i18n.configure(None) == "cs"
    assert i18n.configure("en") == "en"  # --lang en forces English
    monkeypatch.setenv("LC_ALL", "en_GB.UTF-8")
    assert i18n.configure(None) == "en"  # LC_ALL comes before LANG
    with pytest.raises(ValueError):
        i18n.configure("xx")


def test_a_czech_edition_game_speaks_czech_unless_told_otherwise(cli, monkeypatch):
    r = cli.ok("new", "21days", "--edition", "cs", "--seed", "3")
    assert "je připravená" in r.output and "Záchr. loď" in r.output
    r = cli.ok("--lang", "en", "status")
    assert "Rescue ship" in r.output and "Azor" not in r.output or "Rescue ship" in r.output
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    r = cli.ok("status")
    assert "Rescue ship" in r.output  # the environment names English: it wins over the edition
    monkeypatch.setenv("LANG", "C.UTF-8")
    r = cli.ok("status")
    assert "Záchr. loď" in r.output


def test_unknown_language_and_edition_are_refused(cli):
    r = cli("--lang", "de", "games")
    assert r.exit_code == 2 and "--lang 'de'" in (r.output + r.stderr)
    r = cli("new", "21days", "--edition", "de")
    assert r.exit_code == 2 and "edition 'de' of 21days: accepted: en, cs" in (r.output + r.stderr)


def test_czech_help_texts(tmp_path):
    r = subprocess.run([sys.executable, "-c", "import cli; cli.main()", "--lang", "cs", "new", "--help"],
                       capture_output=True, text=True, cwd=ROOT, env={"PATH": "/usr/bin:/bin", "CASTAWAY_DB": str(tmp_path / "h.db")})
    assert "Založí hru a udělá z ní aktuální hru." in r.stdout
    assert "Příklad: castaway new 21days" in r.stdout and "Volby" in r.stdout


def test_english_status_does_not_read_a_catalog(cli, db):
    cli.ok("new", "21days", "--seed", "1")
    probe = ("import sys, cli\nsys.argv = ['castaway', '--db', sys.argv[1], 'status']\n"
             "try:\n    cli.main()\nexcept SystemExit:\n    pass\nfrom companion import i18n\nprint('CATALOG', i18n._catalog)\n")
    r = subprocess.run([sys.executable, "-c", probe, str(db)], capture_output=True, text=True, cwd=ROOT,
                       env={"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"})
    assert "CATALOG None" in r.stdout


# -- the guided game in Czech -----------------------------------------------------------------------


def test_a_czech_guided_day_with_czech_prompts_and_errors(cli):
    cli.ok("--lang", "cs", "new", "21days", "--edition", "cs", "--seed", "7", "-p", "Jana", "-p", "Petr")
    script = "xyz\n\n\n\n\n1\n1\n1\n1\n" + "\n" * 12
    r = cli("--lang", "cs", "play", "--no-board", input=script)
    text = r.output + (r.stderr if r.stderr_bytes else "")
    assert "Je stůl připravený takhle? [A/n]" in text
    assert "chyba: odpověď 'xyz': přijímáme a (ano), nebo n (ne)" in text  # a refused answer, in Czech
    for heading in ("1. Fáze přiblížení žraloků", "2. Ranní fáze", "3. Denní fáze: výběr a aktivace lokalit",
                    "4. Večerní fáze", "6. Fáze deníku", "2. den"):
        assert heading in text, heading
    assert "Karta vzdálenosti žraloků se posouvá na 4." in text
    assert "Kam?" in text and "Signální lokalita" in text
    state = json.loads(cli.ok("status", "--json").output)["state"]
    assert state["tracks"]["day"] == 2
    r = cli("--lang", "cs", "move", "ship", "+20")
    assert r.exit_code == 1 and "je mimo stupnici" in r.stderr


def test_the_english_edition_keeps_its_phases_in_czech(cli):
    cli.ok("--lang", "cs", "new", "21days", "--seed", "7")
    r = cli("--lang", "cs", "play", "--no-board", input="\n\n")
    assert "Fáze žraloků" in r.output and "1. Fáze přiblížení žraloků" not in r.output


# -- the Czech edition's data -----------------------------------------------------------------------


def test_the_czech_edition_has_its_own_names_colours_cards_and_phases():
    cs, en = catalog.load("21days", "cs"), catalog.load("21days")
    assert cs.dice["octopus"].colour == "purple" and en.dice["octopus"].colour == "green"
    assert cs.characters["scruffs"].name == "Azor" and cs.deck("scruffs").name == "Azorovy karty"
    assert [cs.characters[k].name for k in ("magnusson", "mechanic", "pastor", "pjotr")] == ["Profesor", "Mechanik", "Pastor", "Pjotr"]
    assert cs.characters["kid"].get("absent") and not en.characters["kid"].get("absent")
    swaps = {c.name for c in cs.deck("swap").cards}
    assert {"Delfín", "Láhev", "Světlice"} <= swaps and any(n.startswith("Želva") for n in swaps)
    assert not any(c.get("promo") for c in cs.deck("bottle").cards)
    assert "Zkažená ryba!" in {c.name for c in cs.deck("bottle").cards}
    assert "bottle" in cs.rules["weather"]["results"] and "receive" not in cs.rules["weather"]["results"]
    assert cs.rules["phases"]["end"] == "6. Logbook phase" and "phases" not in en.rules
    for entry in [*cs.characters.values(), *cs.deck("swap").cards, *cs.deck("scruffs").cards, cs.dice["octopus"]]:
        assert entry.source or entry.assumed


def test_czech_edition_rules_run_on_the_same_code(cli):
    cli.ok("new", "21days", "--edition", "cs", "--seed", "5", "--opt", "weather=true")
    r = cli("new", "21days", "--edition", "cs", "--survivor", "kid")
    assert r.exit_code == 2 and "v tomto vydání hry 21 dní není" in (r.output + r.stderr)


def test_the_bottle_weather_symbol_closes_both_bottle_places():
    from companion.games.days21.weather import blocked
    from companion.table import Table

    t = Table({"d21": {"weather": {"today": "bottle"}}})
    assert blocked(t) == {"receive", "play"}


# -- Czech printables --------------------------------------------------------------------------------


def test_czech_printables_spell_their_words_with_glyphs_the_fonts_have(cli, tmp_path):
    fitz = pytest.importorskip("fitz")
    out = tmp_path / "kit"
    cli.ok("--lang", "cs", "print", "kit", "21days", "--edition", "cs", "--out", str(out), "--backs", "none")
    text = ""
    pdfs = sorted(out.glob("*.pdf"))
    assert len(pdfs) == 4  # cards (tokens packed after them), dice, reference, credits
    for pdf in pdfs:
        doc = fitz.open(pdf)
        for page in doc:
            embedded = {base.split("+")[-1] for _x, _e, _t, base, _n, _enc in page.get_fonts()}
            for span in page.get_texttrace():
                assert span["font"].split("+")[-1] in embedded and span["font"].startswith("DejaVu"), span["font"]
                # glyph 0 is .notdef: the font has no drawing for that character (a box or nothing on paper)
                missing = {chr(u) for u, glyph, *_ in span["chars"] if glyph == 0 and not chr(u).isspace()}
                assert not missing, f"{pdf.name}: {span['font']} has no glyph for {missing}"
            text += page.get_text()
    for word in ("Chobotnice", "Žralok", "naděje", "Světlice", "tiskněte na 100 %", "Azorovy karty"):
        assert word in text, word


def test_czech_save_sheet(cli, tmp_path):
    fitz = pytest.importorskip("fitz")
    cli.ok("new", "21days", "--edition", "cs", "--seed", "2")
    cli.ok("--lang", "cs", "print", "save", "--out", str(tmp_path))
    pdf = next(tmp_path.glob("*.pdf"))
    text = "".join(p.get_text() for p in fitz.open(pdf))
    assert "Naskenujte do: castaway resume" in text and "21 dní: uložená hra" in text
