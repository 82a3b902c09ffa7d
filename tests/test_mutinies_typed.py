"""21 Mutinies' actions are typed values: what the table typed is parsed once (each kind's `parse`, against the
table), `run` only checks typed values, schema 3's stored text upgrades to the same typed action, the stored
fixture games (tests/fixtures/stored_mutinies_v3.db) migrate and replay node by node, every die typed in a
guided game is counted by `castaway dice stats`, and no message of the game's core names a command."""

from __future__ import annotations

import ast
import json
import random
import re
import shutil
import sqlite3
from collections import Counter
from pathlib import Path

import pytest

from companion import session
from companion.action_base import REGISTRY
from companion.actions import from_dict
from companion.errors import CompanionError, Next, RuleError, UsageError
from companion.games import registry
from companion.games.mutinies import core
from companion.games.mutinies.actions import Place, Plunder, Raid, Routes, Take, Tavern, Town, Trade
from companion.games.mutinies.cards import Compulsory, DrawCard, PlayCard, Treasure
from companion.games.mutinies.guide import next_step
from companion.games.mutinies.sailors import Cabin, Mutiny
from companion.games.mutinies.score import Score, ScoreCards
from tests.mutinies_table import CAT, ready, run
from tests.stored_fixture import assert_every_game_migrates, replay, state_digest
from ui.nextwords import words

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"


def named(t):
    t.seat_values("blue")["player"] = "Bob"
    return t


def theft():
    t = ready(4)
    t, _ = run(t, Place("red", "town:tale"), Place("blue", "town:theft"), Place("green", "cabin"), Place("yellow", "cabin"))
    t, _ = run(t, Town())  # the pirate's tale: blue's theft is next
    return t


# (table, the schema-3 stored dict as the commands wrote it, the typed action it is now)
CASES = [
    (lambda: named(ready()), {"kind": "mut-place", "seat": "captain", "spot": "Routes:2"}, Place("red", "routes:2")),
    (lambda: named(ready()), {"kind": "mut-place", "seat": "bob", "spot": "shipwrecks"}, Place("blue", "wreck")),
    (lambda: ready(), {"kind": "mut-place", "seat": "RED", "spot": "town:market:any2"}, Place("red", "town:market:any2")),
    (lambda: ready(), {"kind": "mut-routes", "costs": ["2d1r", "free", "3"], "square": None}, Routes(((2, 1), (0, 0), (3, 0)))),
    (lambda: ready(), {"kind": "mut-routes", "costs": ["1r"], "square": 2}, Routes(((0, 1),), 2)),
    (lambda: ready(), {"kind": "mut-plunder", "faces": "3,5"}, Plunder((3, 5))),
    (lambda: ready(), {"kind": "mut-plunder", "faces": "6 1"}, Plunder((6, 1))),
    (lambda: ready(), {"kind": "mut-plunder", "faces": None}, Plunder(None)),
    (lambda: ready(), {"kind": "mut-tavern", "face": "4"}, Tavern(4)),
    (lambda: ready(), {"kind": "mut-tavern", "face": None}, Tavern(None)),
    (lambda: ready(), {"kind": "mut-trade", "rum": 1, "payout": "4/1", "symbols": 2}, Trade(1, (4, 1), 2)),
    (lambda: ready(), {"kind": "mut-trade", "rum": 0, "payout": None, "symbols": None}, Trade(0)),
    (theft, {"kind": "mut-town", "choice": "routes:2"}, Town(2)),
    (theft, {"kind": "mut-town", "choice": "3"}, Town(3)),
    (theft, {"kind": "mut-town", "choice": "Stack"}, Town(None)),
    (lambda: ready(), {"kind": "mut-town", "choice": None}, Town(None)),
    (lambda: named(ready()), {"kind": "mut-cabin", "choice": "Steal", "victim": "Bob"}, Cabin("steal", "blue")),
    (lambda: ready(), {"kind": "mut-cabin", "choice": "prestige", "victim": None}, Cabin("prestige")),
    (lambda: ready(), {"kind": "mut-card", "card": "Tempest"}, DrawCard("tempest")),
    (lambda: ready(), {"kind": "mut-card", "card": "castaway:mutiny/sharks"}, DrawCard("sharks")),
    (lambda: ready(), {"kind": "mut-card", "card": None}, DrawCard(None)),
    (lambda: named(ready()), {"kind": "mut-play", "seat": "Bob", "card": "Telescope"}, PlayCard("blue", "telescope")),
    (lambda: named(ready()), {"kind": "mut-treasure", "seat": "bob", "token": "exchange:3:1"}, Treasure("blue", "exchange", 3, 1)),
    (lambda: ready(), {"kind": "mut-treasure", "seat": "captain", "token": "dublony"}, Treasure("red", "doubloons")),
    (lambda: ready(), {"kind": "mut-score", "treasures": "prestige,exchange:3:1"},
     Score((("prestige", None, None), ("exchange", 3, 1)))),
    (lambda: ready(), {"kind": "mut-score", "treasures": None}, Score(None)),
    (lambda: ready(), {"kind": "mut-score-cards", "points": 2}, ScoreCards(2)),
    (lambda: ready(), {"kind": "mut-take"}, Take()),
    (lambda: ready(), {"kind": "mut-raid", "keep": False}, Raid(False)),
    (lambda: ready(), {"kind": "mut-mutiny"}, Mutiny()),
    (lambda: ready(), {"kind": "mut-compulsory", "play": True}, Compulsory(True)),
]


