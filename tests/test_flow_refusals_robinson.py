"""Robinson Crusoe: every `castaway rc` procedure is refused out of its place in the round (exit 1, one
line, the database untouched). The command list comes from the Click tree (tests/flowrefusal.py)."""

from __future__ import annotations

import pytest

from tests.flowrefusal import case, check_coverage, run_case

NEW = "new robinson -p Ann -p Bob --opt characters=cook,explorer --seed 1"
PLANNING = (NEW, "rc morale", "rc produce")
RESOLVING = (*PLANNING, "rc plan explore cook", "rc plan done")
OVER = (NEW, "end --result abandoned")
WRONG = "not where the round stands"

CASES = {
    "rc camp": case(NEW, refuse="robinson camp", match=WRONG),
    "rc eat": case(*PLANNING, refuse="robinson eat", match=WRONG),
    "rc event": case(NEW, refuse="robinson event book Fog 1", match=WRONG),
    "rc morale": case(NEW, "rc morale", refuse="robinson morale", match="now production/produce"),
    "rc produce": case(NEW, refuse="robinson produce", match="now morale/morale"),
    "rc plan": case(NEW, refuse="robinson plan rest cook", match=WRONG),
    "rc plan #resolving": case(*RESOLVING, refuse="robinson plan rest explorer", match="now action/resolve"),
    "rc resolve": case(*PLANNING, refuse="robinson resolve", match="now action/plan"),
    "rc tile": case(*PLANNING, refuse="robinson tile 5 plains food", match=WRONG),
    "rc tile #before-the-dice": case(*RESOLVING, refuse="robinson tile 5 plains food", match="now action/resolve"),
    "rc weather": case(*PLANNING, refuse="robinson weather --faces r", match=WRONG),
    "rc weather-dice": case(NEW, refuse="robinson weather-dice rain", match=WRONG),
    "rc night-end": case(*PLANNING, refuse="robinson night-end", match=WRONG),
    "rc phase": case(NEW, refuse="robinson phase event", match="first round has no Event phase"),
    "rc effects": case(*OVER, refuse="robinson effects wood +1", match="game is over"),
    "rc goal": case(*OVER, refuse="robinson goal", match="game is over"),
    "rc use-item": case(NEW + " --opt items=Hammer,Bible", "end --result abandoned", refuse="robinson use-item hammer",
                        match="game is over"),
}
READS = {"rc next": "what happens next: it only reads"}
CORRECTIONS = {
    "set phase": case(NEW, refuse="set phase weather", match="rc phase weather"),
    "next": case(NEW, refuse="next", match="night-end"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_refused_out_of_place(name, tmp_path):
    run_case(CASES[name], tmp_path)


@pytest.mark.parametrize("name", sorted(CORRECTIONS))
def test_corrections_that_would_break_the_round_are_refused(name, tmp_path):
    run_case(CORRECTIONS[name], tmp_path)


def test_every_command_has_a_case():
    check_coverage("robinson", CASES, READS)
