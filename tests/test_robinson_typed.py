"""Robinson Crusoe's actions are typed values (issue 23, items 1 and 4): what the table typed is parsed once where
it is typed, each kind's upgrade turns its schema-3 stored form (the text typed) into the same typed fields,
the games stored at schema 3 migrate and replay node by node, typed dice reach `castaway dice stats`, and the
core's messages name no command."""

from __future__ import annotations

import ast
import dataclasses
import json
import random
import re
import shutil
import sqlite3
from pathlib import Path

import pytest

from companion import catalog, session
from companion.action_base import REGISTRY
from companion.actions import from_dict
from companion.engine import apply
from companion.errors import RuleError
from companion.games import registry
from companion.games.robinson import game as RC
from companion.games.robinson.action_phase import RcPlan, RcPlanDone, RcPlans, RcResolve, RcTile
from companion.games.robinson.phases import RcAdjust, RcCamp, RcEat, RcEvent, RcMorale, RcPhase, RcProduce, RcUseItem, RcWeather, RcWeatherDice
from companion.games.robinson.state import goto
from tests.stored_fixture import assert_every_game_migrates, replay, state_digest

CAT = catalog.load("robinson")
FIXTURES = Path(__file__).resolve().parent / "fixtures"
ROOT = Path(__file__).resolve().parent.parent


def duo(**opts):
    """Ann plays the Cook (blue), Bob the Explorer (yellow)."""
    return RC.setup(CAT, {"players": "Ann,Bob", "characters": "cook,explorer", "items": "Hammer,Bible", **opts}, 1)


def run(t, *actions):
    for a in actions:
        t, _r = apply(t, a, CAT)
    return t


def planning():
    return run(duo(), RcMorale(), RcProduce())


def resolving(*plans):
    t = planning()
    for text in plans:
        t = run(t, RcPlan.parse(t, CAT, text))
    return run(t, RcPlanDone())


def at(t, phase, step, **extra):
    goto(t, phase, step, **extra)
    return t


def same(kind_cls, t, stored: dict, parsed) -> None:
    """The schema-3 dict (the text typed) upgrades to exactly the typed action parse gives, which replays."""
    up = kind_cls.upgrade({"kind": kind_cls.kind, **stored}, t, CAT)
    if "legacy" in up:  # a schema-3 row replays as the code of its time did (state.LEGACY)
        assert up["legacy"] is True
        parsed = dataclasses.replace(parsed, legacy=True)
    assert up == parsed.to_dict()
    assert from_dict(json.loads(json.dumps(up))) == parsed  # stored as JSON, read back the same
    apply(t, parsed, CAT)


