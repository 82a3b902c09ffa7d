"""21 Days: the actions of the locations, the bottle, day 21 and the day's flow are typed values (issue 23
item 1): parsed once where the table types them, upgraded from schema 3's stored text, their dice recorded
in one shape (companion/rolls.py, issue 22 item 5); and the core's messages speak of rules, not commands
(issue 23 item 4)."""

from __future__ import annotations

import ast
import json
import random
import re
import shutil
import sqlite3
from pathlib import Path

import pytest

from companion import catalog, session
from companion.engine import apply
from companion.errors import CompanionError, RuleError, UsageError
from companion.games import registry
from companion.games.days21 import bottle as bo
from companion.games.days21 import day21, legal
from companion.games.days21 import events as ev
from companion.games.days21 import flow as fl
from companion.games.days21 import locations as lo
from companion.games.days21.core import task
from tests.stored_fixture import assert_every_game_migrates, replay, state_digest

CAT = catalog.load("21days")
FIXTURES = Path(__file__).parent / "fixtures"
ROOT = Path(__file__).parent.parent
RULES = registry.get("21days")


def table(**opts):
    return RULES.setup(CAT, {"players": ["Ann"], **opts}, 5)


def do(t, action):
    return apply(t, action, CAT)[0]


def midday(**opts):
    t = do(table(**opts), fl.SetupDone())
    from companion.games.days21 import attacks as at

    t = do(t, at.SharkPhase())
    t = do(t, ev.LogbookSymbols("morning", ()))
    return do(t, ev.LogbookSymbols("midday", ("places",)))


# -- (a) parse gives typed fields; upgrade of schema 3's text equals parse of the same text -------------

def _cases():
    t = midday(survivors={"red": "rosina", "yellow": "kid", "blue": "horvath", "green": "pjotr"})
    card = next(c for c in t.deck("bottle")["draw"])
    d21t = table(survivors={"red": "diva", "yellow": "kid", "blue": "maya", "green": "pjotr"}, kite=True)
    d21t.data["tracks"]["day"] = 21
    return [
        (t, lo.Flare, {"seats": "rosina, yellow", "faces": "6 1", "anchor_to": "horvath"},
         {"seats": ("red", "yellow"), "faces": (6, 1), "anchor_to": ("blue",)}),
        (t, lo.Flare, {"seats": None, "faces": "roll", "anchor_to": None}, {"seats": None, "faces": None}),
        (t, lo.HorvathFlare, {"face": "6", "stop": False}, {"face": 6}),
        (t, lo.Hope, {"seats": "red", "faces": "3", "to": "red,red"}, {"seats": ("red",), "faces": (3,), "to": ("red", "red")}),
        (t, lo.Swap, {"seats": "blue", "faces": "5", "to": None, "card": card.split(":")[0]},
         {"seats": ("blue",), "faces": (5,), "card": card}),
        (t, lo.Fishing, {"seat": "kid", "face": "6", "to": "red,blue,green,yellow,blue"},
         {"seat": "yellow", "face": 6, "to": ("red", "blue", "green", "yellow", "blue")}),
        (t, lo.PlankSpot, {"face": "6"}, {"face": 6}),
        (t, lo.Kid, {"face": None, "choice": "Strength", "to": "kid,red"}, {"choice": "strength", "to": ("yellow", "red")}),
        (t, bo.Bottle, {"mode": "receive", "seat": "pjotr", "face": "4", "card": "roll"},
         {"mode": "receive", "seat": "green", "face": 4, "card": None}),
        (t, bo.PlayCard, {"seat": "Rosina", "faces": "6,2,1,6", "keep": False, "card": None},
         {"seat": "red", "faces": (6, 2, 1, 6)}),
        (t, fl.Place, {"seat": "horvath", "location": " FLARE ", "extra": False}, {"seat": "blue", "location": "flare"}),
        (t, fl.Places, {"places": [["rosina", "hope", False], ["kid", "Flare", False]]},
         {"places": (("red", "hope", False), ("yellow", "flare", False))}),
        (t, fl.PlantGrow, {"harvest": True, "hope_to": "red red blue", "strength_to": "kid,pjotr"},
         {"hope_to": ("red", "red", "blue"), "strength_to": ("yellow", "green")}),
        (d21t, day21.Day21, {"what": "Flare", "seat": "diva", "face": "6", "where": None}, {"what": "flare", "seat": "red", "face": 6}),
        (d21t, day21.Day21, {"what": "kite", "seat": "maya", "face": "Kite", "where": None}, {"what": "kite", "seat": "blue", "face": "kite"}),
        (d21t, day21.Day21, {"what": "rosina", "seat": None, "face": "roll", "where": "Hope"},
         {"what": "rosina", "face": None, "where": "hope", "at_once": True}),
    ]