@pytest.mark.parametrize("make_table, stored, typed", CASES, ids=[f"{c[1]['kind']}-{i}" for i, c in enumerate(CASES)])
def test_a_schema_3_action_upgrades_to_the_typed_action_its_text_parses_to(make_table, stored, typed):
    t = make_table()
    new = REGISTRY[stored["kind"]].upgrade(dict(stored), t, CAT)
    assert new == typed.to_dict()
    assert from_dict(json.loads(json.dumps(new))) == typed  # stored and read back: the same value


def test_each_parse_gives_typed_fields():
    t = named(ready())
    assert Place.parse(t, CAT, "Bob", "mutiny 3") == Place("blue", "mutiny:3")
    assert Routes.parse(["2d", "1d1r", "0"]).costs == ((2, 0), (1, 1), (0, 0))
    assert Plunder.parse(CAT, "roll") == Plunder(None) and Plunder.parse(CAT, "2,4").faces == (2, 4)
    assert Tavern.parse(CAT, "6").face == 6
    assert Trade.parse(2, "5,2").payout == (5, 2)
    assert DrawCard.parse(CAT, "ACROSS THE SEVEN SEAS").card == "seven-seas"
    assert Treasure.parse(t, CAT, "red", "Prestiž") == Treasure("red", "prestige")
    assert Score.parse("rum,jewel").treasures == (("rum", None, None), ("jewel", None, None))
    with pytest.raises(UsageError, match="'7,1'"):
        Plunder.parse(CAT, "7,1")
    with pytest.raises(UsageError, match="'3d3x'"):
        Routes.parse(["3d3x"])
    with pytest.raises(UsageError, match="'nobody'"):
        Place.parse(t, CAT, "nobody", "wreck")


def test_run_checks_typed_values_and_reads_no_text():
    t = ready()
    t, _ = run(t, Place("red", "wreck"), Place("blue", "cabin"), Place("green", "cabin"))
    with pytest.raises(UsageError):
        run(t, Plunder("3,5"))  # text is not a face
    with pytest.raises(UsageError):
        run(t, Plunder((3, 7)))
    t2, result = run(t, Plunder((3, 5)))
    assert result["faces"] == [3, 5]
    assert result["rolls"] == [{"die": "d6", "part": "", "face": 3, "typed": True}, {"die": "d6", "part": "", "face": 5, "typed": True}]
    _t3, virtual = run(t, Plunder(None))
    assert [r["typed"] for r in virtual["rolls"]] == [False, False] and [r["face"] for r in virtual["rolls"]] == virtual["faces"]
    with pytest.raises(UsageError, match="'routes 2'"):
        run(ready(), Place("red", "routes 2"))  # a spot's id, not the words typed
    with pytest.raises(UsageError, match="'Ann'"):
        run(ready(), Place("Ann", "wreck"))  # a seat id, not a player's name