def test_parse_gives_typed_fields_and_upgrade_of_the_schema_3_text_is_the_same():
    t = duo()
    a = RcEvent.parse("3 Heavy rain 2")
    assert a == RcEvent("book", "Heavy rain", 2)
    same(RcEvent, at(duo(), "event", "draw"), {"card": "book", "name": "Heavy rain", "pawns": 2}, a)

    text = "Ann.wounds +1, roof half, camp-shelter yes, morale =2; wood 3"
    a = RcAdjust.parse(t, CAT, text)
    assert a.changes == (("blue.wounds", "+", 1), ("roof", "half", None), ("camp-shelter", "flag", True),
                         ("morale", "=", 2), ("wood", "=", 3))
    assert a.text() == "card effects: blue.wounds +1, roof half, camp-shelter yes, morale =2, wood =3"
    same(RcAdjust, t, {"changes": text}, a)
    same(RcAdjust, t, {"changes": "-"}, RcAdjust(()))

    t = planning()
    a = RcPlan.parse(t, CAT, "item fire Bob wood=1 own")
    assert (a.what, a.arg, a.by, a.cost, a.own) == ("item", "fire", "yellow", (("wood", 1),), True)
    same(RcPlan, t, {"what": "item", "arg": "fire", "by": "bob", "helper": None, "pay": None, "cost": "wood=1",
                     "own": True}, a)
    a = RcPlan.parse(t, CAT, "gather wood 3 cook+friday")
    assert (a.by, a.helper, a.arg) == ("blue", "friday", "wood@3")
    same(RcPlan, t, {"what": "gather", "arg": "wood@3", "by": "cook", "helper": "friday", "pay": None, "cost": None,
                     "own": False}, a)
    a = RcPlans.parse(t, CAT, ["explore cook+friday", "10 explorer"], True)
    assert [(p["what"], p["by"], p["helper"]) for p in a.plans] == [("explore", "blue", "friday"), ("explore", "yellow", None)]
    same(RcPlans, t, {"plans": ["explore cook+friday", "10 explorer"], "finish": True}, a)

    t = resolving("explore Ann")
    a = RcResolve.parse(t, CAT, faces="s,0 A")
    assert a.faces == ("success", "0", "adventure")
    same(RcResolve, t, {"faces": "s,0 A", "beast": None, "choice": None, "changes": None}, a)
    assert RcResolve.parse(t, CAT, faces="roll").faces is None  # 'roll': rolled virtually
    t = resolving("threat-right Ann")
    a = RcResolve.parse(t, CAT, changes="wood -1, Bob.determination +2")
    assert a.changes == (("wood", "+", -1), ("yellow.determination", "+", 2))
    same(RcResolve, t, {"faces": None, "beast": None, "choice": None, "changes": "wood -1, Bob.determination +2"}, a)
    t = planning()
    t.data["counters"]["hunting"] = 1
    t = run(t, RcPlan.parse(t, CAT, "hunt Ann+Bob"), RcPlanDone())
    a = RcResolve.parse(t, CAT, beast="3,1 2 1")
    assert a.beast == (3, 1, 2, 1)
    same(RcResolve, t, {"faces": None, "beast": "3,1 2 1", "choice": None, "changes": None}, a)

    t = at(duo(), "action", "tile", pending=["tile"])
    a = RcTile.parse("5 plains food food beast d2")
    assert a.tile == {"tile": "5", "terrain": "plains", "food": 2, "wood": 0, "shelter": False, "beast": True,
                      "mystery": False, "discoveries": 2}
    assert a.text() == "tile 5 plains food food beast d2"
    same(RcTile, t, {"tile": "5 plains food food beast d2"}, a)

    t = at(duo(), "weather", "roll", dice=["rain", "winter", "animals"])
    a = RcWeather.parse(t, CAT, "rr w b", "Bob")
    assert (a.faces, a.fighter) == (("rr", "w", "beast"), "yellow")
    same(RcWeather, t, {"faces": "rr w b", "fighter": "Bob"}, a)
    same(RcWeather, t, {"faces": None, "fighter": None}, RcWeather.parse(t, CAT, None))

    t = at(duo(), "night", "eat")
    t.data["counters"]["food"] = 0
    a = RcEat.parse(t, CAT, ["Bob", "cook"])
    assert a.hungry == ("yellow", "blue")
    same(RcEat, t, {"hungry": ["Bob", "cook"]}, a)

    t = at(duo(), "night", "camp")
    a = RcCamp.parse("5 plains food wood shelter")
    assert (a.to, a.tile["food"], a.tile["shelter"]) == ("5", 1, True)
    same(RcCamp, t, {"to": "5 plains food wood shelter"}, a)
    assert RcCamp.parse("stay") == RcCamp.parse("") == RcCamp()

    t = duo()
    a = RcUseItem.parse(t, CAT, "ham")
    assert a.item == "Hammer"
    same(RcUseItem, t, {"item": "ham"}, a)
    assert RcWeatherDice.parse(["Rain", "none", "winter"]) == RcWeatherDice(("rain", "winter"))
    assert RcPhase.parse(" Weather ") == RcPhase("weather")
    t.data["tracks"]["morale"] = t.limits(CAT.tracks["morale"])[1]
    assert RcMorale.parse(t, CAT) == RcMorale("determination") and RcMorale.parse(t, CAT, True) == RcMorale("heal")


