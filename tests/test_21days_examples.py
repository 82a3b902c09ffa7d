"""The rulebooks' worked examples, each driven through the CLI with the example's dice, at the step of the
day where the rules put them (every procedure command checks its place in the day)."""

from __future__ import annotations

import json


def new(cli, *extra):
    return cli.ok("new", "21days", "--seed", "7", "--survivor", "pfennig", "--survivor", "tomi",
                  "--survivor", "maya", "--survivor", "mechanic", "--keep-strength", *extra)


def state(cli):
    return json.loads(cli.ok("status", "--json").stdout)["state"]


def strengths(s):
    return {seat: v["strength"] for seat, v in s["seat"].items()}


def head(cli):
    q = state(cli)["flow"]["queue"]
    return q[0] if q else {}


def morning(cli, *symbols, shark=None):
    """Day 1 up to the morning's symbols (the shark card set first when `shark` is given)."""
    cli.ok("21days", "setup-done")
    if shark is not None:
        cli.ok("set", "shark", str(shark))
    cli.ok("21days", "shark-phase")
    cli.ok("21days", "logbook", "morning", *symbols)


def midday(cli, places=None, *symbols, until=None):
    """Midday: each survivor places in turn (`places`: seat → location, others none) and the locations are
    activated; `until` stops before that seat places."""
    cli.ok("21days", "logbook", "midday", *(symbols or ("places",)))
    places = places or {}
    while head(cli).get("do") == "place":
        seat = head(cli)["seat"]
        if seat == until:
            return
        cli.ok("21days", "place", seat, places.get(seat, "none"))
    cli.ok("21days", "activate")


def attack_due(cli):
    """Day 1 with the shark card at 1: the attack is the next step."""
    morning(cli, shark=2)
    midday(cli)
    cli.ok("21days", "logbook", "evening")


def next_day(cli):
    """The rest of today (nothing in the evening), then the next day's shark phase."""
    cli.ok("21days", "logbook", "evening")
    cli.ok("21days", "end-day")
    cli.ok("21days", "shark-phase")


def test_english_shark_attack_example(cli):
    """21-days-rulebook-en.txt § EXAMPLE SHARK ATTACK: shark 2 bites with 5; strength 1-4 loses 1, 5-6 is safe."""
    new(cli, "--strength", "red=4/6", "--strength", "yellow=5/2", "--strength", "blue=3/3", "--strength", "green=2/2")
    s = state(cli)
    assert s["d21"]["raft"]["1"] == "red"  # fin 2 points at raft spot 1 (assumed board drawing)
    attack_due(cli)
    r = cli.ok("21days", "shark-attack", "--faces", "2/5")
    assert "wounded" in r.stdout
    assert state(cli)["seat"]["red"]["strength"] == [3, 6]
    # the same bite against strength 5 does nothing
    cli.ok("set", "red.strength", "5,6")
    cli.ok("21days", "shark-attack", "--faces", "2/5")
    assert state(cli)["seat"]["red"]["strength"] == [5, 6]


def test_shark_attack_four_bites_then_reset(cli):
    """§ Shark Attack: four bites in one attack, then the card goes back to 5 and stays there the next day."""
    new(cli, "--strength", "red=4/6,yellow=5/2; blue=3,3", "--strength", "green=2/2")  # several seats by commas, or one each
    attack_due(cli)
    cli.ok("21days", "shark-attack", "--faces", "2/5,3/4,1/1,6/2")
    s = state(cli)
    # 2/5: red (4) hit; 3/4: spot 2 yellow (5) safe; 1/1: red (3) safe; 6/2: spot 4 green (2) safe
    assert strengths(s)["red"] == [3, 6]
    assert strengths(s)["yellow"] == [5, 2] and strengths(s)["green"] == [2, 2] and strengths(s)["blue"] == [3, 3]
    assert s["tracks"]["shark"] == 5 and s["d21"]["just_attacked"] is True
    cli.ok("21days", "end-day")
    cli.ok("21days", "shark-phase")
    assert state(cli)["tracks"]["shark"] == 5  # the day after an attack the card stays
    cli.ok("21days", "logbook", "morning")
    midday(cli)
    next_day(cli)
    assert state(cli)["tracks"]["shark"] == 4


