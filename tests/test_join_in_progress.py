"""Joining a game already in progress (the guided setup's hook, Game.join_asks / join_answer): each answer is
recorded as a correction, Enter keeps the fresh table's value, a refused answer is asked again, and the
guided game goes on from the table as set."""

from __future__ import annotations

from companion import session
from companion.actions import SetValue
from companion.games import registry
from companion.guide import Ask
from ui import play_cmds


def _asks(t, cat):
    yield "food", Ask("How much food do you hold?", kind="number", lo=0, hi=20, default=t.data["counters"]["food"], id="join-food")
    yield "wood", Ask("How much wood?", kind="number", lo=0, hi=20, default=t.data["counters"]["wood"], id="join-wood")


def _answer(t, cat, key, answer):
    return None if answer == t.data["counters"][key] else SetValue(key, answer)


def test_a_game_in_progress_is_set_as_the_table_shows(tmp_path, monkeypatch):
    game = registry.get("dieson")
    monkeypatch.setattr(game, "join_asks", _asks, raising=False)
    monkeypatch.setattr(game, "join_answer", _answer, raising=False)
    answers = iter(["2", "30", "5", ""])  # in progress; 30 food is refused (0..20), then 5; Enter keeps the wood
    monkeypatch.setattr(play_cmds, "read", lambda prompt: next(answers))
    st = session.open_store(tmp_path / "g.db", create=True)
    gid = session.new_game(st, "dieson", {}).row.id
    fresh = session.load(st, gid).table.data["counters"]
    play_cmds.join_in_progress(st, gid, game)
    after = session.load(st, gid).table.data["counters"]
    assert after["food"] == 5 and after["wood"] == fresh["wood"]
    kinds = [e.action["kind"] for e in st.events(gid) if e.type == "action"]
    assert kinds == ["set"]  # one correction, undone like any other
    session.undo(st, gid)
    assert session.load(st, gid).table.data["counters"] == fresh


def test_a_new_game_asks_nothing_more(tmp_path, monkeypatch):
    game = registry.get("dieson")
    monkeypatch.setattr(game, "join_asks", _asks, raising=False)
    monkeypatch.setattr(game, "join_answer", _answer, raising=False)
    monkeypatch.setattr(play_cmds, "read", lambda prompt: "")  # Enter: a new game
    st = session.open_store(tmp_path / "g.db", create=True)
    gid = session.new_game(st, "dieson", {}).row.id
    play_cmds.join_in_progress(st, gid, game)
    assert [e.type for e in st.events(gid)] == ["setup"]
