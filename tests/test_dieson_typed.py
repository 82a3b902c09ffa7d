"""Dieson Crusoe's actions are typed values (issue 23, item 1): what the table typed is parsed once where it
is typed, `run` reads no text, every die taken is recorded in the one dice shape, and the games stored at
schema 3 (their fields the text typed: "2 4,4", " Stone ", "Rope") are rewritten typed and replay node by
node. The core speaks rules, not commands (item 4): no message of the package names a `castaway` command."""

from __future__ import annotations

import ast
import json
import re
import shutil
import sqlite3
from pathlib import Path

import pytest

from companion import catalog, dbcheck, session
from companion.action_base import REGISTRY
from companion.engine import apply
from companion.errors import Next, RuleError, UsageError
from companion.games import registry
from companion.games.dieson import game as dieson
from companion.games.dieson import rules as R
from companion.games.dieson.afternoon import DcBoost, DcHelp, DcPick, DcShift
from companion.games.dieson.day import DcEat, DcEvent, DcNight, DcReroll, DcRoll
from companion.games.dieson.do import DcDo
from companion.games.dieson.flow import next_step
from companion.games.dieson.menus import DcChoose
from tests.stored_fixture import assert_every_game_migrates, replay, state_digest

FIXTURES = Path(__file__).resolve().parent / "fixtures"
PACKAGE = Path(__file__).resolve().parent.parent / "companion" / "games" / "dieson"


@pytest.fixture
def cat():
    return catalog.load("dieson")


def at(cat, *actions, **opts):
    t = dieson.setup(cat, opts, 1)
    for a in actions:
        t, _r = apply(t, a, cat)
    return t


# -- (a) parse once: typed fields; the upgrade of a schema-3 dict is the parse of the same text ----------


def test_the_faces_typed_are_ints_in_hand_order_and_recorded_as_typed(cat):
    t = at(cat)
    a = DcRoll.parse(t, cat, "2 4,4")
    assert a == DcRoll((2, 4, 4))
    assert DcRoll.upgrade({"kind": "dc-roll", "faces": "2 4,4"}, t, cat) == a.to_dict() == {"kind": "dc-roll", "faces": [2, 4, 4]}
    _t, result = apply(t, a, cat)
    assert result["rolls"] == [{"die": "yellow", "part": "", "face": 2, "typed": True},
                               {"die": "yellow", "part": "", "face": 4, "typed": True},
                               {"die": "grey", "part": "", "face": 4, "typed": True}]
    assert result["faces"] == [[2], [4], [4]]  # the key the board and the history read stays
    _t, virtual = apply(t, DcRoll.parse(t, cat, None), cat)
    assert [r["typed"] for r in virtual["rolls"]] == [False] * 3 and [r["die"] for r in virtual["rolls"]] == ["yellow", "yellow", "grey"]


def test_a_face_off_the_die_is_refused_where_it_is_typed_and_run_reads_no_text(cat):
    t = at(cat)
    with pytest.raises(UsageError, match="'9' is not a face of yellow"):
        DcRoll.parse(t, cat, "2,9,4")
    with pytest.raises(UsageError, match="2 given for 3 dice"):
        DcRoll.parse(t, cat, "2,4")
    with pytest.raises(UsageError, match="one whole number per die"):
        apply(t, DcRoll("2,4,4"), cat)  # text is never parsed inside run
    with pytest.raises(UsageError, match="take 'Wood': accepted: wood, stone"):
        apply(at(cat, DcRoll((2, 4, 4))), DcEvent("Wood"), cat)
    rolled = at(cat, DcRoll((2, 4, 4)))
    with pytest.raises(RuleError, match="rolling the action dice is not now") as e:
        DcRoll.parse(rolled, cat, "1,2,3")
    assert e.value.next == Next("dc-event")  # no stone: no reroll to offer
    rolled.data["counters"]["stone"] = 1
    with pytest.raises(RuleError) as e:
        DcRoll.parse(rolled, cat, "1,2,3")
    assert e.value.next == Next("dc-event", alt=(Next("dc-reroll", missing=("positions",)),))


