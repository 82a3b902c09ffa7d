"""The core commands from the command line, on a database in a temp folder."""

from __future__ import annotations

import json

from companion import dbcheck, session


def new(cli, *extra):
    return cli.ok("new", "21days", "--seed", "3", "--strength", "red=3/5", "--strength", "yellow=2/6",
                  "--strength", "blue=6/6", "--strength", "green=1/1", *extra)


def state(cli):
    return json.loads(cli.ok("status", "--json").stdout)["state"]


def test_games_lists_21days(cli):
    r = cli.ok("rules", "games", "--json")
    assert "21days" in [g["id"] for g in json.loads(r.stdout)]


def test_new_sets_up_and_becomes_current(cli):
    r = new(cli, "-p", "Ann", "-p", "Bob", "--difficulty", "green", "--survivor", "maya")
    assert "Game 1" in r.stdout
    s = state(cli)
    assert s["seat"]["red"]["strength"] == [3, 5]
    assert s["seat"]["blue"]["survivor"] == "maya"
    assert s["seat"]["red"]["player"] == "Ann" and s["seat"]["yellow"]["player"] == "Bob"
    assert s["tracks"]["shark"] == 5
    assert all(v["hope"] == 1 for v in s["seat"].values())
    listed = json.loads(cli.ok("list", "--json").stdout)
    assert listed[0]["current"] and listed[0]["game"] == "21days"


def test_status_draws_the_board(cli):
    new(cli)
    out = cli.ok("status").stdout
    assert "Sharks" in out and "Rescue" in out and "⚂3 ⚄5" in out  # red's dice 3 over 5 as die faces and digits
    assert "⛵" in out


def test_set_move_and_ranges(cli):
    new(cli)
    cli.ok("set", "shark", "3")
    cli.ok("move", "ship", "+2")
    cli.ok("move", "shark", "-1")
    s = state(cli)
    assert s["tracks"]["shark"] == 2 and s["tracks"]["ship"] == 6
    r = cli("move", "shark", "-5")
    assert r.exit_code == 1 and "shark -3 is off the track: it runs 1..5" in r.stderr
    r = cli("move", "shark", "2")
    assert r.exit_code == 2 and "signed amount" in r.stderr


def test_moving_hope_to_a_seat_and_back_to_the_bag(cli):
    new(cli)
    cli.ok("move", "red.hope", "+3")
    cli.ok("move", "red.hope", "-1")
    s = state(cli)
    assert s["seat"]["red"]["hope"] == 3
    r = cli("move", "blue.hope", "+20")
    assert r.exit_code == 1 and "the supply has only" in r.stderr
    r = cli("move", "yellow.hope", "-9")
    assert r.exit_code == 1 and "yellow holds only 1" in r.stderr


def test_strength_stack_from_the_cli(cli):
    new(cli)
    cli.ok("move", "red.strength", "-3")  # 3 -> 2 -> 1 -> die removed, 5 shows
    assert state(cli)["seat"]["red"]["strength"] == [5]
    cli.ok("move", "red.strength", "+4")
    assert state(cli)["seat"]["red"]["strength"] == [6]
    cli.ok("set", "red.strength", "2,4")  # the table is the source of truth
    assert state(cli)["seat"]["red"]["strength"] == [2, 4]


def test_roll_virtual_and_typed(cli):
    new(cli)
    r = cli.ok("dice", "roll", "shark", "--faces", "2/5")
    assert "2/5" in r.stdout
    r = cli.ok("dice", "roll", "2d6")
    hist = json.loads(cli.ok("history", "--json").stdout)
    rolls = [e for e in hist if e["type"] == "action" and e["action"]["kind"] == "roll"]
    assert rolls[0]["action"] == {"kind": "roll", "dice": ["shark"], "faces": [[2, 5]], "why": None}  # typed, parsed once
    assert rolls[0]["result"] == {"dice": ["shark"], "faces": [[2, 5]], "rolls": [
        {"die": "shark", "part": "outer", "face": 2, "typed": True}, {"die": "shark", "part": "inner", "face": 5, "typed": True}]}
    assert rolls[1]["action"]["dice"] == ["d6", "d6"] and rolls[1]["action"]["faces"] is None
    assert [r["typed"] for r in rolls[1]["result"]["rolls"]] == [False, False] and len(rolls[1]["result"]["faces"]) == 2


def test_undo_then_roll_gives_the_same_dice(cli):
    new(cli)
    first = cli.ok("dice", "roll", "3d6").stdout.split("→")[1].strip()
    cli.ok("undo")
    again = cli.ok("dice", "roll", "3d6").stdout.split("→")[1].strip()
    assert first == again


def test_undo_redo_exact_and_new_action_clears_redo(cli, db):
    new(cli)
    s0 = state(cli)
    cli.ok("move", "ship", "+1")
    s1 = state(cli)
    cli.ok("undo")
    assert state(cli) == s0
    cli.ok("redo")
    assert state(cli) == s1
    cli.ok("undo")
    cli.ok("note", "a new action")
    r = cli("redo")
    assert r.exit_code == 1 and "nothing to redo" in r.stderr
    cli.ok("undo")  # the note
    r = cli("undo")
    assert r.exit_code == 1 and "nothing to undo" in r.stderr
    with session.open_store(db) as st:
        assert dbcheck.check(st)["ok"]


