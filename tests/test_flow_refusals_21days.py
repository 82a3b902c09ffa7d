"""21 Days: every procedure command is refused out of its place in the day (issue 13).

The commands come from the Click tree (the "21 Days procedures" panel): a new command without a case here
fails `test_every_21days_command_has_a_refusal_case`. Each case prepares a table through the CLI, then the
command must exit 1 with one line and leave the database byte for byte as it was (tests/flowrefusal.py).
"""

from __future__ import annotations

import pytest

from tests.flowrefusal import case, check_coverage, prepared, run_case

NEW = ("new 21days -p Ann -p Bob --seed 5 --survivor rosina --survivor tomi --survivor magnusson "
       "--survivor pjotr --strength red=4/3 --strength yellow=3/5 --strength blue=5/2 --strength green=2/4")
SETUP = (NEW,)                                   # the table is not set up yet
MORNING = (NEW, "setup-done", "shark-phase")     # day 1, the morning's symbols are asked
PLACING = MORNING + ("logbook morning", "logbook midday places")  # red places first
ATTACK = (NEW, "setup-done", "set shark 2", "shark-phase", "logbook morning", "logbook midday places",
          "place red none", "place yellow none", "place blue none", "place green none", "activate",
          "logbook evening")                     # the shark card shows 1: the attack is due

CASES = {
    # the morning: no location, attack, card or ability step is due
    "setup-done": case(*MORNING, refuse="setup-done", match="not the step now.*shark|morning"),
    "shark-phase": case(*MORNING, refuse="shark-phase", match="next: castaway 21days logbook"),
    "logbook": case(*MORNING, refuse="logbook evening", match="evening.* is not the step now: the day is at Morning"),
    "symbol": case(*MORNING, refuse="symbol two-hope --to red", match="next: castaway 21days logbook"),
    "colour-token": case(*MORNING, refuse="colour-token red", match="not the step now"),
    "jellyfish": case(*MORNING, refuse="jellyfish --who red --card swarm-a --faces 2,3,1,3", match="not the step now"),
    "dive": case(*MORNING, refuse="dive --who red", match="not the step now"),
    "shark-bite": case(*MORNING, refuse="shark-bite 6 --face 4", match="not the step now"),
    "plank": case(*MORNING, refuse="plank --face 3", match="not the step now"),
    "disaster": case(*MORNING, refuse="disaster", match="not the step now"),
    "paranoia": case(*MORNING, refuse="paranoia --who blue --face 4 --pay 0", match="not the step now"),
    "steal-die": case(*MORNING, refuse="steal-die --who red", match="not the step now"),
    "place": case(*MORNING, refuse="place red flare", match="not the step now"),
    "place #wrong-seat": case(*PLACING, refuse="place blue flare", match="red's turn"),
    "place #full": case(*PLACING, "place red flare", "place yellow flare", "place blue flare",
                        refuse="place green flare", match="full"),
    "activate": case(*PLACING, refuse="activate", match="next: castaway 21days place red LOCATION"),
    "octopus": case(*MORNING, refuse="octopus --face tentacle", match="not the step now"),
    "professor": case(*MORNING, refuse="professor --face blank", match="not the step now"),
    "tentacle": case(*MORNING, refuse="tentacle --white 5 --defence 6", match="not the step now"),
    "pjotr": case(*MORNING, refuse="pjotr", match="no shark or octopus wound"),
    "flare": case(*MORNING, refuse="flare --seats red --faces 6", match="not the step now"),
    "horvath": case(*MORNING, refuse="horvath --face 6", match="not the step now"),
    "bottle": case(*MORNING, refuse="bottle receive --seat red --face 4", match="not the step now"),
    "play-card": case(*MORNING, refuse="play-card red", match="not the step now"),
    "swap": case(*MORNING, refuse="swap --faces 5", match="not the step now"),
    "hope-roll": case(*MORNING, refuse="hope-roll --seats red,blue --faces 6,6 --to green,green", match="not the step now"),
    "fish": case(*MORNING, refuse="fish --seat yellow --faces 6", match="not the step now"),
    "plank-spot": case(*MORNING, refuse="plank-spot --face 6", match="not the step now"),
    "kid": case(*MORNING, refuse="kid --face 5 --choice strength", match="not the step now"),
    "plant": case(*MORNING, refuse="plant", match="not the step now"),
    "ability": case(*MORNING, refuse="ability tomi --to red", match="not the step now"),
    "ability #setup": case(*SETUP, refuse="ability maya --to red", match="not set up"),
    "flip-token": case(*SETUP, refuse="flip-token red --to blue", match="not set up"),
    "special-hope": case(*SETUP, refuse="special-hope red plusminus1-a", match="not set up"),
    "dolphin": case(*SETUP, refuse="dolphin red --face 1", match="not set up"),
    "scruffs": case(*MORNING, refuse="scruffs --card shark-reset --needs 5,6 --face 6", match="not the step now"),
    "scruffs-use": case(*SETUP, refuse="scruffs-use", match="not set up"),
    "day21": case(*MORNING, refuse="day21 flare --seat red --face 6", match="day 21: flare by red .* is not the step now"),
    "end-day": case(*MORNING, refuse="end-day", match="not the step now"),
    "end-day #attack": case(*ATTACK, refuse="end-day", match="next: castaway 21days shark-attack"),
    "shark-attack": case(*MORNING, refuse="shark-attack --faces 2/5", match="not the step now"),
    "weather": case(*MORNING, refuse="weather --face cloud", match="not the step now"),
}
READS = {"symbols": "symbols"}


@pytest.mark.parametrize("name", sorted(CASES))
def test_refused_out_of_place(name, tmp_path):
    run_case(CASES[name], tmp_path)


def test_every_21days_command_has_a_refusal_case():
    check_coverage("21days", CASES, READS)


def test_reads_write_nothing(tmp_path):
    ft = prepared(MORNING, tmp_path)
    for words in READS.values():
        ft.reads(words)


def test_the_same_commands_pass_in_their_place(tmp_path):
    """The refusals are about the place, not the command: at its step each goes through."""
    ft = prepared(ATTACK, tmp_path)
    ft.refused("end-day")
    ft.ok("shark-attack --faces 2/5,3/4,1/1,6/2 --tokens red,red,red,red")
    ft.ok("end-day")
    ft.ok("shark-phase")
    ft.refused("shark-phase")