def test_a_stone_reroll_takes_positions_and_faces_as_typed(cat):
    t = at(cat, DcRoll((2, 3, 6)))
    t.data["counters"]["stone"] = 1
    a = DcReroll.parse(t, cat, "1, 3", "5 2")
    assert a == DcReroll((1, 3), (5, 2))
    stored = {"kind": "dc-reroll", "positions": [1, 3], "faces": "5 2"}
    assert DcReroll.upgrade(stored, t, cat) == a.to_dict() == {"kind": "dc-reroll", "positions": [1, 3], "faces": [5, 2]}
    t2, result = apply(t, a, cat)
    assert result["rolls"] == [{"die": "yellow", "part": "", "face": 5, "typed": True},
                               {"die": "grey", "part": "", "face": 2, "typed": True}]
    assert [R.die_text(d) for d in R.dc(t2)["unused"]] == ["2g", "3", "5"]
    with pytest.raises(UsageError, match="reroll positions"):
        DcReroll.parse(t, cat, "1,4")


# (kind's class, the schema-3 stored fields as typed, the typed fields parse gives)
TYPED = [
    (DcEvent, {"take": " Stone "}, {"take": "stone"}),
    (DcEat, {"pay": "HEALTH", "icons": True}, {"pay": "health", "icons": True}),
    (DcEat, {"pay": None, "icons": False}, {"pay": None, "icons": False}),
    (DcPick, {"die": 2, "way": "CCW"}, {"die": 2, "way": "ccw"}),
    (DcShift, {"steps": -1, "pay": "Wood"}, {"steps": -1, "pay": "wood"}),
    (DcBoost, {"n": 1, "pay": " health "}, {"n": 1, "pay": "health"}),
    (DcHelp, {"help": "die", "what": "Weather", "amount": 1}, {"help": "die", "what": "weather", "amount": 1}),
    (DcHelp, {"help": "resource", "what": "FOOD", "amount": 2}, {"help": "resource", "what": "food", "amount": 2}),
    (DcHelp, {"help": "stars", "what": None, "amount": 1}, {"help": "stars", "what": None, "amount": 1}),
    (DcDo, {"what": "craft", "tool": "Stone Knife"}, {"what": "craft", "tool": "stone-knife"}),
    (DcDo, {"what": "craft", "tool": " ROPE "}, {"what": "craft", "tool": "rope"}),
    (DcDo, {"what": "action", "box": "Woods", "take": None}, {"what": "action", "box": "woods"}),
    (DcDo, {"what": "action", "take": " Wood "}, {"what": "action", "take": "wood"}),
    (DcDo, {"what": "action", "need": 2, "line": " Food ", "gain": "LEATHER", "place": " Big Rock", "area": "Boar"},
     {"what": "action", "need": 2, "line": "food", "gain": "leather", "place": "big rock", "area": "boar"}),
    (DcDo, {"what": "action", "need": 1, "place": "Watch-Dog", "area": "Bear"},
     {"what": "action", "need": 1, "place": "watch-dog", "area": "bear"}),
    (DcChoose, {"key": "need", "value": "3"}, {"key": "need", "value": 3}),
    (DcChoose, {"key": "place", "value": "raft"}, {"key": "place", "value": "raft"}),
]


@pytest.mark.parametrize("cls,stored,want", TYPED, ids=lambda v: getattr(v, "kind", None) or "")
def test_parse_gives_typed_fields_and_the_upgrade_is_the_same_parse(cls, stored, want, cat):
    t = at(cat)
    parsed = cls.parse(t, cat, **stored)
    for field, value in want.items():
        assert getattr(parsed, field) == value, field
    assert cls.upgrade({"kind": cls.kind, **stored}, t, cat) == parsed.to_dict()
    assert cls.upgrade(parsed.to_dict(), t, cat) == parsed.to_dict()  # a typed dict upgrades to itself