def test_draw_virtual_and_physical(cli):
    new(cli)
    r = cli.ok("cards", "draw", "bottle", "--to", "red")
    s = state(cli)
    held = s["decks"]["bottle"]["held"]["red"]
    assert len(held) == 1
    r = cli("cards", "draw", "bottle", "--to", "red")
    assert r.exit_code == 1 and "at most 1" in r.stderr
    card = next(c for c in s["decks"]["bottle"]["draw"])
    cli.ok("cards", "draw", "bottle", "--card", f"castaway:bottle/{card}", "--to", "blue")
    assert state(cli)["decks"]["bottle"]["held"]["blue"] == [card]
    r = cli("cards", "draw", "bottle", "--card", card)
    assert r.exit_code == 1 and "held by blue" in r.stderr
    cli.ok("cards", "discard", "bottle", card)
    cli.ok("cards", "shuffle", "bottle")
    assert card in state(cli)["decks"]["bottle"]["draw"]


def test_history_marks_undone(cli):
    new(cli)
    cli.ok("move", "ship", "+1")
    cli.ok("undo")
    hist = json.loads(cli.ok("history", "--json").stdout)
    move = next(e for e in hist if e["text"] == "correction: move ship +1")  # 21 Days names its corrections
    assert move["live"] is False
    assert hist[-1]["text"].startswith("undo #2")


def test_next_and_end_write_a_play(cli, db):
    new(cli)
    r = cli.ok("next")  # a correction: the table is at day 2's start, then undone
    assert state(cli)["tracks"]["day"] == 2 and "day 2" in r.stdout
    cli.ok("undo")
    cli.ok("21days", "setup-done")
    for step in (["shark-phase"], ["logbook", "morning"], ["logbook", "midday"], *[["place", s, "none"] for s in ("red", "yellow", "blue", "green")],
                 ["activate"], ["logbook", "evening"], ["end-day"]):
        cli.ok("21days", *step)
    assert state(cli)["tracks"]["day"] == 2
    r = cli.ok("end", "--result", "lost", "--yes")
    assert "Logged as play 1" in r.stdout
    with session.open_store(db) as st:
        plays = st.plays()
    assert plays[0][2] == "21days" and plays[0][4]["result"] == "lost" and plays[0][4]["outcome"]["day"] == 2
    r = cli("move", "ship", "+1")
    assert r.exit_code == 1 and "this game is over" in r.stderr
    cli.ok("undo")  # taking back the end takes back its play
    with session.open_store(db) as st:
        assert st.plays() == []


def test_if_version_refuses_a_stale_write(cli):
    new(cli)
    cli.ok("move", "ship", "+1")  # version 2
    r = cli("--if-version", "1", "move", "shark", "-1")
    assert r.exit_code == 1
    assert "changed since you read it at version 1" in r.stderr and "move ship +1" in r.stderr
    cli.ok("--if-version", "2", "move", "shark", "-1")


def test_use_and_game_option(cli):
    new(cli)
    new(cli)
    cli.ok("use", "1")
    cli.ok("move", "ship", "+1")
    assert json.loads(cli.ok("--game", "2", "status", "--json").stdout)["version"] == 1
    assert json.loads(cli.ok("status", "--json").stdout)["version"] == 2
    r = cli("use", "9")
    assert r.exit_code == 2 and "no game 9; games: 1, 2" in r.stderr


def test_rules_assumptions(cli):
    r = cli.ok("rules", "assumptions", "21days", "--json")
    rows = json.loads(r.stdout)
    assert any(x["kind"] == "track" and x["id"] == "ship" for x in rows)


def test_every_command_has_an_example_in_its_help(cli):
    from typer.main import get_command

    import cli as climod

    root = get_command(climod.app)

    def walk(group, prefix):
        for name, cmd in group.commands.items():
            if hasattr(cmd, "commands"):
                yield from walk(cmd, prefix + [name])
            else:
                yield prefix + [name], cmd

    for path, cmd in walk(root, []):
        assert "Example: castaway" in (cmd.help or ""), " ".join(path)


def test_demo_runs(cli):
    r = cli.ok("21days", "demo")
    assert "Undo" in r.stdout and "Sharks" in r.stdout


def test_undo_to_a_chosen_event_and_redo_to_another_in_one_go(cli, db):
    new(cli)
    at_setup = state(cli)
    cli.ok("move", "ship", "+1")
    cli.ok("note", "between")
    hist = json.loads(cli.ok("history", "--json").stdout)
    chosen = hist[-1]["seq"]  # the note
    at_chosen = state(cli)
    cli.ok("move", "ship", "+1")
    cli.ok("note", "last one")
    at_end = state(cli)
    with session.open_store(db) as st:
        before = st.game(st.games()[-1].id).version
    r = cli.ok("undo", "--to", str(chosen))
    assert r.stdout.count("undid") == 2 and "last one" in r.stdout
    assert state(cli) == at_chosen
    r = cli("undo", "--to", str(chosen))
    assert r.exit_code == 1 and "nothing to undo" in r.stderr
    r = cli("undo", "--to", str(before + 2))  # an undo event, not an action
    assert r.exit_code == 1 and "live path" in r.stderr
    with session.open_store(db) as st:
        after = st.game(st.games()[-1].id).version
    assert after == before + 2  # one undo event per action taken back, both written together
    undone = [e["seq"] for e in json.loads(cli.ok("history", "--json").stdout) if e["type"] == "action" and not e["live"]]
    r = cli.ok("redo", "--to", str(max(undone)))
    assert r.stdout.count("redid") == 2
    assert state(cli) == at_end
    cli.ok("undo", "--to", "1")  # back to the setup
    assert state(cli) == at_setup
    with session.open_store(db) as st:
        gid = st.games()[-1].id
        assert st.game(gid).head == 0 and dbcheck.check(st)["ok"]
    r = cli("redo", "--to", str(chosen + 50))
    assert r.exit_code == 1 and "can be redone" in r.stderr
