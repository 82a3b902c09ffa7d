"""21 Mutinies: every `castaway mutinies` procedure is refused out of its place in the round (exit 1, one
line, the database untouched). The command list comes from the Click tree (tests/flowrefusal.py)."""

from __future__ import annotations

import pytest

from tests.flowrefusal import case, check_coverage, run_case

NEW = "new mutinies -p Ann -p Bob -p Cid --opt order=red,blue,green --seed 3"
PRICED = (NEW, "mutinies routes 2d 1d1r 0 3d")
PLACING = (*PRICED, "mutinies place red wreck")
RESOLVING = (*PLACING, "mutinies place blue wreck", "mutinies place green cabin")
OVER = (NEW, "end --result abandoned")
RESOLVE = 'this is for "Resolving the actions"'

CASES = {
    "mutinies place": case(*PRICED, refuse="mutinies place blue cabin", match="Ann \\(red\\)'s turn"),
    "mutinies place #resolving": case(*RESOLVING, refuse="mutinies place red tavern", match='the game is at "Resolving the actions"'),
    "mutinies place #captain-to-the-cabin": case(*PRICED, refuse="mutinies place red cabin", match="for sailors"),
    "mutinies take": case(*PLACING, refuse="mutinies take", match=RESOLVE),
    "mutinies take #not-next": case(*RESOLVING, refuse="mutinies take", match="next thing to resolve is Plunder shipwrecks"),
    "mutinies raid": case(*PLACING, refuse="mutinies raid", match=RESOLVE),
    "mutinies plunder": case(*PLACING, refuse="mutinies plunder --faces 3,5", match=RESOLVE),
    "mutinies tavern": case(*RESOLVING, refuse="mutinies tavern --face 4", match="next thing to resolve is Plunder shipwrecks"),
    "mutinies trade": case(*PLACING, refuse="mutinies trade --rum 0 --payout 2,0", match=RESOLVE),
    "mutinies town": case(*RESOLVING, refuse="mutinies town", match="next thing to resolve is Plunder shipwrecks"),
    "mutinies cabin": case(*RESOLVING, refuse="mutinies cabin prestige", match="next thing to resolve is Plunder shipwrecks"),
    "mutinies mutiny": case(*PLACING, refuse="mutinies mutiny", match=RESOLVE),
    "mutinies card": case(*PRICED, refuse="mutinies card tempest", match='this is for "The new captain\'s card"'),
    "mutinies compulsory": case(*PRICED, refuse="mutinies compulsory --play", match='this is for "The new captain\'s card"'),
    "mutinies score": case(*PRICED, refuse="mutinies score", match='this is for "Final scoring"'),
    "mutinies play": case(*PRICED, refuse="mutinies play blue telescope", match="not Bob \\(blue\\)'s turn"),
    "mutinies treasure": case(*PRICED, "set green.treasure 1", refuse="mutinies treasure green prestige",
                              match="not Cid \\(green\\)'s turn"),
    "mutinies bonus-jewel": case(*PRICED, refuse="mutinies bonus-jewel red blue", match="no bonus jewel of Ann \\(red\\) waits"),
    "mutinies routes": case(*OVER, refuse="mutinies routes 1d 1d 1d 1d", match="game is over"),
    "mutinies set": case(*OVER, refuse="mutinies set round 3", match="game is over"),  # a correction: refused only once over
}
READS = {"mutinies next": "reads", "mutinies pad": "reads", "mutinies cards": "reads"}
@pytest.mark.parametrize("name", sorted(CASES))
def test_refused_out_of_place(name, tmp_path):
    run_case(CASES[name], tmp_path)


def test_every_command_has_a_case():
    check_coverage("mutinies", CASES, READS)
