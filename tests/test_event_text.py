"""The game log's lines in the table's language (issue 17, item 8): the log keeps each action's English line
(the events table's text column, compared by `castaway check`), and every printer says it again in the
current language through session.event_text, falling back to the stored line for an action it cannot rebuild."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

from companion import i18n, session
from companion.events import Event
from companion.store import Store

FIXTURE = Path(__file__).parent / "fixtures" / "stored_games_v2.db"


def _a_day(cli, lang: str = "cs") -> None:
    cli.ok("--lang", lang, "new", "21days", "-p", "Ann", "-p", "Bob", "--seed", "1")
    for step in (["setup-done"], ["shark-phase"], ["logbook", "morning", "plank"]):
        cli.ok("--lang", lang, "21days", *step)
    cli.ok("--lang", lang, "21days", "plank", "--face", "3")


def _texts(db: Path) -> list[str]:
    with sqlite3.connect(db) as con:
        return [r[0] for r in con.execute("select text from events order by game_id, seq")]


def test_history_under_czech_speaks_czech(cli):
    _a_day(cli)
    r = cli.ok("--lang", "cs", "history")
    assert "stůl je připraven" in r.output and "fáze žraloků" in r.output
    assert "lodní deník, ráno: ztráta prkna\n" in r.output and "ztráta prkna (stůl: 3)" in r.output
    assert "the table is set up" not in r.output and "shark phase" not in r.output
    r = cli.ok("history")  # the same log in English: the symbol by its name on the chart (stored: its id)
    assert "the table is set up" in r.output and "logbook morning: plank lost\n" in r.output


def test_undo_and_redo_under_czech(cli):
    _a_day(cli)
    r = cli.ok("--lang", "cs", "undo")
    assert "ztráta prkna (stůl: 3)" in r.output and "plank lost" not in r.output
    r = cli.ok("--lang", "cs", "redo")
    assert "ztráta prkna (stůl: 3)" in r.output
    r = cli.ok("--lang", "cs", "history", "-n", "2")
    assert "zpět #5 ztráta prkna (stůl: 3)" in r.output and "znovu #5 ztráta prkna (stůl: 3)" in r.output


def test_stored_text_stays_english_after_a_czech_session(cli, db, tmp_path):
    _a_day(cli, "cs")
    cli.ok("--lang", "cs", "undo")
    cli.ok("--lang", "cs", "redo")
    czech = _texts(db)
    other = tmp_path / "en.db"
    cli.db = other
    _a_day(cli, "en")
    cli.ok("undo")
    cli.ok("redo")
    assert czech == _texts(other)
    assert czech[1:] == ["the table is set up", "shark phase", "logbook morning: plank", "plank lost (table: 3)",
                         "undo #5 plank lost (table: 3)", "redo #5 plank lost (table: 3)"]
    cli.db = db
    assert cli("check").exit_code == 0
    rows = json.loads(cli.ok("--lang", "cs", "history", "--json").output)  # machine-readable: the stored line
    assert [r["text"] for r in rows] == czech


def test_a_colour_token_is_stored_in_english_under_czech():
    """The colour token's line spoke through _() before: a Czech session stored 'barevný žeton: ...'."""
    from companion.actions import from_dict

    i18n.set_language("cs")
    action = from_dict({"kind": "d21-colour-token", "seat": "red"})
    assert session.stored_text(action) == "colour token: red"
    assert action.text() != "colour token: red"
    assert i18n.language() == "cs" and i18n._("end of the day") == "konec dne"  # english() left the language alone


def test_an_unknown_or_changed_action_falls_back_to_its_stored_text():
    i18n.set_language("cs")
    old = Event(seq=4, type="action", action={"kind": "zz-gone", "x": 1}, text="an old procedure's line")
    assert session.event_text(old) == "an old procedure's line"
    odd = Event(seq=5, type="action", action={"kind": "d21-end-day", "nope": 3}, text="end of the day")
    assert session.event_text(odd) == "konec dne"  # a field it does not take is ignored, as in replay
    bad = Event(seq=6, type="action", action={"kind": "roll", "dice": 5}, text="roll 5")
    assert session.event_text(bad) == "roll 5"  # fields it cannot read: the stored line
    changed = Event(seq=7, type="action", action={"kind": "d21-end-day"}, text="day over")  # an older castaway's line
    assert session.event_text(changed) == "day over"
    undo = Event(seq=8, type="undo", action=None, result={"undid": 4}, text="undo #4 an old procedure's line")
    assert session.event_text(undo, [old]) == "zpět #4 an old procedure's line"
    assert session.event_text(Event(seq=9, type="undo", action=None, result=None, text="undo ?")) == "undo ?"
    i18n.set_language("en")
    assert session.event_text(odd) == "end of the day"


def test_the_stale_refusal_names_the_changes_in_czech(cli):
    _a_day(cli)
    r = cli("--lang", "cs", "--if-version", "3", "note", "x")
    assert r.exit_code == 1
    assert "#4 lodní deník, ráno: ztráta prkna;" in r.stderr and "#5 ztráta prkna (stůl: 3)" in r.stderr


def test_every_stored_game_of_the_fixture_reads_in_czech(tmp_path):
    """Schema-2 games (migrated on open) replay unchanged; each line is rebuilt or kept, never lost."""
    db = tmp_path / "stored.db"
    shutil.copy(FIXTURE, db)
    i18n.set_language("cs")
    with Store(db) as st:
        for row in st.games():
            events = st.events(row.id)
            lines = [session.event_text(e, events) for e in events]
            assert all(lines) and len(lines) == len(events)
            assert any(line != e.text for line, e in zip(lines, events))


def test_a_virtual_roll_does_not_say_the_table_typed_its_faces():
    """'roll' asks castaway to roll: the line names no typed faces (they are in its result); typed faces stay."""
    from companion.actions import Roll
    from companion.games.days21.attacks import SharkAttack
    from companion.games.days21.day21 import Day21

    assert Day21("flare", "red", None).text() == "day 21: flare by red"
    assert Day21("flare", "red", 6).text() == "day 21: flare by red (table: 6)"
    assert SharkAttack(faces="roll").text() == "shark attack"
    assert Roll(("d6",), None).text() == "roll d6"
    assert Roll(("d6",), ((4,),)).text() == "roll d6 (table: 4)"
