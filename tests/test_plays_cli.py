"""The play log and dice fairness from the command line, as a player uses them."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest


def finish_game(cli, *faces_red, result="won"):
    cli.ok("new", "21days", "-p", "Ann", "-p", "Bob", "--seed", "5")
    for f in faces_red:
        cli.ok("dice", "roll", "red", "--faces", str(f))
    cli.ok("dice", "roll", "shark", "--faces", "2/5")
    return cli.ok("end", "--result", result, "--yes")


def test_a_finished_game_is_a_play_with_its_dice_remembered(cli):
    r = finish_game(cli, 6, 6, 3)
    assert "Logged as play 1" in r.output
    play = json.loads(cli.ok("plays", "show", "last", "--json").output)
    assert play["game"] == "21days" and play["result"] == "won" and play["game_id"] == 1
    assert [p["name"] for p in play["players"]] == ["Ann", "Bob", "Ann", "Bob"]
    assert all(p["winner"] for p in play["players"]) and play["outcome"]["difficulty"] == "orange"
    dice = json.loads(cli.ok("dice", "stats", "--json").output)
    assert {d["label"]: d["counts"] for d in dice} == {
        "red": [0, 0, 1, 0, 0, 2], "shark outer": [0, 1, 0, 0, 0, 0], "shark inner": [0, 0, 0, 0, 1, 0]}
    assert dice[0]["verdict"].startswith("too few rolls")
    one = json.loads(cli.ok("dice", "stats", "shark inner", "--json").output)
    assert [d["label"] for d in one] == ["shark inner"]


def test_undone_rolls_do_not_count(cli):
    cli.ok("new", "21days", "--seed", "1")
    cli.ok("dice", "roll", "red", "--faces", "1")
    cli.ok("undo")
    cli.ok("dice", "roll", "red", "--faces", "4")
    dice = json.loads(cli.ok("dice", "stats", "red", "--json").output)
    assert dice[0]["counts"] == [0, 0, 0, 1, 0, 0]


def test_undoing_the_end_takes_the_play_back(cli):
    finish_game(cli)
    cli.ok("undo")
    assert json.loads(cli.ok("plays", "list", "--json").output) == []


def test_add_edit_stats_export_import(cli, tmp_path):
    finish_game(cli, 6)
    finish_game(cli, 2, result="lost")
    cli.ok("plays", "add", "mutinies", "--date", "2026-03-14 19:30", "--duration", "60", "-p", "Ann:blue", "-p", "Cid:red",
           "--score", "Ann=30", "--score", "Cid=33", "--winner", "Cid", "--result", "won", "--location", "Pier 7")
    r = cli.ok("plays", "edit", "last", "--comment", "Cid by a whisker", "--new", "Cid")
    assert "won by Cid" in r.output
    s = json.loads(cli.ok("plays", "stats", "--json").output)
    assert s["plays"] == 3
    assert {r["key"]: (r["won"], r["decided"]) for r in s["win_rate"]["player"]} == {"Ann": (1, 3), "Bob": (1, 2), "Cid": (1, 1)}
    text = cli.ok("plays", "stats").output
    assert "Win rate by player" in text and "█" in text
    for fmt, name in (("csv", "p.csv"), ("json", "p.json"), ("bgstats", "p.bgs.json"), ("bgstats-links", "links.txt")):
        cli.ok("plays", "export", fmt, str(tmp_path / name))
    assert (tmp_path / "p.csv").read_text().count("\n") == 1 + 2 + 2 + 2  # a row per person: Ann and Bob hold two seats each
    r = cli("plays", "export", "bgg", str(tmp_path / "p.xml"))
    assert r.exit_code == 2 and "castaway plays bgg-id 21days ID" in r.stderr and not (tmp_path / "p.xml").exists()
    cli.ok("plays", "bgg-id", "21days", "11")
    cli.ok("plays", "bgg-id", "mutinies", "22")
    cli.ok("plays", "export", "bgg", str(tmp_path / "p.xml"))
    assert len(ET.parse(tmp_path / "p.xml").getroot().findall("play")) == 3
    assert not list(tmp_path.glob(".*.tmp"))
    r = cli.ok("plays", "import", str(tmp_path / "p.json"))
    assert "0 plays imported; 3 already in the log" in r.output
    other = tmp_path / "other.db"
    from cli import app
    from tests.clirunner import CliRunner

    r = CliRunner().invoke(app, ["--db", str(other), "plays", "import", str(tmp_path / "p.json")])
    assert r.exit_code == 0 and "3 plays imported" in r.output
    r = CliRunner().invoke(app, ["--db", str(other), "plays", "export", "json", "-"])
    assert [p["uid"] for p in json.loads(r.output)["plays"]] == [p["uid"] for p in json.loads((tmp_path / "p.json").read_text())["plays"]]


@pytest.mark.parametrize("args, code, message", [
    (("plays", "show", "99"), 2, "no play '99'"),
    (("plays", "delete", "abc", "--yes"), 2, "give a play number"),
    (("plays", "add", "21days", "--date", "2999-01-01", "--result", "won"), 2, "is in the future"),
    (("plays", "add", "21days", "--date", "14.3.2026", "--result", "won"), 2, "is not a date"),
    (("plays", "add", "chess", "--date", "2026-01-01", "--result", "won"), 2, "unknown game 'chess'"),
    (("plays", "export", "pdf", "x.pdf"), 2, "accepted: csv, json, bgg, bgstats, bgstats-links"),
    (("plays", "bgg-id", "21days", "abc"), 2, "a positive whole number"),
    (("dice", "stats", "purple"), 2, "no rolls typed in for die 'purple'"),
])
def test_bad_input_is_one_line_and_writes_nothing(cli, db, args, code, message):
    finish_game(cli)
    before = db.read_bytes()
    r = cli(*args)
    assert r.exit_code == code, r.output
    assert message in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert db.read_bytes() == before


def test_bad_import_files_write_nothing(cli, db, tmp_path):
    finish_game(cli)
    bad = tmp_path / "BGStatsExport.json"
    bad.write_text(json.dumps({"games": [{"id": 1, "name": "21 Days"}], "players": [],
                               "plays": [{"gameRefId": 1, "playDate": "2025-01-01 10:00:00", "playerScores": []},
                                         {"gameRefId": 1, "playDate": "2999-01-01 10:00:00", "playerScores": []}]}))
    r = cli("plays", "import", str(bad))
    assert r.exit_code == 2 and "in the future" in r.stderr and "nothing was imported" in r.stderr
    assert len(json.loads(cli.ok("plays", "list", "--json").output)) == 1
    r = cli("plays", "import", str(tmp_path / "missing.json"))
    assert r.exit_code == 2 and "no file" in r.stderr


def test_print_report_is_a_pdf_with_the_stats(cli, tmp_path):
    pymupdf = pytest.importorskip("pymupdf")
    finish_game(cli, 6)
    finish_game(cli, result="lost")
    out = tmp_path / "report.pdf"
    cli.ok("print", "report", str(out), "--paper", "letter")
    doc = pymupdf.open(out)
    text = "".join(page.get_text() for page in doc)
    assert "play report" in text and "Win rate by player" in text and "21 Days" in text and "50%" in text
    assert doc[0].rect.width == pytest.approx(612, abs=1)  # US Letter


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_report_wraps_long_names_keeps_its_margins_embeds_its_fonts_and_speaks_czech(cli, tmp_path, paper):
    pymupdf = pytest.importorskip("pymupdf")
    finish_game(cli, 6)
    for result in ("won", "lost"):
        cli.ok("plays", "add", "robinson", "--date", "2026-03-14 19:30", "--duration", "90", "-p", "Ann", "-p", "Bob",
               "--result", result)
    pt = 25.4 / 72
    for lang in ("en", "cs"):
        out = tmp_path / f"report-{lang}-{paper}.pdf"
        cli.ok("--lang", lang, "print", "report", str(out), "--paper", paper)
        doc = pymupdf.open(out)
        text = " ".join(" ".join(p.get_text().split()) for p in doc)
        assert ("Plays per game" in text) == (lang == "en")
        if lang == "cs":
            assert "Partie podle her" in text and "Úspěšnost podle hry" in text
        for page in doc:
            assert all(f[1] == "ttf" and "DejaVu" in f[3] for f in page.get_fonts()), page.get_fonts()
            assert b"Helvetica" not in doc.tobytes()
            w = page.rect.width * pt
            spans = [(sp["text"], sp["bbox"]) for b in page.get_text("dict")["blocks"] for ln in b.get("lines", [])
                     for sp in ln["spans"] if sp["text"].strip()]
            for t, (x0, y0, x1, y1) in spans:
                assert x0 * pt >= 10 - 0.01 and x1 * pt <= w - 10 + 0.01, (t, x0 * pt, x1 * pt)
            # no two spans overprint each other
            boxes = [pymupdf.Rect(b) for _t, b in spans]
            for i, a in enumerate(boxes):
                for b in boxes[i + 1:]:
                    inter = a & b
                    assert inter.is_empty or inter.get_area() < 2, (spans[i], b)


def test_status_does_not_load_reportlab():
    import subprocess
    import sys

    code = "import sys, cli; import ui.plays_cmds, ui.dice_cmds; print('reportlab' in sys.modules)"
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert r.stdout.strip() == "False"


def test_a_winner_is_enough_to_say_a_competitive_play_was_won(cli):
    cli.ok("plays", "add", "mutinies", "--date", "2026-03-14", "-p", "Ann", "-p", "Bob", "--winner", "Ann")
    out = cli.ok("plays", "show", "last").output
    assert "Ann" in out and "won" in out.lower()
    r = cli("plays", "add", "mutinies", "--date", "2026-03-14", "-p", "Ann")
    assert r.exit_code == 2 and "--winner" in (r.output + r.stderr)
