"""Nobody vanishes from a play (issue 22 item 7): a seat handed to another player keeps who played it
before, and `plays edit` adds or removes a player."""

from __future__ import annotations

import json


def _play(cli):
    return json.loads(cli.ok("plays", "show", "last", "--json").stdout)


def test_a_player_who_hands_the_seat_on_stays_in_the_play(cli):
    cli.ok("new", "21days", "-p", "Ann", "-p", "Bob", "-p", "Cid")
    yellow = json.loads(cli.ok("status", "--json").stdout)["state"]["seat"]["yellow"]["player"]
    cli.ok("set", "yellow.player", "Dan")
    cli.ok("end", "--result", "lost", "--yes")
    play = _play(cli)
    names = [p["name"] for p in play["players"]]
    assert "Dan" in names and yellow in names
    left = [p for p in play["players"] if p.get("left")]
    assert [p["name"] for p in left] == [yellow] and left[0]["seat"] == "yellow"
    listed = cli.ok("plays", "list").stdout
    assert "Dan" in listed and yellow in listed


def test_an_undone_handover_is_not_in_the_play(cli):
    cli.ok("new", "21days", "-p", "Ann", "-p", "Bob")
    cli.ok("set", "red.player", "Eve")
    cli.ok("undo")
    cli.ok("end", "--result", "lost", "--yes")
    names = [p["name"] for p in _play(cli)["players"]]
    assert "Eve" not in names and not any(p.get("left") for p in _play(cli)["players"])


def test_plays_edit_adds_and_removes_a_player(cli):
    cli.ok("plays", "add", "21days", "--date", "2026-03-14", "-p", "Ann", "-p", "Bob", "--result", "won")
    cli.ok("plays", "edit", "last", "--add-player", "Cid:yellow")
    players = _play(cli)["players"]
    cid = next(p for p in players if p["name"] == "Cid")
    assert cid["colour"] == "yellow" and cid["winner"]  # a cooperative win is the whole table's
    cli.ok("plays", "edit", "last", "--remove-player", "bob")
    assert [p["name"] for p in _play(cli)["players"]] == ["Ann", "Cid"]
    r = cli("plays", "edit", "last", "--remove-player", "Zed")
    assert r.exit_code == 2 and "'Zed' is not in this play" in r.stderr
    r = cli("plays", "edit", "last", "--add-player", "Ann")
    assert r.exit_code == 2 and "'Ann' is in this play already" in r.stderr


def test_mutinies_play_starts_with_the_first_disc_on_the_turn_order_track(cli, tmp_path):
    """21 Mutinies § Initial Setup 1b: the player whose disc is first on the turn order track is the first
    captain. The play log's starting player and BGG's startposition follow the track, not the names' list."""
    cli.ok("new", "mutinies", "-p", "Ann", "-p", "Bob", "-p", "Cid", "--opt", "order=green,red,blue")
    cli.ok("end", "--result", "abandoned", "--yes")
    players = _play(cli)["players"]
    assert [(p["name"], p["start"]) for p in players] == [("Cid", True), ("Ann", False), ("Bob", False)]
    cli.ok("plays", "bgg-id", "mutinies", "12345")
    out = tmp_path / "plays.xml"
    cli.ok("plays", "export", "bgg", str(out))
    import xml.etree.ElementTree as ET

    rows = ET.parse(out).getroot().findall(".//player")
    assert [(r.get("name"), r.get("startposition")) for r in rows] == [("Cid", "1"), ("Ann", "2"), ("Bob", "3")]