def test_the_tavern_records_its_die():
    t = ready()
    t, _ = run(t, Place("red", "tavern"), Place("blue", "tavern"), Place("green", "cabin"))
    _t, result = run(t, Tavern(4))
    assert result["face"] == 4 and result["rolls"] == [{"die": "d6", "part": "", "face": 4, "typed": True}]


_digest = state_digest


def test_the_stored_games_of_21_mutinies_migrate_and_replay_node_by_node(tmp_path):
    """tests/fixtures/stored_mutinies_v3.db (schema 3, the commands' text) migrates: every action of every game
    is rewritten typed, and the new replay gives every node's table as schema 3's code did (its digest)."""

    db = tmp_path / "v3.db"
    shutil.copy(FIXTURES / "stored_mutinies_v3.db", db)
    expected = json.loads((FIXTURES / "stored_mutinies_v3.json").read_text())
    registry.load_actions()
    old = sqlite3.connect(db)
    assert old.execute("PRAGMA user_version").fetchone()[0] == 3
    kinds = {json.loads(a)["kind"] for (a,) in old.execute("SELECT action FROM events WHERE type = 'action'")}
    newer = {"mut-set", "mut-bonus-jewel"}  # kinds made after schema 3: no schema 3 log holds them
    assert kinds == {k for k in REGISTRY if k.startswith("mut-")} - newer, "the fixture holds every kind of the game"
    assert_every_game_migrates(old)
    old.close()
    typed = 0
    with session.open_store(db) as st:
        rows = st.games()
        assert len(rows) == len(expected) == 3
        for row in rows:
            want = expected[str(row.id)]
            events, head, tl, states = replay(st, row)
            assert tl.head == want["head"] == row.head
            assert {str(n): _digest(t.data) for n, t in states.items()} == want["nodes"]
            assert row.state.data == head.data
            for ev in events:
                a = ev.action
                if ev.type != "action" or a["kind"] not in ("mut-plunder", "mut-tavern"):
                    continue
                faces = a.get("faces") if a["kind"] == "mut-plunder" else (None if a["face"] is None else [a["face"]])
                recs = ev.result["rolls"]
                assert all(isinstance(f, int) for f in faces or [])
                assert [r["typed"] for r in recs] == [faces is not None] * len(recs)
                if faces is not None:
                    typed += 1
                    assert [r["face"] for r in recs] == faces
            assert sum(1 for ev in events if ev.type == "action" and any(
                ev.action.get(k) is not None for k in ("faces", "face"))) == want["typed_events"]
    assert typed == sum(g["typed_events"] for g in expected.values()) > 0


def _answer(step, t, rng: random.Random, typed: list):
    ask = step.ask
    if ask.kind == "dice":
        if rng.random() < 0.3:
            return None
        faces = [rng.randint(1, 6) for _die in range(2 if ask.dice == ("2d6",) else 1)]
        typed.append(faces)
        return ",".join(map(str, faces))
    if ask.kind == "confirm":
        return rng.random() < 0.6
    if ask.kind == "number":
        return rng.randint(ask.lo or 0, ask.hi if ask.hi is not None else (ask.lo or 0))
    if ask.kind == "choice":
        values = [v for v, _label in ask.choices]
        dice = [v for v in values if v in ("wreck", "tavern")]  # the dice actions, more often than chance
        return rng.choice(dice if dice and rng.random() < 0.5 else values)
    if ask.id == "mut-prices":
        n = sum(1 for sq in core.flow(t)["routes"] if sq["token"] and sq["cost"] is None)
        return " ".join(rng.choice(["0", "1d", "2d", "1r", "1d1r"]) for _k in range(n))
    if ask.id == "mut-chart":
        return "0 3 1"
    if ask.id == "mut-exchange":  # an exchange token's print: doubloons paid, prestige gained
        return "0 1"
    if ask.id == "mut-treasures":
        seat = core.flow(t)["scoring"]["todo"][0][1]
        return ",".join(rng.choice(["prestige", "doubloons", "rum", "jewel"]) for _k in range(core.value(t, seat, "treasure")))
    return ask.parse(None)


