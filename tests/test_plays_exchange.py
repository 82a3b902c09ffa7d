"""Exports and imports: castaway JSON round trip, BoardGameGeek XML, BG Stats push-play JSON and links, BG Stats
export files imported twice without duplicates, and bad files refused with nothing written."""

from __future__ import annotations

import csv
import io
import json
import xml.etree.ElementTree as ET
from datetime import datetime

import pytest

from companion import exchange, playlog
from companion import plays as pl
from companion.errors import UsageError
from companion.store import Store


def record(game, started, result, players, minutes, **outcome):
    d = pl.validate({"game": game, "started": started, "result": result, "duration_min": minutes,
                     "players": players, "outcome": outcome, "location": "Harbour café", "comments": "close one",
                     "expansions": ["promo bottle cards"] if game == "21days" else []})
    d["players"] = pl.settle_players(d["players"], outcome, result, pl.info(game).competitive)
    return d


@pytest.fixture
def store(tmp_path):
    st = Store(tmp_path / "a.db", create=True)
    playlog.add(st, record("21days", "2026-02-01 19:00", "won",
                           [{"name": "Ann", "seat": "red", "colour": "red", "role": "Maya Ayushi", "start": True},
                            {"name": "Bob", "seat": "yellow", "colour": "yellow", "role": "The Diva", "new": True}],
                           55, day=21, ship=12, alive=2, difficulty="orange"))
    playlog.add(st, record("mutinies", "2026-02-03 20:00", "won",
                           [{"name": "Ann", "seat": "blue", "colour": "blue"}, {"name": "Čeněk", "seat": "red", "colour": "red"}],
                           70, prestige={"Ann": 31, "Čeněk": 27}, winner="Ann"))
    playlog.add(st, record("robinson", "2026-02-04 15:00", "abandoned", [{"name": "Ann"}], None, scenario=1, round=4))
    yield st
    st.close()


def test_castaway_json_round_trip_into_a_fresh_database(store, tmp_path):
    text = exchange.to_json(playlog.entries(store), "2026-02-05T10:00:00+00:00")
    fresh = Store(tmp_path / "b.db", create=True)
    added, dupes = playlog.import_entries(fresh, exchange.from_json(text, "plays.json"))
    assert (len(added), dupes) == (3, 0)
    again = exchange.to_json(playlog.entries(fresh), "2026-02-05T10:00:00+00:00")
    assert json.loads(again) == json.loads(text)
    assert playlog.import_entries(fresh, exchange.from_json(text, "plays.json")) == ([], 3)
    fresh.close()


def test_csv_has_one_row_per_player_per_play(store):
    rows = list(csv.DictReader(io.StringIO(exchange.to_csv(playlog.entries(store)))))
    assert [(r["play"], r["player"]) for r in rows] == [("1", "Ann"), ("1", "Bob"), ("2", "Ann"), ("2", "Čeněk"), ("3", "Ann")]
    assert rows[2]["score"] == "31" and rows[2]["winner"] == "1" and rows[3]["winner"] == "0"
    assert json.loads(rows[0]["outcome"])["ship"] == 12


def test_bgg_xml_has_every_attribute_with_valid_values(store):
    ids = {"21days": 11, "mutinies": 22, "robinson": 121921}
    root = ET.fromstring(exchange.to_bgg_xml(playlog.entries(store), ids))
    assert root.tag == "plays" and root.get("total") == "3"
    plays = root.findall("play")
    assert len(plays) == 3
    for p in plays:
        assert set(p.attrib) == {"id", "date", "quantity", "length", "incomplete", "nowinstats", "location"}
        datetime.strptime(p.get("date"), "%Y-%m-%d")
        assert int(p.get("id")) > 0 and p.get("quantity") == "1" and int(p.get("length")) >= 0
        assert p.get("incomplete") in ("0", "1") and p.get("nowinstats") in ("0", "1")
        item = p.find("item")
        assert item.get("objecttype") == "thing" and int(item.get("objectid")) > 0 and item.get("name")
        players = p.find("players").findall("player")
        assert players
        for pl_ in players:
            assert set(pl_.attrib) == {"username", "userid", "name", "startposition", "color", "score", "new", "rating", "win"}
            assert pl_.get("new") in ("0", "1") and pl_.get("win") in ("0", "1") and int(pl_.get("startposition")) >= 1
            assert pl_.get("score") == "" or float(pl_.get("score")) >= 0
        assert p.find("comments") is not None
    assert plays[2].get("incomplete") == "1"
    assert [x.get("objectid") for x in root.iter("item")] == ["11", "22", "121921"]
    assert "rescued · day 21" in plays[0].find("comments").text


def test_bgg_xml_refuses_games_without_an_id(store):
    with pytest.raises(UsageError, match="no BoardGameGeek id for 21days, mutinies.*castaway plays bgg-id 21days ID"):
        exchange.to_bgg_xml(playlog.entries(store), {"robinson": 121921})


