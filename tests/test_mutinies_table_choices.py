"""21 Mutinies: every choice the rulebook leaves to the table is asked (issue 22, item 3). Swindle your
shipmates and Revenge! (§ Card Effects: all sailors lose 1 PP or discard 1 doubloon / 1 rum) and Dead calm
(all players discard 1 token, jewel or treasure, and 1 rum): castaway hands in its suggestion, then asks
what each one chose; Enter keeps the suggestion, another answer is recorded in its place."""

from __future__ import annotations

import json

import pytest

from companion.errors import RuleError, UsageError
from companion.games.mutinies.actions import Place, Plunder
from companion.games.mutinies.cards import Compulsory, DrawCard
from companion.games.mutinies.guide import next_step
from companion.games.mutinies.sailors import Cabin, Mutiny
from tests.flowrefusal import FlowTable
from tests.mutinies_table import CAT, ready, run


def _drawn(card: str, **seats):
    """Blue mutinies and draws `card` (the order is then blue, red, green); seats: values to set first."""
    t = ready()
    for seat, vals in seats.items():
        t.seat_values(seat).update(vals)
    t, _ = run(t, Place("red", "wreck"), Place("blue", "mutiny:1"), Place("green", "cabin"))
    t, _ = run(t, Plunder((1, 1)), Cabin("prestige"), Mutiny(), DrawCard(card))
    return t


@pytest.mark.parametrize("card,given,what", [("swindle", "doubloons", "doubloons"), ("revenge", "rum", "rum")])
def test_each_sailor_hands_in_what_castaway_suggests_and_the_table_may_choose_otherwise(card, given, what):
    t = _drawn(card)
    step = next_step(t, CAT)
    t2, result = run(t, step.make(step.ask.parse("y")))
    assert result["gave"] == {"red": what, "green": what}  # each holds one: a doubloon or a rum, not prestige
    assert t2.seat_values("red")[given] == t.seat_values("red")[given] - 1
    # asked per player, in turn order, castaway's suggestion on Enter (the guided loop asks again: after_again)
    assert step.after_again
    ask, remake = step.after(result, t2)
    assert "red" in ask.prompt and ask.default == what and {v for v, _l in ask.choices} == {"prestige", what}
    with pytest.raises(UsageError):
        ask.parse("jewel")
    again = remake(ask.parse("1"))  # red loses prestige instead; green still hands in as suggested
    assert again == Compulsory(True, (("red", "prestige"), ("green", what)))
    t3, result3 = run(t, again)
    assert t3.seat_values("red")["prestige"] == t.seat_values("red")["prestige"] - 1
    assert t3.seat_values("red")[given] == t.seat_values("red")[given]
    ask, remake = step.after(result3, t3)
    assert "green" in ask.prompt and ask.default == what
    assert remake(ask.parse("")) is None  # Enter: castaway's suggestion stands
    assert step.after(result3, t3) is None  # everyone was asked


def test_a_sailor_holding_nothing_is_suggested_to_lose_prestige():
    t = _drawn("revenge", red={"rum": 0})
    _t2, result = run(t, Compulsory.parse(t, CAT, True))
    assert result["gave"]["red"] == "prestige"
    with pytest.raises(RuleError, match="cannot pay 1 rum"):
        run(t, Compulsory(True, (("red", "rum"), ("green", "rum"))))


def test_dead_calm_every_player_hands_in_a_token_of_their_choice_and_a_rum():
    t = _drawn("dead-calm", red={"jewel": 1, "treasure": 1}, green={"treasure": 1})
    t2, result = run(t, Compulsory.parse(t, CAT, True))
    assert result["gave"] == {"blue": "nothing", "red": "jewel", "green": "treasure"}
    assert t2.seat_values("red")["jewel"] == 0 and t2.seat_values("green")["treasure"] == 0
    assert all(t2.seat_values(s)["rum"] == max(0, t.seat_values(s)["rum"] - 1) for s in ("red", "blue", "green"))
    t3, _ = run(t, Compulsory.parse(t, CAT, True, "red:treasure"))
    assert t3.seat_values("red")["treasure"] == 0 and t3.seat_values("red")["jewel"] == 1


