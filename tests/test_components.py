"""Every component of each rulebook's list is printed, written in or said to be left out (issue: every printed
piece works at the table): the kits print the numbers decks/GAME/components.toml gives, docs/components.md is
what tools/components_doc.py writes, and nothing but write-in templates prints castaway's own stand-in text."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from companion.catalog import load
from printables import cards, components, kit, tokens

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("21days", "robinson", "mutinies", "dieson")


@pytest.mark.parametrize("game", GAMES)
def test_the_kit_prints_what_the_component_list_says(game):
    cat = load(game)
    listed = components.listed(cat)
    assert listed, f"decks/{game}/components.toml lists no component"
    counts = components.kit_counts(cat)
    wrong = [(c.name, c.count, components.printed(counts, c.kit)) for c in listed
             if c.printed_as in ("printed", "write-in", "stickers") and components.printed(counts, c.kit) != c.count]
    assert not wrong, f"(component, rulebook count, kit count): {wrong}"
    unprinted = [c.name for c in listed if c.printed_as == "not printed" and not c.why]
    assert not unprinted, f"not printed without saying why: {unprinted}"


@pytest.mark.parametrize("game", GAMES)
def test_everything_the_kit_prints_is_a_listed_component(game):
    cat = load(game)
    counts = components.kit_counts(cat)
    claimed = sum(components.printed(counts, c.kit) for c in components.listed(cat) if c.kit)
    everything = (len(kit.card_faces(cat)) + len(cards.all_faces(cat, token_decks=True)) + len(tokens.pieces(cat))
                  + len(tokens.ability_tokens(cat)) + len(tokens.track_cards(cat))
                  + counts["dice"][""])
    assert claimed == everything, f"the kit prints {everything} pieces, the component list accounts for {claimed}"


def test_stand_ins_print_as_templates_with_lines_only():
    """21 Mutinies' unknown mutiny cards, Dieson's other Friend and character cards: the component's name and
    ruled lines (text None, no facts), never castaway's stand-in text."""
    for game, group, name, n in (("mutinies", "mutiny", "Mutiny card", 25), ("dieson", "friends", "My Friend card", 4),
                                 ("dieson", "character", "Character card", 2), ("dieson", "tools", "Tool card", 1)):
        faces = [f for f in kit.card_faces(load(game)) if f.group_id == group and f.name == name]
        assert len(faces) == n, (game, group, len(faces))
        assert all(f.text is None and not f.facts for f in faces)
    names = {f.name for f in kit.card_faces(load("mutinies"))}
    assert "A card castaway does not know" not in names


def test_robinson_characters_have_their_life_tracks():
    faces = {f.id: f for f in kit.card_faces(load("robinson")) if f.group_id == "character"}
    for cid in ("carpenter", "cook", "explorer", "soldier"):
        assert len(faces[cid].track) == load("robinson").characters[cid].get("life") + 1
        assert faces[cid].lines
    assert faces["friday"].track and not faces["dog"].track
    pieces = {p.counter for p in tokens.pieces(load("robinson"))}
    assert not pieces & {"camp-food", "camp-wood"}  # board positions, not components


def test_mutinies_doubloons_are_the_rulebooks_coins():
    names = [p.name for p in tokens.pieces(load("mutinies")) if p.counter == "doubloons"]
    assert names.count("1 doubloon") == 21 and names.count("5 doubloons") == 15


def test_components_md_is_up_to_date():
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "components_doc.py"), "--stdout"], cwd=ROOT,
                          capture_output=True, text=True, encoding="utf-8", timeout=120)
    assert done.returncode == 0, done.stderr
    assert (ROOT / "docs" / "components.md").read_text(encoding="utf-8") == done.stdout, \
        "docs/components.md is out of date: python tools/components_doc.py (or make docs)"