def test_shark_bite_on_an_empty_spot_asks_the_colour_tokens(cli):
    """§ Shark Attack: a shark at an empty spot; the colour tokens pick the victim."""
    new(cli, "--strength", "red=1/1", "--strength", "yellow=5/2", "--strength", "blue=3/3", "--strength", "green=2/2")
    cli.ok("set", "red.strength", "dead")
    attack_due(cli)
    cli.ok("21days", "shark-attack", "--faces", "1/6", "--tokens", "blue")
    assert state(cli)["seat"]["blue"]["strength"] == [2, 3]


def test_english_octopus_attack_example(cli):
    """21-days-rulebook-en.txt § EXAMPLE OCTOPUS ATTACK: red 3, blue 1, green 5, yellow 3; three tentacles left."""
    new(cli, "--strength", "red=3/4", "--strength", "blue=1/4", "--strength", "green=5/4", "--strength", "yellow=3/4")
    cli.ok("set", "tentacles", "3")
    morning(cli)
    midday(cli, {}, "octopus")  # the starting player's (red's) die goes on the Octopus location
    assert head(cli)["do"] == "octopus"
    cli.ok("21days", "octopus", "--face", "tentacle")
    r = cli.ok("21days", "tentacle", "--white", "5", "--defence", "6")
    assert "cuts the tentacle" in r.stdout
    assert state(cli)["counters"]["tentacles"] == 2
    r = cli.ok("21days", "tentacle", "--white", "1", "--defence", "1")
    assert "slips free" in r.stdout
    r = cli.ok("21days", "tentacle", "--white", "3", "--token", "yellow", "--defence", "2")
    s = state(cli)
    assert s["seat"]["yellow"]["strength"] == [2, 4]
    assert s["seat"]["red"]["strength"] == [3, 4]
    assert s["counters"]["tentacles"] == 2
    assert "fight" not in s["flow"]  # three attempts, then the fight is over
    assert "fight is over" in r.stdout


def test_octopus_without_tentacles_does_not_attack(cli):
    """§ Octopus Attack: no tentacles left means no attack: the octopus symbol is ignored, red places as usual."""
    new(cli)
    cli.ok("set", "tentacles", "0")
    morning(cli)
    midday(cli, {}, "octopus", until="red")
    assert head(cli) == {"do": "place", "seat": "red"}
    r = cli("21days", "octopus", "--face", "tentacle")
    assert r.exit_code == 1 and "no tentacles left" in r.stderr and "ignored" in r.stderr  # the rule, said (issue 26)
    assert "fight" not in state(cli)["flow"]


def test_english_jellyfish_swarm_example(cli):
    """21-days-rulebook-en.txt § EXAMPLE JELLYFISH SWARM: >1, >2, <3, <4; each miss costs 1 visible strength;
    a spent top die is removed for good."""
    new(cli, "--strength", "red=2/6", "--strength", "blue=3/3", "--strength", "green=5/4", "--strength", "yellow=3/4")
    morning(cli, "jellyfish", "jellyfish", "jellyfish")
    cli.ok("21days", "jellyfish", "--who", "red", "--card", "swarm-a", "--faces", "2,3,1,3")
    assert state(cli)["seat"]["red"]["strength"] == [2, 6]  # all four passed
    cli.ok("21days", "jellyfish", "--who", "red", "--card", "swarm-a", "--faces", "1,2,3,4")
    assert state(cli)["seat"]["red"]["strength"] == [4]  # 2→1→removed, 6→5→4
    # a card no rulebook shows: its challenges typed in
    cli.ok("21days", "jellyfish", "--who", "blue", "--card", ">2,<5,>3,<4", "--faces", "3,4,4,3")
    assert state(cli)["seat"]["blue"]["strength"] == [3, 3]


def test_czech_fishing_example(cli):
    """21-dni-pravidla-cs.txt § Lokalita rybolov, PŘÍKLAD ROZDĚLENÍ RYB: red 5, blue 2, green 6, yellow 3; yellow
    rolls 6; everyone gains 1 (green stays at 6), the extra fish goes to blue: red 6, blue 4, green 6, yellow 4."""
    new(cli, "--strength", "red=5/1", "--strength", "blue=2/1", "--strength", "green=6/1", "--strength", "yellow=3/1")
    morning(cli)
    midday(cli, {"yellow": "fishing"})
    cli.ok("21days", "fish", "--seat", "yellow", "--faces", "6", "--to", "red,blue,green,yellow,blue")
    s = state(cli)
    assert {k: v[0] for k, v in strengths(s).items()} == {"red": 6, "blue": 4, "green": 6, "yellow": 4}