def test_dead_calm_asks_the_colour_of_the_jewel_handed_in_where_castaway_knows_the_colours():
    """§ Card Effects, Dead calm, with § The Jewel Tokens (kept by colour for the Black Market): red holds a
    red and a blue jewel; asked what red hands in, the table picks the red jewel, and the blue one stays
    recorded (handed in without its colour, both would become of unknown colour)."""
    from companion.games.mutinies import jewels

    t = _drawn("dead-calm", red={"jewel": 2}, blue={"treasure": 1}, green={"treasure": 1})
    jewels.gained(t, "red", "red")
    jewels.gained(t, "red", "blue")
    step = next_step(t, CAT)
    t2, result = run(t, step.make(step.ask.parse("y")))
    ask, remake = step.after(result, t2)
    assert "blue" in ask.prompt and remake(ask.parse("")) is None  # turn order: blue first, Enter keeps
    ask, remake = step.after(result, t2)
    assert "red" in ask.prompt
    assert ask.choices == (("jewel:blue", "hand in 1 blue jewel"), ("jewel:red", "hand in 1 red jewel"))
    t3, result3 = run(t, remake(ask.parse("2")))
    assert t3.seat_values("red")["jewel"] == 1 and jewels.known(t3, "red") == {"blue": 1}
    assert result3["gave"]["red"] == "jewel:red"
    ask, remake = step.after(result3, t3)
    assert "green" in ask.prompt and remake(ask.parse("")) is None
    assert step.after(result3, t3) is None  # everyone was asked


def test_a_log_from_before_the_question_replays_as_it_was():
    """A stored Compulsory without `gives` (the table carried the card out itself) hands nothing in."""
    t = _drawn("swindle")
    t2, result = run(t, Compulsory(True))
    assert "gave" not in result and all(t2.seat_values(s) == t.seat_values(s) for s in ("red", "green"))


def test_a_card_that_asks_nothing_has_no_question_after():
    t = _drawn("tempest")
    assert next_step(t, CAT).after is None


def test_the_command_takes_the_table_s_choice(tmp_path):
    ft = FlowTable(tmp_path / "g.db")
    for cmd in ("new mutinies -p Ann -p Bob -p Cid --opt order=red,blue,green --seed 3", "mutinies routes 0 0 0 0",
                "mutinies place red wreck", "mutinies place blue mutiny 1", "mutinies place green cabin",
                "mutinies plunder --faces 1,1", "mutinies cabin prestige", "mutinies mutiny", "mutinies card swindle"):
        ft.ok(cmd)
    ft.ok("mutinies compulsory --play --give red:prestige")
    s = json.loads(ft.ok("status --json").output)["state"]["seat"]
    assert s["red"]["prestige"] == 2 and s["red"]["doubloons"] == 3 and s["green"]["doubloons"] == 3
    assert "red:prestige" in ft.ok("history").output


def test_card_effects_the_guided_loop_asks_each_sailor_in_turn(cli):
    """§ Card Effects, Revenge!: "All sailors lose 1 PP or discard 1 rum". In `castaway play` each sailor is
    asked in turn order what he hands in, castaway's suggestion on Enter."""
    for cmd in ("new mutinies -p Ann -p Bob -p Cid --opt order=red,blue,green --seed 3", "mutinies routes 0 0 0 0",
                "mutinies place red wreck", "mutinies place blue mutiny 1", "mutinies place green cabin",
                "mutinies plunder --faces 1,1", "mutinies cabin prestige", "mutinies mutiny"):
        cli.ok(*cmd.split())
    r = cli.ok("play", "--no-board", input="revenge\ny\n1\n\nquit\n")
    assert "What does Ann (red) hand in?" in r.stdout and "What does Cid (green) hand in?" in r.stdout
    s = json.loads(cli.ok("status", "--json").stdout)["state"]["seat"]
    assert (s["red"]["prestige"], s["red"]["rum"]) == (2, 1)  # Ann (red) chose prestige
    assert (s["green"]["prestige"], s["green"]["rum"]) == (4, 0)  # Cid (green): castaway's suggestion, his rum
