"""Sticker sizes per die (issue 27): each die's default follows its rulebook size, or a size the game's data
marks assumed (listed by `castaway rules assumptions`); --sticker sets them per die id or die size; errors
quote the input and give the accepted range."""

from __future__ import annotations

import pytest

from companion import catalog
from companion.errors import UsageError
from printables import dice
from tests.print_helpers import open_pdf


def sticker(text, die_id, game="21days"):
    cat = catalog.load(game)
    return dice.sticker_for(cat.die(die_id), dice.Options(sticker=dice.parse_sticker(text)), cat)


def test_21_days_small_dice_default_to_small_stickers():
    # 21-days-rulebook-en.txt § First Time Setup: 15 mm survivor dice, 12 mm octopus, weather, kite dice
    assert sticker(None, "red")[:2] == (15.0, 13.0)
    assert sticker(None, "octopus")[:2] == (12.0, 10.0)
    # the smaller placement die and the small white die: 12 mm, assumed
    assert sticker(None, "placement") == (12.0, 10.0, True)
    assert sticker(None, "white") == (12.0, 10.0, True)
    assert sticker(None, "shark") == (15.0, 13.0, True)


def test_stickers_per_die_id_then_die_size_then_every_die():
    assert sticker("placement=10,shark=13", "placement")[1] == 10.0
    assert sticker("placement=10,shark=13", "shark")[1] == 13.0
    assert sticker("placement=10,shark=11", "red")[1] == 13.0  # not named: its default
    assert sticker("15=12,placement=9", "red")[1] == 12.0
    assert sticker("15=12,placement=9", "placement")[1] == 9.0
    assert sticker("11", "octopus")[1] == 11.0


def test_every_assumed_die_size_is_listed_among_the_assumptions():
    for game in catalog.game_ids():
        cat = catalog.load(game)
        listed = {key for kind, key, why in cat.assumptions()}
        for die in cat.dice.values():
            if all(p.faces for p in die.parts) and dice.die_size(cat, die)[1]:
                assert die.id in cat.rules["die_sizes"] and "die_sizes" in listed, (game, die.id)


@pytest.mark.parametrize("text,words", [("3", "5..40 mm"), ("41", "5..40 mm"), ("big", "5..40 mm"),
                                        ("placement=2", "5..40 mm"), ("=4", "5..40 mm"),
                                        ("placement=x", "5..40 mm")])
def test_bad_sticker_sizes_say_the_accepted_range(text, words):
    with pytest.raises(UsageError) as e:
        dice.parse_sticker(text)
    assert repr(text) in str(e.value) and words in str(e.value)


def test_an_unknown_die_is_refused_naming_the_dice_and_nothing_is_written(cli, tmp_path):
    r = cli("print", "dice", "21days", "--sticker", "plank=10", "--out", str(tmp_path / "d"))
    assert r.exit_code != 0 and "'plank'" in r.output and "placement" in r.output
    assert not (tmp_path / "d").exists()


def test_the_sheet_prints_each_die_at_its_own_sticker_size(cli, tmp_path):
    cli.ok("print", "dice", "21days", "--sticker", "placement=10,shark=13", "--out", str(tmp_path))
    doc = open_pdf((tmp_path / "21days-en-a4-dice.pdf").read_bytes())
    text = " ".join(" ".join(p.get_text().split()) for p in doc)
    assert "12 mm die, 10 mm stickers" in text and "15 mm die, 13 mm stickers" in text
    assert "--sticker placement=SIDE" in text
