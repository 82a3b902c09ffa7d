"""The play log tells the truth (issue 13, item 4): 21 Mutinies' winner reaches every view and export,
abandoned plays never reach BG Stats as a loss, `plays list` sorts as its help says, and the CSV has one
row per person and play."""

from __future__ import annotations

import csv
import io
import json
import xml.etree.ElementTree as ET

from companion import exchange, session
from companion import plays as pl
from tests.test_mutinies_game import SCRIPT


def _mutinies_to_its_end(cli):
    cli.ok("new", "mutinies", "-p", "Ann", "-p", "Bob", "-p", "Cid", "--opt", "order=red,blue,green", "--seed", "3")
    cli.ok("set", "jewels", "2")
    r = cli.ok("play", "--no-board", input=SCRIPT)
    assert "The game is over: won" in r.stdout


def test_mutinies_winner_in_list_stats_and_exports(cli, tmp_path):
    _mutinies_to_its_end(cli)
    plays = json.loads(cli.ok("plays", "list", "--json").output)
    assert len(plays) == 1
    assert [(p["name"], p["winner"]) for p in plays[0]["players"]] == [("Ann", False), ("Bob", True), ("Cid", False)]
    assert [p["score"] for p in plays[0]["players"]] == [1, 4, 1]
    assert "won by Bob" in cli.ok("plays", "list").output
    stats = json.loads(cli.ok("plays", "stats", "--json").output)
    assert {r["key"]: (r["won"], r["decided"]) for r in stats["win_rate"]["player"]} == {
        "Ann": (0, 1), "Bob": (1, 1), "Cid": (0, 1)}
    cli.ok("plays", "bgg-id", "mutinies", "22")
    cli.ok("plays", "export", "bgg", str(tmp_path / "p.xml"))
    wins = {p.get("name"): p.get("win") for p in ET.parse(tmp_path / "p.xml").getroot().iter("player")}
    assert wins == {"Ann": "0", "Bob": "1", "Cid": "0"}
    cli.ok("plays", "export", "bgstats", str(tmp_path / "p.json"))
    push = json.loads((tmp_path / "p.json").read_text())
    assert [(p["name"], p["winner"], p["rank"]) for p in push[0]["players"]] == [
        ("Ann", False, 2), ("Bob", True, 1), ("Cid", False, 2)]


def test_a_play_logged_without_its_mutinies_winner_gets_it_back(db):
    """A play an older castaway logged with the winners only in its outcome reads with them."""
    stored = pl.validate({"game": "mutinies", "started": "2026-02-03 20:00", "result": "won",
                          "players": [{"name": "Ann", "seat": "red"}, {"name": "Bob", "seat": "blue"}],
                          "outcome": {"winners": ["blue"], "prestige": {"red": 3, "blue": 9}}})
    assert not any(p["winner"] for p in stored["players"])
    assert [p["winner"] for p in pl.normalize(stored)["players"]] == [False, True]


def test_abandoned_plays_stay_out_of_bg_stats(cli, tmp_path):
    cli.ok("plays", "add", "21days", "--date", "2026-03-14", "-p", "Ann", "--result", "abandoned")
    cli.ok("plays", "add", "21days", "--date", "2026-03-15", "-p", "Ann", "--result", "won")
    r = cli.ok("plays", "export", "bgstats", str(tmp_path / "p.json"))
    assert "1 play written" in r.output and "1 abandoned play(s) left out" in r.output
    push = json.loads((tmp_path / "p.json").read_text())
    assert [p["playDate"][:10] for p in push] == ["2026-03-15"]
    cli.ok("plays", "export", "bgstats-links", str(tmp_path / "links.txt"))
    assert len((tmp_path / "links.txt").read_text().splitlines()) == 1
    r = cli("plays", "show", "1", "--bgstats-link")
    assert r.exit_code == 1 and "abandoned" in r.stderr and "bgstats://" not in r.stdout
    assert "bgstats://" in cli.ok("plays", "show", "2", "--bgstats-link").output
    # BGG has its own mark for it: incomplete="1"
    cli.ok("plays", "bgg-id", "21days", "11")
    cli.ok("plays", "export", "bgg", str(tmp_path / "p.xml"))
    assert [p.get("incomplete") for p in ET.parse(tmp_path / "p.xml").getroot().iter("play")] == ["1", "0"]


def test_plays_list_is_oldest_first_by_date_played(cli):
    for day in ("2026-03-20", "2026-01-05", "2026-02-11"):
        cli.ok("plays", "add", "dieson", "--date", day, "--result", "lost")
    listed = json.loads(cli.ok("plays", "list", "--json").output)
    assert [p["started"][:10] for p in listed] == ["2026-01-05", "2026-02-11", "2026-03-20"]
    assert "oldest first" in cli.ok("plays", "list", "--help").output
    text = cli.ok("plays", "list").output.splitlines()
    assert [line.split()[0] for line in text] == ["2", "3", "1"]


def test_csv_one_row_per_person_and_play(cli, tmp_path):
    """21 Days with two players: each controls two survivors, and gets one row."""
    cli.ok("new", "21days", "-p", "Ann", "-p", "Bob", "--seed", "1")
    cli.ok("end", "--result", "lost")
    cli.ok("plays", "export", "csv", str(tmp_path / "p.csv"))
    rows = list(csv.DictReader(io.StringIO((tmp_path / "p.csv").read_text())))
    assert [r["player"] for r in rows] == ["Ann", "Bob"]
    assert all(len(r["seat"].split("/")) == 2 and len(r["role"].split("/")) == 2 for r in rows)
    assert len({(r["play"], r["player"]) for r in rows}) == len(rows)


def test_csv_keeps_a_row_for_a_play_without_players():
    entry = {"id": 1, "uid": "u", "game_id": None,
             "data": pl.validate({"game": "dieson", "started": "2026-01-01", "result": "lost"})}
    rows = list(csv.DictReader(io.StringIO(exchange.to_csv([entry]))))
    assert len(rows) == 1 and rows[0]["player"] == ""


def test_the_stored_play_itself_holds_the_winner(cli, db):
    _mutinies_to_its_end(cli)
    with session.open_store(db) as st:
        data = st.play_rows()[0]["data"]
    assert [p["winner"] for p in data["players"]] == [False, True, False]