def test_words_that_are_no_choice_are_refused_where_they_are_typed(cat):
    t = at(cat)
    with pytest.raises(UsageError, match="tool 'hammer': accepted: basket, bed"):
        DcDo.parse(t, cat, "craft", tool="hammer")
    with pytest.raises(UsageError, match="pay 'stone': accepted: wood, health"):
        DcShift.parse(t, cat, 1, "stone")
    with pytest.raises(UsageError, match="date icons 'rain': write weather"):
        DcNight.parse(t, cat, "rain")
    assert DcNight.parse(t, cat, "Weather+1, raid+2") == DcNight(1, 2) and DcNight.parse(t, cat, None) == DcNight()


def test_the_guided_steps_make_typed_actions(cat):
    """The guided game (and so the pad, which answers through step.make) parses with the table it sees."""
    t = at(cat)
    step = next_step(t, cat)
    assert step.make(step.ask.parse("3 1 6")) == DcRoll((3, 1, 6))
    t = at(cat, DcRoll((3, 1, 6)))
    t.data["counters"]["stone"] = 1
    step = next_step(t, cat)
    assert step.make("1,3=5,2") == DcReroll((1, 3), (5, 2))
    assert step.make("2") == DcReroll((2,), None)


# -- (b) the games stored at schema 3 migrate and replay node by node --------------------------------


_digest = state_digest


def test_the_dieson_games_stored_at_schema_3_are_rewritten_typed_and_replay_node_by_node(tmp_path):
    """tests/fixtures/stored_dieson_v3.db (make_stored_dieson_v3.py: every dc-* kind, typed as the table
    typed it, with undo and redo): each game migrates whole (one row per action), every node's table after
    the migration has the digest schema 3's code gave it, and no Dieson field holds text to parse."""
    db = tmp_path / "v3.db"
    shutil.copy(FIXTURES / "stored_dieson_v3.db", db)
    expected = json.loads((FIXTURES / "stored_dieson_v3.json").read_text())

    registry.load_actions()
    old = sqlite3.connect(db)
    assert old.execute("PRAGMA user_version").fetchone()[0] == 3
    kinds = {json.loads(a)["kind"] for (a,) in old.execute("SELECT action FROM events WHERE type = 'action'")}
    assert {k for k in REGISTRY if k.startswith("dc-")} - {"dc-set"} <= kinds  # every kind of schema 3 (dc-set came after)
    assert_every_game_migrates(old)
    old.close()
    with session.open_store(db) as st:
        assert st.conn.execute("PRAGMA user_version").fetchone()[0] == 4
        rows = st.games()
        assert len(rows) == len(expected) == 3
        typed = 0
        for row in rows:
            want = expected[str(row.id)]
            events, head, tl, states = replay(st, row)
            assert tl.head == want["head"] == row.head
            assert {str(n): _digest(t.data) for n, t in states.items()} == want["nodes"]
            assert row.state.data == head.data
            for ev in events:
                if ev.type != "action" or not ev.action["kind"].startswith("dc-"):
                    continue
                a = ev.action
                if a["kind"] in ("dc-roll", "dc-reroll"):
                    assert a["faces"] is None or all(isinstance(f, int) for f in a["faces"])
                    assert len(ev.result["rolls"]) == len(ev.result["faces"])
                    typed += a["faces"] is not None
                for field in ("take", "pay", "tool", "area", "gain", "line", "way"):
                    v = a.get(field)
                    assert v is None or v == v.strip().lower(), (a, field)
        assert typed == sum(g["typed_events"] for g in expected.values())
        assert dbcheck.check(st)["ok"]


# -- (c) a guided game with typed faces: dice stats counts exactly those ----------------------------------

