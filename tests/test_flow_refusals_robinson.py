"""Robinson Crusoe: every `castaway rc` procedure is refused out of its place in the round (exit 1, one
line, the database untouched). The command list comes from the Click tree (tests/flowrefusal.py)."""

from __future__ import annotations

import pytest

from tests.flowrefusal import case, check_coverage, run_case

NEW = "new robinson -p Ann -p Bob --opt characters=cook,explorer --seed 1"
PLANNING = (NEW, "robinson morale", "robinson produce")
RESOLVING = (*PLANNING, "robinson plan explore cook", "robinson plan done")
OVER = (NEW, "end --result abandoned")
WRONG = "not where the round stands"

CASES = {
    "robinson camp": case(NEW, refuse="robinson camp", match=WRONG),
    "robinson eat": case(*PLANNING, refuse="robinson eat", match=WRONG),
    "robinson event": case(NEW, refuse="robinson event book Fog 1", match=WRONG),
    "robinson morale": case(NEW, "robinson morale", refuse="robinson morale", match="now production/produce"),
    "robinson produce": case(NEW, refuse="robinson produce", match="now morale/morale"),
    "robinson plan": case(NEW, refuse="robinson plan rest cook", match=WRONG),
    "robinson plan #resolving": case(*RESOLVING, refuse="robinson plan rest explorer", match="now action/resolve"),
    "robinson resolve": case(*PLANNING, refuse="robinson resolve", match="now action/plan"),
    "robinson dice": case(*PLANNING, refuse="robinson dice --faces s,0,0", match="no dice are rolled now"),
    "robinson reroll": case(*RESOLVING, refuse="robinson reroll success", match="no dice are held now"),
    "robinson tile #draw": case(*PLANNING, refuse="robinson tile draw", match=WRONG),
    "robinson tile": case(*PLANNING, refuse="robinson tile 5 plains food", match=WRONG),
    "robinson tile #before-the-dice": case(*RESOLVING, refuse="robinson tile 5 plains food", match="now action/resolve"),
    "robinson weather": case(*PLANNING, refuse="robinson weather --faces r", match=WRONG),
    "robinson weather-dice": case(NEW, refuse="robinson weather-dice rain", match=WRONG),
    "robinson night-end": case(*PLANNING, refuse="robinson night-end", match=WRONG),
    "robinson phase": case(*OVER, refuse="robinson phase weather", match="game is over"),
    "robinson set": case(*OVER, refuse="robinson set first Bob", match="game is over"),
    "robinson effects": case(*OVER, refuse="robinson effects wood +1", match="game is over"),
    "robinson goal": case(*OVER, refuse="robinson goal", match="game is over"),
    "robinson use-item": case(NEW + " --opt items=Hammer,Bible", "end --result abandoned", refuse="robinson use-item hammer",
                        match="game is over"),
}
READS = {"robinson next": "what happens next: it only reads"}
@pytest.mark.parametrize("name", sorted(CASES))
def test_refused_out_of_place(name, tmp_path):
    run_case(CASES[name], tmp_path)


def test_every_command_has_a_case():
    check_coverage("robinson", CASES, READS)