def test_a_guided_game_counts_exactly_the_faces_typed(cli):
    """Issue 22, item 5: after a guided game of 21 Mutinies, `castaway dice stats --json` counts every face
    typed at the table, and no virtual one."""
    rng = random.Random(5)
    seen: list[int] = []  # the faces typed, on the game's live path (no undo here)
    with session.open_store(cli.db, create=True) as st:
        gid = session.new_game(st, "mutinies", {"players": ["Ann", "Bob", "Cid"]}, seed=5).row.id
        for _move in range(400):
            cur = session.load(st, gid)
            step = next_step(cur.table, cur.cat)
            if step is None:
                break
            typed: list = []
            try:
                action = step.make(step.ask.parse(None) if step.ask.kind == "none" else _answer(step, cur.table, rng, typed))
                session.act(st, gid, action, expect=cur.row.version)
            except CompanionError:
                continue
            seen.extend(f for faces in typed for f in faces)
        over = bool(session.load(st, gid).table.data.get("over"))
    assert over and len(seen) > 10
    rows = json.loads(cli.ok("dice", "stats", "--json").output)
    want = Counter(seen)
    assert [(r["die"], r["counts"]) for r in rows] == [("d6", [want[f] for f in range(1, 7)])]


def _messages(path: Path) -> list[str]:
    out = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("_", "N_", "ngettext"):
            out += [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
    return out


def test_no_message_of_the_game_names_a_command():
    """Issue 23, item 4: the rules say what is wrong; what resolves it is a Next that the terminal words."""
    from ui import mutinies_cmds

    commands = ["mutinies", "play", "undo", "redo", "set", "move", "next", "new", "status", "roll", "draw", "end", "check", "use"]
    pattern = re.compile(r"\bcastaway\s+(%s)\b" % "|".join(commands))
    found = [(p.name, m) for p in sorted((ROOT / "companion" / "games" / "mutinies").glob("*.py"))
             for m in _messages(p) if pattern.search(m)]
    assert found == []
    assert {k for k in REGISTRY if k.startswith("mut-")} <= set(mutinies_cmds.WORDS)


def test_a_refusal_carries_what_resolves_it_and_the_terminal_words_it():
    t = ready()
    t.data["flow"]["routes"][1]["cost"] = None
    with pytest.raises(RuleError) as e:
        run(t, Place("red", "routes:2"))
    assert e.value.next == Next("mut-routes", {"square": 2}, ("costs",))
    assert words(e.value.next) == "castaway mutinies routes --square 2 COSTS"
    with pytest.raises(RuleError) as e:
        run(ready(), Score())
    assert words(e.value.next) == "castaway play"


def test_the_command_line_parses_what_was_typed(cli):
    cli.ok("new", "mutinies", "--player", "Ann", "--player", "Bob", "--player", "Cid", "--opt", "order=Bob,Ann,Cid", "--seed", "3")
    cli.ok("mutinies", "routes", "1d", "0", "2d1r", "free")
    cli.ok("mutinies", "place", "captain", "routes", "2")
    with session.open_store(cli.db) as st:
        ev = st.events(1)[-1]
    assert ev.action == {"kind": "mut-place", "seat": "blue", "spot": "routes:2"}
    r = cli("mutinies", "score")
    assert r.exit_code == 1 and "next: castaway play" in r.stderr