def test_czech_fishing_example_default_share(cli):
    """The same catch shared by castaway's default (weakest first) gives the example's result."""
    new(cli, "--strength", "red=5/1", "--strength", "blue=2/1", "--strength", "green=6/1", "--strength", "yellow=3/1")
    morning(cli)
    midday(cli, {"yellow": "fishing"})
    cli.ok("21days", "fish", "--seat", "yellow", "--faces", "6")
    s = state(cli)
    assert {k: v[0] for k, v in strengths(s).items()} == {"red": 6, "blue": 4, "green": 6, "yellow": 4}


def test_fishing_at_most_two_each(cli):
    """§ Lokalita rybolov: at most 2 fish for one survivor."""
    new(cli)
    morning(cli)
    midday(cli, {"red": "fishing"})
    r = cli("21days", "fish", "--seat", "red", "--faces", "4", "--to", "red,red,red,blue")
    assert r.exit_code == 1 and "at most 2" in r.stderr
    r = cli("21days", "fish", "--seat", "red", "--faces", "4", "--to", "red,blue")  # four fish: none thrown back
    assert r.exit_code == 1 and "catches 4 fish; 2 given out" in r.stderr


def test_flare_three_dice_and_a_one(cli):
    """§ Flare location: a 6 moves the ship right; with three dice any 1 moves it back."""
    new(cli)
    ship = state(cli)["tracks"]["ship"]
    morning(cli)
    midday(cli, {"red": "flare", "yellow": "flare", "blue": "flare"})
    cli.ok("21days", "flare", "--seats", "red,yellow,blue", "--faces", "6,1,3")
    assert state(cli)["tracks"]["ship"] == ship  # +1 -1
    next_day(cli)
    cli.ok("21days", "logbook", "morning")
    midday(cli, {"red": "flare", "yellow": "flare"})
    cli.ok("21days", "flare", "--seats", "red,yellow", "--faces", "6,1")
    assert state(cli)["tracks"]["ship"] == ship + 1


def test_ship_stops_at_the_anchor_before_day_21(cli):
    """§ Flare location: the buoy only on day 21; reaching the anchor gives a hope per flare die."""
    new(cli)
    cli.ok("set", "ship", "8")
    r = cli.ok("set", "ship", "10")  # the table's word is kept: a correction the rules could not reach warns
    assert "only on day 21" in r.stderr
    cli.ok("undo")
    morning(cli)
    midday(cli, {"red": "flare", "yellow": "flare"})
    before = state(cli)
    cli.ok("21days", "flare", "--seats", "red,yellow", "--faces", "6,6")
    s = state(cli)
    assert s["tracks"]["ship"] == 9  # the anchor, not the buoy
    held = sum(v["hope"] for v in s["seat"].values()) - sum(v["hope"] for v in before["seat"].values())
    assert held == 2


def test_hope_location_three_dice_and_a_one(cli):
    """21-dni-pravidla-cs.txt § Lokalita Naděje: 1+5+6 = 12 → 4 tokens; the 1 costs its roller a token."""
    new(cli)
    morning(cli)
    midday(cli, {"red": "hope", "yellow": "hope", "blue": "hope"})
    red = state(cli)["seat"]["red"]["hope"]  # (Herr Pfennig took one more in the shark phase)
    cli.ok("21days", "hope-roll", "--seats", "red,blue,yellow", "--faces", "1,5,6", "--to", "red,blue,red,yellow")
    s = state(cli)
    assert s["seat"]["red"]["hope"] == red - 1 + 2
    assert s["seat"]["blue"]["hope"] == 2 and s["seat"]["yellow"]["hope"] == 2


def test_plank_loss_sides(cli):
    """21-dni-pravidla-cs.txt § Ztráta prkna: even by the flares, odd by the bottle; a survivor with no place drowns."""
    new(cli)
    morning(cli, "plank", "plank", "plank", "plank")
    cli.ok("21days", "plank", "--face", "4")
    s = state(cli)
    assert s["counters"]["planks"] == 5 and "flare-1" not in s["d21"]["planks"] and not s["dead"]
    cli.ok("21days", "plank", "--face", "2")  # the next plank by the flares carries spot 1 (assumed drawing)
    s = state(cli)
    assert s["seat"]["red"]["strength"] == [] and "red" in s["dead"]  # no free spot: red drowns
    cli.ok("21days", "plank", "--face", "3")
    cli.ok("21days", "plank", "--face", "5")  # bottle-2 carries spot 4; red's spot is gone too: green drowns
    s = state(cli)
    assert s["counters"]["planks"] == 2 and "green" in s["dead"]


