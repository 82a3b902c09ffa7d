"""A game from outside castaway plugs in through the game protocol alone: tests/race/ (a one-track dice
race with its own action, board and command) is registered here and played through the CLI."""

from __future__ import annotations

import json
import sys

import pytest

from companion.games import registry


@pytest.fixture
def race(cli):
    """Dice Race registered: one registry call; the CLI then loads its commands like any game's."""
    import cli as climod
    from tests.race.game import GAME

    registry.register(GAME)
    climod.load_modules()
    climod.load_games()
    yield GAME
    from ui import games, new_cmds

    games.unregister(GAME.id)  # its command groups, so that the other tests see castaway's own
    new_cmds.forget(GAME.id)
    registry.unregister(GAME.id)
    sys.modules.pop(GAME.commands, None)


def test_dice_race_is_played_through_the_cli(cli, race):
    assert "race" in cli.ok("rules", "games").stdout
    r = cli.ok("new", "dice-race", "-p", "Ann", "-p", "Bob", "--seed", "5")
    assert "Dice Race" in r.stdout and "   Ann ●·········· ⚑" in r.stdout  # its own board
    assert cli.ok("race", "roll", "--face", "4").stdout.startswith("#2 race roll 4: red moves to 4")
    cli.ok("race", "roll", "--face", "6")
    cli.ok("undo")
    cli.ok("redo")
    r = cli("race", "roll", "--face", "7")
    assert r.exit_code == 2 and r.stderr == "error: face 7: accepted: 1..6\n"
    cli.ok("race", "roll")  # a virtual roll: red moves on from 4
    for _ in range(20):
        state = json.loads(cli.ok("status", "--json").stdout)["state"]
        if state["over"]:
            break
        cli.ok("race", "roll", "--face", "6")
    assert state["over"]["result"] == "won" and state["over"]["winner"] in ("Ann", "Bob")
    kinds = {e["action"]["kind"] for e in json.loads(cli.ok("history", "--json", "-n", "0").stdout) if e["type"] == "action"}
    assert kinds == {"race-roll"}
    plays = json.loads(cli.ok("plays", "list", "--json").stdout)
    assert plays[-1]["game"] == "race" and plays[-1]["outcome"]["winner"] == state["over"]["winner"]
    assert "replay matches" in cli.ok("check").stdout


def test_its_command_is_refused_on_another_games_table_and_others_on_its_own(cli, race):
    cli.ok("new", "dice-race", "--seed", "5")
    r = cli("21days", "end-day")
    assert r.exit_code == 1 and "on the table is Dice Race; `castaway 21days end-day` is a 21 Days command" in r.stderr
    cli.ok("new", "21days", "--seed", "5")
    r = cli("race", "roll")
    assert r.exit_code == 1 and "on the table is 21 Days; `castaway race roll` is a Dice Race command" in r.stderr


def test_a_second_game_with_its_id_or_prefix_is_refused(race):
    from tests.race.game import Race

    with pytest.raises(ValueError, match="game id 'race' is taken"):
        registry.register(Race())