def test_bgstats_push_json_fields_and_link(store):
    entries = playlog.entries(store)
    pushes = json.loads(exchange.to_bgstats_json(entries, {"robinson": 121921}))
    for push, e in zip(pushes, entries):
        assert push["sourceName"] == "castaway" and push["sourcePlayId"] == e["uid"]
        datetime.strptime(push["playDate"], "%Y-%m-%d %H:%M:%S")
        assert isinstance(push["durationMin"], int) and isinstance(push["location"], str) and isinstance(push["comments"], str)
        g = push["game"]
        assert isinstance(g["name"], str) and isinstance(g["highestWins"], bool) and isinstance(g["noPoints"], bool)
        assert g["sourceGameId"] == e["data"]["game"]
        for p in push["players"]:
            assert isinstance(p["name"], str) and isinstance(p["winner"], bool) and isinstance(p["role"], str)
            assert isinstance(p["startPlayer"], bool) and isinstance(p["sourcePlayerId"], str)
        link = exchange.bgstats_link(push)
        assert link.startswith("bgstats://app.bgstatsapp.com/createPlay.html?data=")
        assert exchange.decode_bgstats_link(link) == push
    days, mut = pushes  # the abandoned Robinson Crusoe play stays out: it must not count as a loss
    assert days["game"]["noPoints"] is True and "bggId" not in days["game"]
    assert [p["role"] for p in days["players"]] == ["Maya Ayushi", "The Diva"]
    assert [(p["name"], p["score"], p["rank"], p["winner"]) for p in mut["players"]] == [("Ann", 31, 1, True), ("Čeněk", 27, 2, False)]
    assert exchange.to_bgstats(entries[2], {"robinson": 121921})["game"]["bggId"] == 121921
    links = exchange.to_bgstats_links(entries, {}).splitlines()
    assert [exchange.decode_bgstats_link(x)["sourcePlayId"] for x in links] == [e["uid"] for e in entries[:2]]


BGSTATS_EXPORT = {
    "games": [
        {"id": 1, "uuid": "g1", "name": "21 Days", "bggId": 0, "cooperative": True},
        {"id": 2, "uuid": "g2", "name": "Catan", "bggId": 13},
        {"id": 3, "uuid": "g3", "name": "Robinson Crusoe: Adventures on the Cursed Island", "bggId": 121921},
        {"id": 4, "uuid": "g4", "name": "Azul", "bggId": 230802},
        {"id": 5, "uuid": "g5", "name": "Some expansion", "isExpansion": True},
    ],
    "players": [{"id": 10, "uuid": "p1", "name": "Ann"}, {"id": 11, "uuid": "p2", "name": "Bob"}],
    "locations": [{"id": 20, "uuid": "l1", "name": "Home"}],
    "plays": [
        {"uuid": "a-1", "gameRefId": 1, "playDate": "2025-12-01 19:30:00", "durationMin": 45, "locationRefId": 20,
         "comments": "shark!", "playerScores": [
             {"playerRefId": 10, "score": "", "winner": True, "newPlayer": False, "startPlayer": True, "role": "Maya"},
             {"playerRefId": 11, "score": "", "winner": True, "newPlayer": True, "startPlayer": False}]},
        {"uuid": "a-2", "gameRefId": 2, "playDate": "2025-12-02 19:30:00", "playerScores": []},
        {"uuid": "a-3", "gameRefId": 2, "playDate": "2025-12-03 19:30:00", "playerScores": []},
        {"uuid": "a-4", "gameRefId": 3, "playDate": "2025-12-04 14:00:00", "durationMin": 120,
         "expansionPlays": [{"gameRefId": 5}], "playerScores": [{"playerRefId": 10, "winner": False}]},
        {"uuid": "a-5", "gameRefId": 4, "playDate": "2025-12-05 14:00:00", "playerScores": []},
    ],
}


def test_bgstats_export_imports_our_games_once_and_says_what_it_skipped(tmp_path):
    st = Store(tmp_path / "c.db", create=True)
    text = json.dumps(BGSTATS_EXPORT)
    items, skipped = exchange.from_bgstats_export(text, "BGStatsExport.json", playlog.bgg_ids(st))
    assert skipped == {"Catan": 2, "Azul": 1}
    assert [i["data"]["game"] for i in items] == ["21days", "robinson"]
    days, rc = items[0]["data"], items[1]["data"]
    assert (days["result"], days["location"], days["duration_min"], days["comments"]) == ("won", "Home", 45, "shark!")
    assert [(p["name"], p["role"], p["new"], p["start"]) for p in days["players"]] == [("Ann", "Maya", False, True), ("Bob", "", True, False)]
    assert (rc["result"], rc["expansions"]) == ("lost", ["Some expansion"])
    assert playlog.import_entries(st, items) == ([1, 2], 0)
    items2, _ = exchange.from_bgstats_export(text, "BGStatsExport.json", playlog.bgg_ids(st))
    assert playlog.import_entries(st, items2) == ([], 2)
    assert len(st.play_rows()) == 2
    st.close()


