"""session.replace: the table's own choice recorded in place of castaway's suggestion (who gets the fish),
as one transaction held to the version the table saw: another writer's step is never taken back."""

from __future__ import annotations

import pytest

from companion import session
from companion.actions import Move, SetValue
from companion.errors import RuleError, StaleError


def _game(tmp_path):
    st = session.open_store(tmp_path / "g.db", create=True)
    gid = session.new_game(st, "21days", {"players": ["Ann", "Bob"]}, seed=3).row.id
    return st, gid


def test_replace_takes_back_the_head_and_records_the_new_action(tmp_path):
    st, gid = _game(tmp_path)
    ev, _t = session.act(st, gid, SetValue("ship", 5))
    ev2, table = session.replace(st, gid, SetValue("ship", 7), expect=ev.seq)
    assert table.data["tracks"]["ship"] == 7
    events = st.events(gid)
    assert [e.type for e in events[-3:]] == ["action", "undo", "action"]
    assert ev2.parent == ev.parent  # in place of the first, not after it
    session.undo(st, gid)
    assert session.load(st, gid).table.data["tracks"]["ship"] == session.setup_state(st, gid).data["tracks"]["ship"]


def test_a_refused_replacement_writes_nothing_and_the_first_action_stands(tmp_path):
    st, gid = _game(tmp_path)
    ev, _t = session.act(st, gid, SetValue("ship", 5))
    before = [e.seq for e in st.events(gid)]
    with pytest.raises(RuleError):
        session.replace(st, gid, Move("ship", +99), expect=ev.seq)
    assert [e.seq for e in st.events(gid)] == before
    assert session.load(st, gid).table.data["tracks"]["ship"] == 5


def test_a_replacement_after_another_writer_is_refused_as_stale(tmp_path):
    st, gid = _game(tmp_path)
    ev, _t = session.act(st, gid, SetValue("ship", 5))
    session.act(st, gid, SetValue("shark", 3))  # a pad or a second terminal
    with pytest.raises(StaleError):
        session.replace(st, gid, SetValue("ship", 7), expect=ev.seq)
    table = session.load(st, gid).table
    assert table.data["tracks"]["ship"] == 5 and table.data["tracks"]["shark"] == 3
