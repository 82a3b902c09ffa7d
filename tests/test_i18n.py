"""The Czech interface and the Czech edition of 21 Days: catalog completeness, plural forms, language
choice, a guided day in Czech, the edition's data, and Czech printables drawn with glyphs that exist."""

from __future__ import annotations

import functools
import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion import catalog, i18n

ROOT = Path(__file__).resolve().parent.parent


@functools.cache
def _locales():
    """tools/locales.py, loaded once for this file (it keeps the trees it parsed; tests that change its
    globals do it with monkeypatch, which puts them back)."""
    spec = importlib.util.spec_from_file_location("castaway_locales", ROOT / "tools" / "locales.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(autouse=True, scope="module")
def trees_let_go():
    """The syntax trees tools/locales.py kept for this file (some 600,000 objects) go when the file ends:
    kept, they slowed every later full garbage collection of the process, and its exit, by about a second."""
    yield
    if _locales.cache_info().currsize:
        _locales()._PARSED.clear()


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


def test_no_bare_user_facing_string_in_the_covered_files():
    """tools/locales.py check's AST scan: outside STILL_ENGLISH, every message a user reads goes through
    _(); the list only shrinks (a listed file that has become clean must leave it)."""
    loc = _locales()
    assert loc.bare_strings() == []
    assert loc.stale_english() == []


def test_the_scan_finds_a_bare_message(tmp_path, monkeypatch):
    loc = _locales()
    monkeypatch.setattr(loc, "ROOT", tmp_path)  # the probe in a tree of its own: the checkout is never written
    probe = tmp_path / "companion" / "_probe_bare.py"
    probe.parent.mkdir()
    probe.write_text('from .errors import UsageError\n\ndef f(x):\n    raise UsageError(f"no such thing {x!r}")\n'
                     'def g():\n    return {"say": _("fine")}\n', encoding="utf-8")
    found = loc.bare_strings([probe])
    assert len(found) == 1 and "no such thing" in found[0] and ":4:" in found[0]


@functools.cache
def _loose():
    spec = importlib.util.spec_from_file_location("loose_strings", ROOT / "tools" / "loose_strings.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_no_english_sentence_reaches_the_table_outside_the_catalog():
    """tools/loose_strings.py, the wide scan: in the covered files (the core modules, the odds, 21 Days,
    the printables) no English sentence is left outside _(); NOT_YET only shrinks."""
    loose = _loose()
    covered = {f.relative_to(ROOT).as_posix() for f in loose.covered_files()}
    assert {"companion/plays.py", "companion/catalog_read.py", "companion/odds/days21/report.py",
            "printables/report.py", "companion/games/days21/flow.py"} <= covered
    found = [line for f in loose.covered_files() for line in loose.loose(f)]
    assert not found, "\n".join(found)
    assert loose.clean_not_yet() == []


def test_a_clean_file_left_in_not_yet_is_named(monkeypatch):
    loose = _loose()
    monkeypatch.setattr(loose, "NOT_YET", ("companion/events.py",))
    assert loose.clean_not_yet() == [
        "companion/events.py: no English sentence left outside the catalog; take it off NOT_YET in tools/loose_strings.py"]
    assert "companion/events.py" not in {f.relative_to(ROOT).as_posix() for f in loose.covered_files()}


def test_the_wide_scan_sees_a_returned_sentence_and_lets_machine_text_be(tmp_path, monkeypatch):
    loose = _loose()
    monkeypatch.setattr(loose, "ROOT", tmp_path)  # the probe in a tree of its own: the checkout is never written
    probe = tmp_path / "companion" / "_probe_loose.py"
    probe.parent.mkdir()
    probe.write_text(
        'def f(n):\n    return f"The suitcase holds {n} things."\n\n'
        'def g():\n    return _("fine words here")\n\n'
        'def h(db, back: "Face | None" = None):\n'
        '    db.execute("SELECT id, game FROM games WHERE id = ?")\n'
        '    link = "bgstats://app.example.com/createPlay.html?data="\n'
        '    path = "DejaVuSans-Bold.ttf"\n'
        '    Die(id="d6", name=_("die"), assumed="a standard numbered die")\n'
        '    assert db is not None, f"no database for {back}"\n'
        '    assert back != "an English answer", back\n'
        '    assert back, f"{back} is a bare sentence" + "and one more sentence"\n'
        '    return {f"{n} strength lost": 1}  # untranslated: keys of --json\n', encoding="utf-8")
    found = loose.loose(probe)
    assert len(found) == 1 and "suitcase" in found[0] and ":2:" in found[0]


def test_the_play_log_speaks_czech_and_stores_english(cli):
    """Results, outcome terms, winners and an unnamed seat are shown in Czech; the stored play and the
    exported files keep the English words other apps and a later import read."""
    cli.ok("plays", "add", "21days", "--date", "2026-03-14", "-p", "Ann:red", "-p", "Bob:blue", "--result", "won",
           "--outcome", "day=21", "--outcome", "alive=2", "--expansion", "Weather expansion")
    cli.ok("plays", "add", "mutinies", "--date", "2026-03-15", "-p", "Ann", "-p", "Bob", "-p", "Cid",
           "--winner", "Ann", "--winner", "Bob", "--result", "won")
    out = cli.ok("--lang", "cs", "plays", "list").output
    assert "zachráněni · den 21 · přeživší 2 z 2" in out
    assert "výhra: Ann a Bob" in out
    assert "rescued" not in out and "won by" not in out
    data = json.loads(cli.ok("--lang", "cs", "plays", "list", "--json").output)
    assert [d["result"] for d in data] == ["won", "won"] and data[0]["expansions"] == ["Weather expansion"]
    cli.ok("--lang", "cs", "plays", "export", "csv", str(cli.db.parent / "p.csv"))
    assert ",won," in (cli.db.parent / "p.csv").read_text(encoding="utf-8")


def test_a_bad_data_file_is_refused_in_czech(cli, tmp_path, monkeypatch):
    folder = tmp_path / "decks" / "21days"
    folder.mkdir(parents=True)
    (folder / "mine.toml").write_text('[[track]]\nid = "ship"\nname = "Ship"\nmin = 5\nmax = 2\nsource = "mine"\n',
                                      encoding="utf-8")
    monkeypatch.setenv("CASTAWAY_DECKS", str(tmp_path / "decks"))
    monkeypatch.setenv("CASTAWAY_CACHE", "off")
    monkeypatch.setattr(catalog, "_CACHE", {})  # a new process: no catalog read yet
    r = cli("--lang", "cs", "rules", "assumptions", "21days")
    assert r.exit_code == 1
    assert r.stderr.strip() == "chyba: mine.toml: track[ship].max: 2 je pod min 5"
    monkeypatch.setattr(catalog, "_CACHE", {})
    r = cli("rules", "assumptions", "21days")
    assert r.stderr.strip() == "error: mine.toml: track[ship].max: 2 is below min 5"


def test_the_assumptions_of_21_days_read_in_czech_and_a_users_own_note_as_written(cli, tmp_path, monkeypatch):
    from companion import catalog

    out = cli.ok("--lang", "cs", "rules", "assumptions", "21days").output
    assert "21days die weather: pravidla jmenují stěny jasno, mrak a blesk" in out
    assert "the rulebook names" not in out
    (tmp_path / "decks" / "21days").mkdir(parents=True)
    (tmp_path / "decks" / "21days" / "mine.toml").write_text(
        '[[die]]\nid = "weather"\nname = "Weather die"\nfaces = ["clear", "cloud", "lightning"]\n'
        'assumed = "counted on my own die"\n', encoding="utf-8")
    monkeypatch.setenv("CASTAWAY_DECKS", str(tmp_path / "decks"))
    monkeypatch.setenv("CASTAWAY_CACHE", "off")
    monkeypatch.setattr(catalog, "_CACHE", {})
    assert "21days die weather: counted on my own die" in cli.ok("--lang", "cs", "rules", "assumptions", "21days").output


def test_the_fairness_verdict_and_long_values_in_czech():
    from companion import fairness
    from companion.bounded import shown

    i18n.set_language("cs")
    assert fairness.judge([1, 2, 3, 4, 5, 6], [1, 2]).words.startswith("na posouzení příliš málo hodů: zatím 2")
    assert "vypadá zatížená ve prospěch 6" in fairness.judge([1, 2, 3, 4, 5, 6], [6] * 40 + [1, 2, 3, 4, 5]).words
    assert shown("x" * 100).endswith("(102 znaků)") and shown("ab") == "'ab'"
    i18n.set_language("en")
    assert shown("x" * 100).endswith("(102 characters)")


def test_click_usage_errors_are_one_line_in_czech(cli):
    r = cli("--lang", "cs", "set")
    assert r.exit_code == 2 and r.stderr.strip().count("\n") == 0
    assert "Chybí argument 'target'." in r.stderr


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


def test_21_days_midday_is_the_czech_rulebooks_day_phase():
    """The Czech rulebook's "3. DENNÍ FÁZE": the status line's phase and the guided heading say it, never a bare
    "den" next to the day's number ("den 20/21 · den") nor "Poledne"."""
    from companion import i18n

    i18n.set_language("cs")
    try:
        assert i18n._("midday") == "denní fáze" and i18n._("Midday") == "Denní fáze"
    finally:
        i18n.set_language("en")


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
    r = cli("--lang", "de", "rules", "games")
    assert r.exit_code == 2 and "--lang 'de'" in (r.output + r.stderr)
    r = cli("new", "21days", "--edition", "de")
    assert r.exit_code == 2 and "edition 'de' of 21days: accepted: en, cs" in (r.output + r.stderr)


def test_czech_help_texts(tmp_path):
    r = subprocess.run([sys.executable, "-c", "import cli; cli.main()", "--lang", "cs", "new", "21days", "--help"],
                       capture_output=True, text=True, cwd=ROOT, env={"PATH": "/usr/bin:/bin", "CASTAWAY_DB": str(tmp_path / "h.db")})
    assert "Založí hru 21 dní" in r.stdout
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
    script = "táhni\nxyz\n\n\n\n1\n1\n6\n6\n" + "\n" * 12  # the swap location token: castaway's, in Czech
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


def test_a_czech_day_21_names_rosinas_location_the_token_and_the_dolphins_payer_in_czech(cli):
    """CS § Den 21 and § Trosečníci (Rosina activates one location; the Dolphin turns her die for 3 strength):
    the location, the day-21 hope token in the best order and the Dolphin's payer are in Czech words."""
    cli.ok("--lang", "cs", "new", "21days", "--edition", "cs", "--seed", "7", "-p", "Jana", "-p", "Petr",
           "-s", "rosina", "-s", "tomi", "-s", "maya", "-o", "swap=1")
    cli.ok("set", "day", "21")
    r = cli("--lang", "cs", "play", "--no-board", input="\n4\n3\n")
    text = r.output
    assert "Kostka Rosiny jde na lokalitu Rybolov." in text
    assert "žeton naděje 21. dne (+3 naděje)" in text and "hope21" not in text
    assert "dolphin červená" in text and "fishing" not in text


def test_the_english_edition_keeps_its_phases_in_czech(cli):
    cli.ok("--lang", "cs", "new", "21days", "--seed", "7")
    r = cli("--lang", "cs", "play", "--no-board", input="táhni\n\n\n")
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