@pytest.mark.parametrize("i", range(16))
def test_parse_gives_typed_fields_and_upgrade_of_the_stored_text_is_the_same(i):
    t, cls, text, want = _cases()[i]
    parsed = cls.parse(t, CAT, **text)
    for name, value in want.items():
        assert getattr(parsed, name) == value, (cls.kind, name)
    stored = {"kind": cls.kind, **text}
    assert cls.upgrade(stored, t, CAT) == parsed.to_dict()
    assert cls.upgrade(parsed.to_dict(), t, CAT) == parsed.to_dict()  # an upgraded action stays as it is
    json.dumps(parsed.to_dict())


def test_parse_refuses_what_is_not_on_the_table_quoting_it():
    t = midday()
    with pytest.raises(UsageError, match="'purple' is not a living survivor"):
        lo.Flare.parse(t, CAT, seats="purple")
    with pytest.raises(UsageError, match="flare dice face 'x'"):
        lo.Flare.parse(t, CAT, faces="6,x")
    with pytest.raises(UsageError, match="1 face 1..6"):
        lo.Fishing.parse(t, CAT, face="3,4")
    with pytest.raises(UsageError, match="accepted: receive, play"):
        bo.Bottle.parse(t, CAT, "steal")
    with pytest.raises(UsageError, match="cancel-disaster, strength, skip-page"):
        lo.Kid.parse(t, CAT, choice="nap")
    with pytest.raises(UsageError, match="location 'beach'"):
        fl.Place.parse(t, CAT, "red", "beach")


def test_run_reads_no_text_and_records_every_die_it_takes():
    t = midday()
    for seat in ("red", "yellow", "blue"):
        t = do(t, fl.Place(seat, "flare"))
    t = do(t, fl.Place("green", "hope"))
    t = do(t, fl.Activate())
    t2, res = apply(t, lo.Flare(faces=(6, 1, 3)), CAT)
    assert res["faces"] == [6, 1, 3]
    assert res["rolls"] == [{"die": "placement", "part": "", "face": f, "typed": True} for f in (6, 1, 3)]
    _t3, res = apply(t2, lo.Hope(), CAT)  # rolled virtually
    assert [r["typed"] for r in res["rolls"]] == [False] and [r["face"] for r in res["rolls"]] == res["faces"]
    with pytest.raises(UsageError, match="2 faces typed"):
        apply(t, lo.Flare(faces=(6, 1)), CAT)
    with pytest.raises(CompanionError):
        apply(t, lo.Flare(faces="6,1,3"), CAT)  # text is no face: run parses nothing


# -- (b) the fixture stored at schema 3 migrates and replays node by node ----------------------------

_digest = state_digest


def test_the_21days_games_stored_with_text_are_rewritten_typed_and_replay_node_by_node(tmp_path):

    db = tmp_path / "v3.db"
    shutil.copy(FIXTURES / "stored_21days_locations_v3.db", db)
    expected = json.loads((FIXTURES / "stored_21days_locations_v3.json").read_text())
    mine = {"d21-fishing", "d21-flare", "d21-hope", "d21-horvath", "d21-kid", "d21-plank-spot", "d21-swap", "d21-bottle",
            "d21-play-card", "d21-day21", "d21-activate", "d21-end-day", "d21-place", "d21-place-all", "d21-plant",
            "d21-setup-done"}
    assert mine <= {k for g in expected.values() for k in g["kinds"]}  # the fixture covers every kind
    registry.load_actions()
    old = sqlite3.connect(db)
    assert_every_game_migrates(old)
    old.close()
    with session.open_store(db) as st:
        assert st.conn.execute("PRAGMA user_version").fetchone()[0] == 4
        rows = st.games()
        assert len(rows) == len(expected) == 6
        typed_dice = 0
        for row in rows:
            events, _head, tl, states = replay(st, row)
            want = expected[str(row.id)]
            assert tl.head == want["head"] == row.head
            assert {str(n): _digest(t.data) for n, t in states.items()} == want["nodes"]
            for e in events:
                if e.type == "action" and e.action["kind"] in mine:
                    for name in ("faces", "face"):
                        assert not isinstance(e.action.get(name), str) or e.action["kind"] == "d21-day21", e.action
                    for name in ("seats", "to", "anchor_to", "hope_to", "strength_to"):
                        assert e.action.get(name) is None or isinstance(e.action[name], list), e.action
                    if isinstance(e.result, dict) and e.result.get("faces"):
                        typed_dice += sum(r["typed"] for r in e.result.get("rolls", []))
        assert typed_dice > 50


# -- (c) a guided game with typed faces: dice stats counts exactly them -----------------------------