def test_a_survivor_moves_to_a_free_spot(cli):
    """A lost plank's survivor takes a dead survivor's spot if one is left on the raft."""
    new(cli)
    cli.ok("set", "blue.strength", "dead")
    morning(cli, "plank", "plank")
    cli.ok("21days", "plank", "--face", "4")
    cli.ok("21days", "plank", "--face", "6")
    s = state(cli)
    assert "red" not in s["dead"] and s["d21"]["raft"]["3"] == "red"


def test_paranoia_paid_with_own_hope(cli):
    """§ PARANOIA STRIKES: the die says the loss; the victim may pay their own hope, 1 per point."""
    new(cli, "--strength", "red=5/5")
    morning(cli, "paranoia", "paranoia")
    cli.ok("set", "red.hope", "3")
    cli.ok("21days", "paranoia", "--who", "red", "--face", "4", "--pay", "3")
    s = state(cli)
    assert s["seat"]["red"]["hope"] == 0 and s["seat"]["red"]["strength"] == [4, 5]
    r = cli("21days", "paranoia", "--who", "red", "--face", "2", "--pay", "1")
    assert r.exit_code == 1 and "only their own hope" in r.stderr


def test_bottle_receive_then_play_four_hope(cli):
    """§ Bottle location: 2/4/6 receives, 1/3/5 plays; Karty láhve: four hope for the player."""
    new(cli)
    morning(cli)
    midday(cli, {"yellow": "receive"})
    cli.ok("21days", "bottle", "receive", "--seat", "yellow", "--face", "4", "--card", "four-hope")
    assert state(cli)["decks"]["bottle"]["held"]["yellow"] == ["four-hope"]
    next_day(cli)
    cli.ok("21days", "logbook", "morning")
    midday(cli, {}, until="yellow")
    r = cli("21days", "place", "yellow", "receive")  # one bottle card per survivor: only playing frees the hand
    assert r.exit_code == 1 and "receive" not in r.stderr.split("open to")[1]
    cli.ok("21days", "place", "yellow", "play")
    while head(cli).get("do") == "place":
        cli.ok("21days", "place", head(cli)["seat"], "none")
    cli.ok("21days", "activate")
    cli.ok("21days", "bottle", "play", "--seat", "yellow", "--face", "3")
    cli.ok("21days", "play-card", "yellow")
    s = state(cli)
    assert s["seat"]["yellow"]["hope"] == 5 and "four-hope" in s["decks"]["bottle"]["out"]


def test_disaster_averted_or_suffered(cli):
    """21-dni-pravidla-cs.txt § Karty katastrof: pay the hope shown to avert; exhaustion skips a page."""
    new(cli)
    morning(cli, "disaster", "disaster")
    cli.ok("set", "red.hope", "1")  # (Herr Pfennig took one more in the shark phase)
    cli.ok("21days", "disaster", "--card", "exhaustion", "--avert", "red=1,blue=1")
    s = state(cli)
    assert s["seat"]["red"]["hope"] == 0 and s["d21"]["skip_pages"] == 0
    cli.ok("21days", "disaster", "--card", "octopus-grab")
    s = state(cli)
    assert s["counters"]["planks"] == 5 or s["dead"]


def test_disaster_octopus_grab_with_the_tables_token_and_die(cli):
    """21-dni-pravidla-cs.txt § Karty katastrof, example card 2: the octopus takes a die, then a plank goes."""
    new(cli, "--strength", "red=2/6")
    morning(cli, "disaster")
    cli.ok("21days", "disaster", "--card", "octopus-grab", "--token", "red", "--face", "4")
    s = state(cli)
    assert s["seat"]["red"]["strength"] == [6] and s["counters"]["planks"] == 5
    assert "octopus-grab" in s["decks"]["disaster"]["discard"]


def test_guided_jellyfish_card_no_rulebook_shows(cli):
    """A jellyfish card the rulebooks do not show: castaway records the draw, then asks for its challenges."""
    new(cli, "--strength", "red=4/4", "--strength", "yellow=4/4", "--strength", "blue=4/4", "--strength", "green=4/4")
    answers = ["draw", "y", "jellyfish", "red", "swarm-b", ">1,>2,<3,<4", "1,3,1,3", ""]  # the swap token: castaway's; Enter: the dice shown count
    r = cli.ok("play", "--no-board", input="\n".join(answers) + "\n")
    assert "read its four challenges" in r.stdout
    s = state(cli)
    assert s["seat"]["red"]["strength"] == [3, 4]  # the first roll (1) missed >1
    assert s["flow"]["queue"][0]["do"] == "midday"
