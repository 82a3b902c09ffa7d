"""21 Days: every procedure command is refused out of its place in the day (issue 13).

The commands come from the Click tree (the `castaway 21days` group): a new command without a case here
fails `test_every_21days_command_has_a_refusal_case`. Each case prepares a table through the CLI, then the
command must exit 1 with one line and leave the database byte for byte as it was (tests/flowrefusal.py).
"""

from __future__ import annotations

import pytest

from tests.flowrefusal import case, check_coverage, prepared, run_case

NEW = ("new 21days -p Ann -p Bob --seed 5 --survivor rosina --survivor tomi --survivor magnusson "
       "--survivor pjotr --strength red=4/3 --strength yellow=3/5 --strength blue=5/2 --strength green=2/4")
SETUP = (NEW,)                                   # the table is not set up yet
MORNING = (NEW, "21days setup-done", "21days shark-phase")     # day 1, the morning's symbols are asked
PLACING = MORNING + ("21days logbook morning", "21days logbook midday places")  # red places first
ATTACK = (NEW, "21days setup-done", "set shark 2", "21days shark-phase", "21days logbook morning", "21days logbook midday places",
          "21days place red none", "21days place yellow none", "21days place blue none", "21days place green none", "21days activate",
          "21days logbook evening")                     # the shark card shows 1: the attack is due

CASES = {
    # the morning: no location, attack, card or ability step is due
    "21days setup-done": case(*MORNING, refuse="21days setup-done", match="not the step now.*shark|morning"),
    "21days shark-phase": case(*MORNING, refuse="21days shark-phase", match="next: castaway 21days logbook"),
    "21days logbook": case(*MORNING, refuse="21days logbook evening", match="evening.* is not the step now: the day is at Morning"),
    "21days symbol": case(*MORNING, refuse="21days symbol two-hope --to red", match="next: castaway 21days logbook"),
    "21days colour-token": case(*MORNING, refuse="21days colour-token red", match="not the step now"),
    "21days jellyfish": case(*MORNING, refuse="21days jellyfish --who red --card swarm-a --faces 2,3,1,3", match="not the step now"),
    "21days dive": case(*MORNING, refuse="21days dive --who red", match="not the step now"),
    "21days shark-bite": case(*MORNING, refuse="21days shark-bite 6 --face 4", match="not the step now"),
    "21days plank": case(*MORNING, refuse="21days plank --face 3", match="not the step now"),
    "21days disaster": case(*MORNING, refuse="21days disaster", match="not the step now"),
    "21days paranoia": case(*MORNING, refuse="21days paranoia --who blue --face 4 --pay 0", match="not the step now"),
    "21days steal-die": case(*MORNING, refuse="21days steal-die --who red", match="not the step now"),
    "21days place": case(*MORNING, refuse="21days place red flare", match="not the step now"),
    "21days place #wrong-seat": case(*PLACING, refuse="21days place blue flare", match="red's turn"),
    "21days place #full": case(*PLACING, "21days place red flare", "21days place yellow flare", "21days place blue flare",
                        refuse="21days place green flare", match="full"),
    "21days activate": case(*PLACING, refuse="21days activate", match="next: castaway 21days place red LOCATION"),
    "21days octopus": case(*MORNING, refuse="21days octopus --face tentacle", match="not the step now"),
    "21days professor": case(*MORNING, refuse="21days professor --face blank", match="not the step now"),
    "21days tentacle": case(*MORNING, refuse="21days tentacle --white 5 --defence 6", match="not the step now"),
    "21days pjotr": case(*MORNING, refuse="21days pjotr", match="no shark or octopus wound"),
    "21days flare": case(*MORNING, refuse="21days flare --seats red --faces 6", match="not the step now"),
    "21days horvath": case(*MORNING, refuse="21days horvath --face 6", match="not the step now"),
    "21days bottle": case(*MORNING, refuse="21days bottle receive --seat red --face 4", match="not the step now"),
    "21days play-card": case(*MORNING, refuse="21days play-card red", match="not the step now"),
    "21days swap": case(*MORNING, refuse="21days swap --faces 5", match="not the step now"),
    "21days hope-roll": case(*MORNING, refuse="21days hope-roll --seats red,blue --faces 6,6 --to green,green", match="not the step now"),
    "21days fish": case(*MORNING, refuse="21days fish --seat yellow --faces 6", match="not the step now"),
    "21days plank-spot": case(*MORNING, refuse="21days plank-spot --face 6", match="not the step now"),
    "21days kid": case(*MORNING, refuse="21days kid --face 5 --choice strength", match="not the step now"),
    "21days plant": case(*MORNING, refuse="21days plant", match="not the step now"),
    "21days ability": case(*MORNING, refuse="21days ability tomi --to red", match="not the step now"),
    "21days ability #setup": case(*SETUP, refuse="21days ability maya --to red", match="not set up"),
    "21days flip-token": case(*SETUP, refuse="21days flip-token red --to blue", match="not set up"),
    "21days special-hope": case(*SETUP, refuse="21days special-hope red plusminus1-a", match="not set up"),
    "21days dolphin": case(*SETUP, refuse="21days dolphin red --face 1", match="not set up"),
    "21days scruffs": case(*MORNING, refuse="21days scruffs --card shark-reset --needs 5,6 --face 6", match="not the step now"),
    "21days scruffs-use": case(*SETUP, refuse="21days scruffs-use", match="not set up"),
    "21days day21": case(*MORNING, refuse="21days day21 flare --seat red --face 6", match="day 21: flare by red .* is not the step now"),
    "21days end-day": case(*MORNING, refuse="21days end-day", match="not the step now"),
    "21days end-day #attack": case(*ATTACK, refuse="21days end-day", match="next: castaway 21days shark-attack"),
    "21days shark-attack": case(*MORNING, refuse="21days shark-attack --faces 2/5", match="not the step now"),
    "21days weather": case(*MORNING, refuse="21days weather --face cloud", match="not the step now"),
    "21days setup-swap": case(*MORNING, refuse="21days setup-swap dolphin", match="not the step now"),
}
READS = {"21days symbols": "21days symbols"}
OWN_GAME = {"21days demo": "a tour on a game it sets up itself: it reads no table and refuses nothing",
            "21days fix": "a correction: accepted at any point of the day (tests/test_21days_corrections.py)"}


@pytest.mark.parametrize("name", sorted(CASES))
def test_refused_out_of_place(name, tmp_path):
    run_case(CASES[name], tmp_path)


def test_every_21days_command_has_a_refusal_case():
    check_coverage("21days", CASES, {**READS, **OWN_GAME})


def test_reads_write_nothing(tmp_path):
    ft = prepared(MORNING, tmp_path)
    for words in READS.values():
        ft.reads(words)


def test_the_same_commands_pass_in_their_place(tmp_path):
    """The refusals are about the place, not the command: at its step each goes through."""
    ft = prepared(ATTACK, tmp_path)
    ft.refused("21days end-day")
    ft.ok("21days shark-attack --faces 2/5,3/4,1/1,6/2 --tokens red,red,red,red")
    ft.ok("21days end-day")
    ft.ok("21days shark-phase")
    ft.refused("21days shark-phase")
