"""Dieson Crusoe: every `castaway dieson` procedure is refused out of its place in the day (exit 1, one
line, the database untouched). The command list comes from the Click tree (tests/flowrefusal.py)."""

from __future__ import annotations

import pytest

from tests.flowrefusal import case, check_coverage, run_case

NEW = "new dieson --seed 1"
ROLLED = (NEW, "dieson roll --faces 2,4,5")
AFTERNOON = (*ROLLED, "dieson keep", "dieson event --take wood")
IN_HAND = (*AFTERNOON, "dieson pick 1")
OVER = (NEW, "end --result abandoned")
NOT_NOW = "is not now"

CASES = {
    "dieson roll": case(*ROLLED, refuse="dieson roll", match="rolling the action dice is not now"),
    "dieson reroll": case(NEW, refuse="dieson reroll 1", match=NOT_NOW),
    "dieson keep": case(NEW, refuse="dieson keep", match=NOT_NOW),
    "dieson event": case(NEW, refuse="dieson event --take wood", match=NOT_NOW),
    "dieson pick": case(*ROLLED, refuse="dieson pick 1",
                        match="is not now: it is the morning .reroll.; next: castaway dieson event$"),
    "dieson pick #die-in-hand": case(*IN_HAND, refuse="dieson pick 1", match="finish the die in hand first; next: castaway dieson do WHAT"),
    "dieson shift": case(*AFTERNOON, refuse="dieson shift +1 --pay wood", match="needs a die in hand: pick one first; next: castaway dieson pick DIE"),
    "dieson boost": case(*ROLLED, refuse="dieson boost 1 --pay food", match=NOT_NOW),
    "dieson do": case(*AFTERNOON, refuse="dieson do action", match="needs a die in hand"),
    "dieson swap": case(*ROLLED, "set stone 1", refuse="dieson swap 1",
                        match=NOT_NOW + ".*; next: castaway dieson event or castaway dieson reroll POSITIONS"),
    "dieson help": case(NEW, "set friend 2", refuse="dieson help die weather", match=NOT_NOW),
    "dieson dusk": case(*AFTERNOON, refuse="dieson dusk", match=NOT_NOW),
    "dieson eat": case(*AFTERNOON, refuse="dieson eat", match=NOT_NOW + ".*; next: castaway dieson pick DIE"),
    "dieson night": case(*AFTERNOON, refuse="dieson night", match=NOT_NOW),
    "dieson leather": case(*OVER, refuse="dieson leather 1", match="game is over"),
    "dieson set": case(*OVER, refuse="dieson set tools rope", match="game is over"),
}
READS = {"dieson next": "reads", "dieson tables": "reads"}
@pytest.mark.parametrize("name", sorted(CASES))
def test_refused_out_of_place(name, tmp_path):
    run_case(CASES[name], tmp_path)


def test_every_command_has_a_case():
    check_coverage("dieson", CASES, READS)
