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
    "rc camp": case(NEW, refuse="rc camp", match=WRONG),
    "rc eat": case(*PLANNING, refuse="rc eat", match=WRONG),
    "rc event": case(NEW, refuse="rc event book Fog 1", match=WRONG),
    "rc morale": case(NEW, "rc morale", refuse="rc morale", match="now production/produce"),
    "rc produce": case(NEW, refuse="rc produce", match="now morale/morale"),
    "rc plan": case(NEW, refuse="rc plan rest cook", match=WRONG),
    "rc plan #resolving": case(*RESOLVING, refuse="rc plan rest explorer", match="now action/resolve"),
    "rc resolve": case(*PLANNING, refuse="rc resolve", match="now action/plan"),
    "rc tile": case(*PLANNING, refuse="rc tile 5 plains food", match=WRONG),
    "rc tile #before-the-dice": case(*RESOLVING, refuse="rc tile 5 plains food", match="now action/resolve"),
    "rc weather": case(*PLANNING, refuse="rc weather --faces r", match=WRONG),
    "rc weather-dice": case(NEW, refuse="rc weather-dice rain", match=WRONG),
    "rc night-end": case(*PLANNING, refuse="rc night-end", match=WRONG),
    "rc phase": case(NEW, refuse="rc phase event", match="first round has no Event phase"),
    "rc effects": case(*OVER, refuse="rc effects wood +1", match="game is over"),
    "rc goal": case(*OVER, refuse="rc goal", match="game is over"),
    "rc use-item": case(NEW + " --opt items=Hammer,Bible", "end --result abandoned", refuse="rc use-item hammer",
                        match="game is over"),
}
READS = {"rc next": "what happens next: it only reads"}
CORRECTIONS = {
    "set phase": case(NEW, refuse="set phase weather", match="robinson phase weather"),
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
