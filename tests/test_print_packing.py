"""Cut as you print (issue 27, item 5): on every sheet of every kit, grids of different sizes stand at least
MIN_BLOCK_GAP apart with their bleed and crop marks clear of each other, and no sheet is left mostly empty
while its grids would fit in the room another sheet has left."""

from __future__ import annotations

import pytest

from companion.catalog import load
from printables import cards, kit, packing, sizes, tokens

GAMES = ("21days", "robinson", "mutinies", "dieson")


def kit_pages(game: str, paper: str) -> list[packing.Page]:
    """The cards file's sheets as the kit packs them: the cards, the track cards, then the tokens and pieces."""
    cat = load(game)
    opts = kit.KitOptions(paper=paper)
    w, h = sizes.card_size(opts.size)
    faces, _rules = cards.number_rules(kit.card_faces(cat), w, h)
    sections = [cards.section(faces, (w, h), opts.bleed)] if faces else []
    tracks = tokens.track_section(cat, opts.bleed)
    sections += [tracks] if tracks else []
    sections += tokens.sections(cat, opts.cards())[0]
    return packing.pack(paper, opts.backs, sections, bleed=opts.bleed)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", GAMES)
def test_grids_on_a_sheet_keep_their_marks_apart(game, paper):
    gap = sizes.block_gap(3.0)
    assert gap >= sizes.MIN_BLOCK_GAP and gap >= 2 * sizes.outside(3.0)
    for n, page in enumerate(kit_pages(game, paper), 1):
        blocks = sorted(page.blocks, key=lambda b: -b.y)
        for upper, lower in zip(blocks, blocks[1:]):
            assert upper.y - (lower.y + lower.h) >= gap - 1e-6, (game, paper, n)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", GAMES)
def test_no_sheet_is_mostly_empty_while_its_grids_fit_on_another(game, paper):
    pages = kit_pages(game, paper)
    room = sizes.area(paper, "long", 3.0).h
    gap = sizes.block_gap(3.0)
    for n, page in enumerate(pages, 1):
        if page.height() >= room / 2:
            continue
        for m, other in enumerate(pages, 1):
            if other is page:
                continue
            free = room - other.height() - gap
            assert all(b.h > free for b in page.blocks), (game, paper, f"sheet {n}'s grids fit on sheet {m}")


def test_leftovers_go_to_the_first_sheet_with_room_not_a_new_one():
    """Three poker cards, then a board too tall for the room the first sheet has left, then 30 small pieces: the
    pieces join the first sheet's cards rather than spill from the board's sheet onto a third of their own."""
    poker, board, piece = sizes.card_size("poker"), (150.0, 200.0), (20.0, 20.0)

    def section(n: int, size):
        return packing.Section(list(range(n)), size, lambda cv, f: None, None)

    pages = packing.pack("a4", "none", [section(3, poker), section(1, board), section(30, piece)], bleed=3.0)
    assert [[len(b.items) for b in p.blocks] for p in pages] == [[3, 30], [1]]