def test_a_guided_game_with_typed_faces_is_counted_by_dice_stats(cli, db):
    mine = {"flare", "hope", "swap", "fishing", "plank-spot", "kid", "receive", "play", "horvath", "card", "day21"}
    rng = random.Random(7)
    typed = 0
    with session.open_store(db, create=True) as st:
        gid = session.new_game(st, "21days", {"players": ["Ann", "Bob"]}, seed=8).row.id
        pending = 0
        for _ in range(260):
            cur = session.load(st, gid)
            step = RULES.next_step(cur.table, cur.cat)
            if step is None:
                break
            q = task(cur.table) or {}
            ask, answer = step.ask, None
            if ask.kind == "dice" and q.get("do") in mine and rng.random() < 0.8 and not cur.table.data["flow"].get("await"):
                answer = ",".join(str(rng.randint(1, 6)) for _d in ask.dice)
            elif ask.kind == "choice":
                answer = ask.choices[0][0] if not ask.multiple else (ask.choices[0][0],)
            elif ask.kind == "confirm":
                answer = ask.default if ask.default is not None else True
            elif ask.kind == "text":
                answer = ask.parse(None) if ask.default is not None else "end"
            try:
                event, _t = session.act(st, gid, step.make(answer), expect=cur.row.version)
            except CompanionError:
                continue
            if answer is not None and ask.kind == "dice" and event.action["kind"] == "d21-die-shown":
                pending = len(ask.dice)  # the die is shown first (issue 22 item 4): counted once applied
                continue
            if pending and event.action["kind"] == "d21-die-apply":
                n, pending = pending, 0
                typed += n
                assert sum(r["typed"] for r in event.result["rolls"]) == n, event.action
            elif answer is not None and ask.kind == "dice":
                typed += len(ask.dice)
                assert sum(r["typed"] for r in event.result["rolls"]) == len(ask.dice), event.action
    assert typed >= 10
    rows = json.loads(cli.ok("dice", "stats", "--json").stdout)
    assert sum(r["rolls"] for r in rows) == typed


# -- (d) the core speaks rules, not commands --------------------------------------------------------

MODULES = ("locations", "bottle", "day21", "flow", "game", "entry", "names", "legal", "steps", "steps_common",
           "steps_midday", "steps_day21", "correct", "join", "afterdie")


def _translated(path: Path) -> list[tuple[int, str]]:
    """Every string given to _(), N_() or ngettext() in a module."""
    out = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("_", "N_", "ngettext"):
            for arg in node.args:
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    out.append((node.lineno, arg.value))
    return out


def test_no_message_of_the_core_names_a_21days_command():
    import typer

    from cli import app  # the command words of today's CLI, top level and under the game's group

    words = set(typer.main.get_command(app).commands)
    said = re.compile(r"castaway\s+(?:21days\s+)?([a-z][a-z0-9-]*)")
    found = []
    for mod in MODULES:
        path = ROOT / "companion" / "games" / "days21" / f"{mod}.py"
        for line, text in _translated(path):
            for m in said.finditer(text):
                if m.group(1) in words or m.group(1) == "21days":
                    found.append(f"{path.name}:{line}: {text!r}")
    assert not found, "\n".join(found)


def test_the_scan_would_see_a_command_in_a_message(tmp_path):
    p = tmp_path / "m.py"
    p.write_text('from x import _\nSAY = _("resolve it with castaway shark-attack")\n')
    assert _translated(p) == [(2, "resolve it with castaway shark-attack")]


# -- refusals carry what resolves the step; the terminal words it ------------------------------------

def test_a_refusal_out_of_place_carries_the_step_that_resolves_it():
    from ui.nextwords import words

    t = midday()
    with pytest.raises(RuleError) as e:
        legal.check(t, fl.Activate(), CAT)
    assert e.value.next.kind == "d21-place" and e.value.next.args == {"seat": "red"} and e.value.next.missing == ("location",)
    assert words(e.value.next) == "castaway 21days place red LOCATION"
    assert "castaway" not in str(e.value)
    for seat in ("red", "yellow", "blue", "green"):
        t = do(t, fl.Place(seat, "receive" if seat == "red" else "none"))
    t = do(t, fl.Activate())
    with pytest.raises(RuleError) as e:
        legal.check(t, bo.Bottle("play", "red"), CAT)
    assert words(e.value.next) == "castaway 21days bottle receive --seat red"
    with pytest.raises(RuleError) as e:
        legal.check(t, fl.PlantGrow(True), CAT)
    assert e.value.next.args["mode"] == "receive"


def test_the_words_of_every_task_of_the_day_fill_each_field():
    from ui.nextwords import words

    for do_, q in (("card", {"do": "card", "seat": "blue"}), ("harvest", {"do": "harvest"}), ("horvath", {"do": "horvath"}),
                   ("rosina", {"do": "rosina"}), ("day21", {"do": "day21"}), ("place", {"do": "place", "seat": "red"})):
        said = words(legal.next_of(table(), q))
        assert "{" not in said and said.startswith("castaway 21days "), said
    assert words(legal.next_of(table(), {"do": "card", "seat": "blue"})) == \
        "castaway 21days play-card blue or castaway 21days play-card blue --keep"
    assert words(legal.next_of(table(), {"do": "harvest"})) == "castaway 21days plant --harvest"
    assert words(legal.next_of(table(), {"do": "rosina"})) == \
        "castaway 21days day21 rosina --where WHERE or castaway 21days day21 pass"