@pytest.mark.parametrize("text, message", [
    ("{not json", "not valid JSON"),
    ("[]", "not a BG Stats export"),
    (json.dumps({"games": [], "plays": [{"gameRefId": 9}]}), "gameRefId 9 is not in"),
    (json.dumps({**BGSTATS_EXPORT, "plays": [{**BGSTATS_EXPORT["plays"][0], "playDate": "2099-01-01 10:00:00"}]}), "in the future"),
    (json.dumps({**BGSTATS_EXPORT, "plays": [{**BGSTATS_EXPORT["plays"][0], "playDate": "01/12/2025"}]}), "is not a date"),
    (json.dumps({**BGSTATS_EXPORT, "players": "Ann"}), "\"players\" should be a list"),
    # a place named by a reference of the wrong type, or one the file does not hold: refused like a game's
    (json.dumps({**BGSTATS_EXPORT, "plays": [{**BGSTATS_EXPORT["plays"][0], "locationRefId": [1]}]}),
     r"locationRefId \[1\] is not in \"locations\""),
    (json.dumps({**BGSTATS_EXPORT, "plays": [{**BGSTATS_EXPORT["plays"][0], "locationRefId": 99}]}),
     "locationRefId 99 is not in"),
])
def test_malformed_bgstats_files_are_refused(text, message):
    with pytest.raises(UsageError, match=message) as e:
        exchange.from_bgstats_export(text, "BGStatsExport.json", {})
    assert "nothing was imported" in str(e.value)


@pytest.mark.parametrize("doc, message", [
    ({"format": "something-else", "plays": []}, "not a castaway plays export"),
    ({"format": "castaway-plays", "version": 99, "plays": []}, "export version 99"),
    ({"format": "castaway-plays", "version": 1, "plays": [{"game": "21days", "started": "2026-01-01"}]}, "has no \"uid\""),
    ({"format": "castaway-plays", "version": 1, "plays": [{"uid": "x", "game": "21days", "started": "2999-01-01"}]}, "in the future"),
])
def test_malformed_castaway_json_is_refused(doc, message):
    with pytest.raises(UsageError, match=message):
        exchange.from_json(json.dumps(doc), "plays.json")


def test_plays_get_a_unique_key_by_migration_2(tmp_path):
    from companion import store as storemod

    st = Store(tmp_path / "d.db", create=True)
    assert st.conn.execute("PRAGMA user_version").fetchone()[0] == storemod.SCHEMA_VERSION >= 2
    a = playlog.add(st, record("21days", "2026-01-01", "won", [], 10))
    b = playlog.add(st, record("21days", "2026-01-01", "won", [], 10))
    uids = [r["uid"] for r in st.play_rows()]
    assert a != b and len(set(uids)) == 2 and all(len(u) == 32 for u in uids)
    st.close()


def test_migration_2_gives_existing_plays_a_key(tmp_path, monkeypatch):
    from companion import store as storemod

    path = tmp_path / "old.db"
    monkeypatch.setattr(storemod, "SCHEMA_VERSION", 1)
    old = Store(path, create=True)
    old.conn.execute("INSERT INTO plays(game_id, game, created, data) VALUES (NULL, '21days', '2026-01-01T00:00:00+00:00',"
                     " '{\"game\": \"21days\", \"started\": \"2026-01-01T00:00:00+00:00\", \"result\": \"won\"}')")
    old.close()
    monkeypatch.setattr(storemod, "SCHEMA_VERSION", 2)
    st = Store(path)
    rows = playlog.entries(st)
    assert len(rows) == 1 and len(rows[0]["uid"]) == 32 and rows[0]["data"]["players"] == []
    st.close()


def test_a_deleted_plays_number_is_never_given_again(tmp_path):
    """A play's number names it in plays show/edit/delete and in the exports: after a delete, the next
    play takes a new number, also when the deleted play was the last one and the file is opened again."""
    path = tmp_path / "n.db"
    st = Store(path, create=True)
    a = playlog.add(st, record("21days", "2026-01-01", "won", [], 10))
    b = playlog.add(st, record("21days", "2026-01-02", "won", [], 10))
    playlog.delete(st, str(b))
    c = playlog.add(st, record("21days", "2026-01-03", "won", [], 10))
    assert (a, b, c) == (1, 2, 3)
    playlog.delete(st, str(c))
    st.close()
    st = Store(path)
    assert playlog.import_entries(st, [{"uid": "x", "data": record("21days", "2026-01-04", "won", [], 10)}]) == ([4], 0)
    assert [r["id"] for r in st.play_rows()] == [1, 4]
    st.close()