SCRIPT = [
    "1,5,6",  # roll: yellow 1, yellow 5, grey 6
    "2=5",  # a stone reroll of the second die (the yellow 5), typed: 5
    "pick:1:cw", "boost:food", "menu:move", "plain", "1", "other", "deer", "wood",
    "pick:1:cw", "do:hunt",
    "pick:1:ccw", "friend",
    "food",
    "3 4,4",  # day 2: the dice moved at night, the hand is three yellow dice
    "pick:1:cw", "craft:rope",
]


def test_a_guided_game_with_typed_faces_is_counted_by_dice_stats(cli, db):
    """Issue 22 item 5: every face typed in `castaway play` is recorded; `dice stats --json` counts them."""
    cli.ok("new", "dieson", "--opt", "quest=1", "--opt", "tools=first", "--seed", "7")
    cli.ok("set", "stone", "1")
    r = cli.ok("play", "--no-board", input="\n".join(SCRIPT) + "\n")
    assert "The game is over: won." in r.stdout and "error:" not in r.stdout
    rows = {row["die"]: row for row in json.loads(cli.ok("dice", "stats", "--json").stdout)}
    assert set(rows) == {"yellow", "grey"}
    assert rows["yellow"]["rolls"] == 6 and rows["yellow"]["counts"] == [1, 0, 1, 2, 2, 0]  # 1, 5, 5, 3, 4, 4
    assert rows["grey"]["rolls"] == 1 and rows["grey"]["counts"] == [0, 0, 0, 0, 0, 1]


def test_undone_and_virtual_rolls_are_not_counted(cli):
    cli.ok("new", "dieson", "--seed", "3")
    cli.ok("dieson", "roll", "--faces", "6 6 6")
    cli.ok("undo")
    cli.ok("dieson", "roll")
    assert json.loads(cli.ok("dice", "stats", "--json").stdout) == []


# -- item 4: the core speaks rules, not commands -------------------------------------------------------

TRANSLATED = {"_", "N_", "ngettext"}


def test_no_message_of_the_package_names_a_castaway_command():
    """Every translated string of companion/games/dieson/ speaks of the table; a refusal that knows what to
    do next says it as data (errors.Next), worded as a command by the terminal (ui/nextwords.py). A command
    is any word the CLI answers to at its top level (`castaway set`, `castaway dieson`, ...)."""
    from cli import app

    words = {c.name or c.callback.__name__ for c in app.registered_commands} | {g.name for g in app.registered_groups}
    words |= {registry.get("dieson").id, "dc"}
    assert {"dieson", "set", "undo", "play"} <= words
    command = re.compile(r"\bcastaway (%s)\b" % "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)))
    found = []
    for path in sorted(PACKAGE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in TRANSLATED:
                for arg in node.args:
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str) and command.search(arg.value):
                        found.append(f"{path.name}:{node.lineno}: {arg.value!r}")
    assert not found, "\n".join(found)


def test_a_refusal_names_the_command_at_the_terminal(cli):
    cli.ok("new", "dieson", "--seed", "4")
    r = cli("dieson", "pick", "1")
    assert r.exit_code == 1
    assert "picking a die is not now: it is the morning (roll); next: castaway dieson roll" in r.stderr
    cli.ok("dieson", "roll", "--faces", "2,4,4")
    cli.ok("dieson", "event", "--take", "wood")
    r = cli("dieson", "do")
    assert "an action needs a die in hand: pick one first; next: castaway dieson pick DIE" in r.stderr


def test_dieson_next_names_the_command_for_the_step(cli):
    cli.ok("new", "dieson", "--seed", "4")
    assert json.loads(cli.ok("dieson", "next", "--json").stdout)["command"] == "castaway dieson roll"
    cli.ok("dieson", "roll", "--faces", "2,4,4")
    assert "command: castaway dieson event" in cli.ok("dieson", "next").stdout