def test_every_robinson_kind_is_typed_or_holds_no_text():
    """Every field of every rc-* kind: no field was left as the text typed (str fields name ids and words only)."""
    registry.load_actions()
    kinds = {k for k in REGISTRY if k.startswith("rc-")}
    assert len(kinds) == 21
    words = {"rc-reroll": {"face", "payer"}, "rc-event": {"card", "name"}, "rc-morale": {"choice"}, "rc-plan": {"what", "by", "arg", "helper", "pay"},
             "rc-resolve": {"choice"}, "rc-weather": {"fighter"}, "rc-camp": {"to"}, "rc-use-item": {"item"},
             "rc-phase": {"phase"}, "rc-set": {"field"}}
    import dataclasses
    import typing

    for k in kinds:
        cls = REGISTRY[k]
        hints = typing.get_type_hints(cls)
        for f in dataclasses.fields(cls):
            if hints[f.name] in (str, str | None):
                assert f.name in words.get(k, set()), f"{k}.{f.name} is text"


def test_run_refuses_what_was_not_parsed():
    """run checks the typed values (the count and words of faces, seats at the table), parsing nothing."""
    t = resolving("explore Ann")
    with pytest.raises(Exception, match="one face of each die"):
        apply(t, RcResolve(faces=("s", "0", "a")), CAT)
    t = at(duo(), "night", "eat")
    t.data["counters"]["food"] = 1
    with pytest.raises(Exception, match="not at this table"):
        apply(t, RcEat(("Bob",)), CAT)


def test_a_refusal_says_what_resolves_the_step_as_data_worded_under_the_games_group(cli):
    from ui.nextwords import words

    t = duo()
    with pytest.raises(RuleError) as e:
        apply(t, RcPlanDone(), CAT)
    assert e.value.next.kind == "rc-morale" and "castaway" not in str(e.value)
    assert words(e.value.next) == "castaway robinson morale"
    t = planning()
    with pytest.raises(RuleError) as e:
        apply(t, RcProduce(), CAT)
    assert words(e.value.next) == "castaway robinson plan PLAN or castaway robinson plan done"
    cli.ok("new", "robinson", "-p", "Ann", "--seed", "1")
    r = cli("robinson", "night-end")
    assert r.exit_code == 1 and "next: castaway robinson morale" in r.stderr


def _modules():
    return sorted((ROOT / "companion" / "games" / "robinson").glob("*.py"))


def _messages(path: Path) -> list[str]:
    """The strings of a module that reach the table: those given to _(), N_() or ngettext()."""
    out = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("_", "N_", "ngettext"):
            out += [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
    return out


def _commands() -> tuple[set[str], set[str]]:
    """The CLI's top-level command words, and the words of Robinson's own group."""
    import typer

    from cli import app

    group = typer.main.get_command(app)
    own: set[str] = set()
    for name in ("robinson", "rc"):
        own |= set(getattr(group.commands.get(name), "commands", {}) or {})
    return set(group.commands), own


def _named(msg: str, top: set[str], own: set[str]) -> list[str]:
    """The commands a message names: 'castaway WORD' of a top-level command, or 'rc|robinson WORD' of the game's."""
    hits = [w for w in re.findall(r"\bcastaway\s+([a-z][\w-]*)", msg) if w in top]
    return hits + [w for w in re.findall(r"\b(?:rc|robinson)\s+([a-z][\w-]*)", msg) if w in own]


def test_no_message_of_the_robinson_core_names_a_command():
    """Item 4: the core speaks rules; renaming `castaway robinson plan` touches no rule."""
    top, own = _commands()
    assert own, "the game's command group is found"
    bad = [(path.name, msg) for path in _modules() for msg in _messages(path) if _named(msg, top, own)]
    assert not bad, bad


def test_the_scan_catches_the_messages_the_core_used_to_say():
    top, own = _commands()
    for old in ("that is not where the round stands: now {now}; castaway rc next says what to do",
                "a card shuffled in was not counted: rc effects event-deck +1 counts one",
                "to correct the number: castaway set round N"):
        assert _named(old, top, own), old
    assert not _named("tell castaway what changed (castaway's reading)", top, own)


def test_the_robinson_games_stored_at_schema_3_migrate_and_replay_node_by_node(tmp_path):
    """tests/fixtures/stored_robinson_v3.db: every game's every action upgrades (one row each), and opening the
    file (schema 3) rewrites them typed; the replay gives every node's table as schema 3's code did."""

    db = tmp_path / "rc.db"
    shutil.copy(FIXTURES / "stored_robinson_v3.db", db)
    expected = json.loads((FIXTURES / "stored_robinson_v3.json").read_text())
    kinds = set().union(*(set(g["kinds"]) for g in expected.values()))
    # the fixture holds every kind schema 3 knew (rc-set, the corrections of a game joined in progress, came later;
    # so did rc-dice and rc-reroll, the dice held before they apply, and rc-tile-draw)
    assert kinds == {k for k in REGISTRY if k.startswith("rc-")} - {"rc-set", "rc-dice", "rc-reroll", "rc-tile-draw"}
    registry.load_actions()
    old = sqlite3.connect(db)
    assert old.execute("PRAGMA user_version").fetchone()[0] == 3
    assert_every_game_migrates(old)
    old.close()
    with session.open_store(db) as st:
        assert st.conn.execute("PRAGMA user_version").fetchone()[0] == 4
        rows = st.games()
        assert len(rows) == len(expected) == 8
        typed = 0
        for row in rows:
            events, head, tl, states = replay(st, row)
            want = expected[str(row.id)]
            assert tl.head == want["head"] == row.head
            assert {str(n): _digest(t.data) for n, t in states.items()} == want["nodes"]
            for ev in events[1:]:
                if ev.type != "action":
                    continue
                assert not isinstance(ev.action.get("faces"), str) and not isinstance(ev.action.get("changes"), str)
                if ev.action["kind"] in ("rc-weather", "rc-resolve") and ev.action.get("faces"):
                    typed += 1
                    assert all(r["typed"] for r in ev.result["rolls"])
        assert typed >= 10


_digest = state_digest


def test_a_guided_game_with_typed_faces_is_counted_exactly_by_dice_stats(cli):
    """Issue 22 item 5: the faces typed at the guided game's dice questions, and only those (a typed roll
    undone is left out), are what `castaway dice stats --json` counts."""
    from companion import dice as dicemod

    rules = registry.get("robinson")
    counts: dict[str, int] = {}
    rng = random.Random(7)
    with session.open_store(cli.db, create=True) as st:
        gid = session.new_game(st, "robinson", {"players": ["Ann"], "weather": "1:rain+animals"}, seed=3).row.id
        tile, undone, rerolls = 1, False, 0
        for _i in range(80):
            cur = session.load(st, gid)
            step = rules.next_step(cur.table, cur.cat)
            if step is None:
                break
            ask, where = step.ask, f"{cur.table.data['flags']['phase']}/{cur.table.data['flow'].get('step')}"
            dice = dicemod.parse(cur.cat, list(ask.dice)) if ask.kind == "dice" else []
            faces = [rng.choice(d.parts[0].faces) for d in dice]
            if ask.kind == "dice":
                answer = ask.parse(" ".join(map(str, faces)))
            elif where == "action/plan":
                answer = ask.parse("explore Ann; rest Ann; done")
            elif where == "event/draw":
                answer = ask.parse("3 Heavy rain 1")
            elif where == "action/tile":
                answer, tile = ask.parse(f"{tile} plains food"), tile + 1
            elif where == "action/held" and rerolls < 2:  # a typed reroll at the held dice: one die more counted
                answer, rerolls = ask.parse("reroll wound 0"), rerolls + 1
                counts["explore-wound"] = counts.get("explore-wound", 0) + 1
            else:
                answer = ask.parse(None) if ask.kind != "none" else None
            session.act(st, gid, step.make(answer))
            if dice and not undone:  # the first typed roll is taken back, then typed again: counted once
                session.undo(st, gid)
                undone = True
                continue
            for d in dice:
                counts[d.id] = counts.get(d.id, 0) + 1
    assert sum(counts.values()) >= 15 and {"rain", "animals", "explore-success"} <= set(counts) and rerolls == 2
    rows = json.loads(cli.ok("dice", "stats", "--json").stdout)
    assert {r["die"]: r["rolls"] for r in rows if r["game"] == "robinson"} == counts
