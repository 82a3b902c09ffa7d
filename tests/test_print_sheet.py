"""The sheet engine, read back from the PDF: trims, backs per duplex mode, crop marks, scale check (GUIDE §6)."""

from __future__ import annotations

import pymupdf
import pytest

from companion import catalog
from companion.errors import UsageError
from printables import cards, fonts, packing, sizes
from tests.print_helpers import black_lines, near, open_pdf

FACES = None


def faces():
    global FACES
    if FACES is None:
        FACES = cards.all_faces(catalog.load("21days")) + cards.character_faces(catalog.load("21days"))
    return FACES


def render(paper, size="poker", backs="none", offset=(0.0, 0.0), n=None, bleed=3.0):
    opts = cards.Options(paper, size, bleed, backs, offset)
    w, h = sizes.card_size(size)
    per = packing.per_sheet(paper, w, h, backs, bleed)
    items = faces()[: n or per]
    return per, open_pdf(cards.render(items, opts, "test"))


def cells(page):
    """The trims of the grid, from the cut lines the crop marks give (mm, bottom-left)."""
    from tests.test_print_text import cut_lines

    xs = sorted(at for axis, at, lo, hi in cut_lines(page) if axis == "x")
    ys = sorted(at for axis, at, lo, hi in cut_lines(page) if axis == "y")
    return xs, ys


@pytest.mark.parametrize("paper,bleed,count", [("a4", 2.0, 9), ("a4", 3.0, 8), ("letter", 3.0, 8), ("letter", 0.0, 8)])
def test_poker_cards_a_sheet_share_cut_lines_with_the_bleed_kept_and_four_on_gutterfold(paper, bleed, count):
    per, doc = render(paper, "poker", "none", bleed=bleed)
    assert per == count  # 9 on A4 only when the bleed and whole crop marks fit beside three columns
    xs, ys = cells(doc[0])
    steps = sorted({round(b - a, 1) for a, b in zip(xs, xs[1:])} | {round(b - a, 1) for a, b in zip(ys, ys[1:])})
    assert steps == [63.5, 88.9]  # the cards share their inner cut lines
    assert len(xs) * len(ys) > count
    assert packing.per_sheet(paper, 63.5, 88.9, "gutterfold", bleed) == 4


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("size", ["bridge", "mini", "euro", "tarot", "70x100"])
def test_other_sizes_fill_the_sheet_as_densely(paper, size):
    w, h = sizes.card_size(size)
    pw, ph = sizes.PAPERS[paper]
    per = packing.per_sheet(paper, w, h)
    # at least what a grid holds with room for the caption above it, at most what the page holds, the bleed and
    # whole crop marks kept on every side
    room_w = pw - 2 * sizes.reach(3.0)
    lo_h, hi_h = ph - 2 * sizes.reach(3.0) - packing.CAPTION_LINE, ph - 2 * sizes.reach(3.0)
    low = max(int(room_w // w) * int(lo_h // h), int(room_w // h) * int(lo_h // w))
    high = max(int(room_w // w) * int(hi_h // h), int(room_w // h) * int(hi_h // w))
    assert 0 < low <= per <= high


def _back_pixels(page, slot_w, slot_h, xs, ys):

    out = []
    for x0, x1 in zip(xs, xs[1:]):
        for y0, y1 in zip(ys, ys[1:]):
            h = page.rect.height / 72 * 25.4
            clip = pymupdf.Rect(x0 / 25.4 * 72 + 2, (h - y1) / 25.4 * 72 + 2, x1 / 25.4 * 72 - 2, (h - y0) / 25.4 * 72 - 2)
            out.append(page.get_pixmap(dpi=50, clip=clip).samples)
    return out


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_backs_of_one_deck_are_identical_pixel_for_pixel(paper):
    cat = catalog.load("21days")
    bottle = cards.deck_faces(cat, cat.deck("bottle"))[:9]
    assert len({f.icon for f in bottle}) > 1  # the fronts differ
    doc = open_pdf(cards.render(bottle, cards.Options(paper, "poker", 3.0, "long"), "t"))
    xs, ys = cells(doc[1])
    pix = _back_pixels(doc[1], 63.5, 88.9, xs, ys)
    assert len(pix) == 8
    assert all(max(abs(x - y) for x, y in zip(pix[0], p)) <= 2 for p in pix)  # the same to a level of anti-aliasing


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("mode,offset", [("long", (0.0, 0.0)), ("long", (1.5, -2.0)), ("short", (0.0, 0.0)),
                                         ("short", (-0.7, 0.4))])
def test_backs_sit_at_the_mirrored_place_of_their_fronts(paper, mode, offset):
    per, doc = render(paper, "poker", mode, offset)
    pw, ph = sizes.PAPERS[paper]
    fx, fy = cells(doc[0])
    bx, by = cells(doc[1])
    dx, dy = offset
    if mode == "long":
        assert all(abs(b - (pw - f + dx)) < 0.02 for f, b in zip(fx, reversed(bx)))
        assert all(abs(b - (f + dy)) < 0.02 for f, b in zip(fy, by))
    else:
        assert all(abs(b - (f + dx)) < 0.02 for f, b in zip(fx, bx))
        assert all(abs(b - (ph - f + dy)) < 0.02 for f, b in zip(fy, reversed(by)))


def test_backs_of_sideways_cards_are_turned_for_both_flips():
    front = sizes.Slot(10, 10, 88.9, 63.5, True, 0)
    assert packing.back_slot(front, "a4", "long", (0, 0)).spin == 180
    assert packing.back_slot(front, "a4", "short", (0, 0)).spin == 0
    upright = sizes.Slot(10, 10, 63.5, 88.9, False, 0)
    assert packing.back_slot(upright, "a4", "long", (0, 0)).spin == 0
    assert packing.back_slot(upright, "a4", "short", (0, 0)).spin == 180


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("mode", ["none", "long", "gutterfold"])
def test_crop_marks_stay_off_the_art_and_off_the_page_edge_and_no_cut_line_is_drawn(paper, mode):
    per, doc = render(paper, "poker", mode)
    pw, ph = sizes.PAPERS[paper]
    for page in doc:
        marks = black_lines(page)
        assert len(marks) >= 8
        xs, ys = cells(page)
        for x0, y0, x1, y1 in marks:
            for px, py in ((x0, y0), (x1, y1)):
                assert min(px, py, pw - px, ph - py) >= sizes.EDGE - 0.01, "a crop mark runs towards the page edge"
            # outside the grid: never between the outer cut lines in both directions
            mx, my = (x0 + x1) / 2, (y0 + y1) / 2
            assert not (xs[0] < mx < xs[-1] and ys[0] < my < ys[-1]) or mode == "gutterfold"
        assert not [d for d in page.get_drawings() if d.get("color") and near(d["color"], sizes.CUT_RGB, 0.01)]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_scale_bar_is_on_the_first_sheet_only(paper):
    per, doc = render(paper, "poker", "long", n=30)
    assert doc.page_count > 2
    texts = [p.get_text() for p in doc]
    assert "print at 100% / actual size" in texts[0]
    assert not any("print at 100%" in t for t in texts[1:])
    bar = [d for d in doc[0].get_drawings() if d.get("color") and near(d["color"], sizes.BAR_RGB, 0.01)]
    assert bar


def test_shrink_to_fit_never_overflows():
    long = "A very long effect text that goes on and on about the rescue ship, the sharks and the octopus " * 6
    for w, h in ((20, 5), (40, 12), (55, 30), (8, 4)):
        f = fonts.fit(long + " Supercalifragilisticexpialidocious", fonts.SANS, w, h, 12)
        assert f.height <= h + 1e-6
        assert all(fonts.width(line, fonts.SANS, f.size) <= w + 1e-6 for line in f.lines)


def test_czech_letters_print_with_the_embedded_font():
    face = cards.Face("21 dní", "Karty láhve", "bottle", "x", "Řeřicha a ůžasné ě", "Přidej 1 naději.", qr="BOTTLE/X")
    doc = open_pdf(cards.render([face], cards.Options("a4", "poker", 3.0, "none"), "cz"))
    assert "Řeřicha a ůžasné ě" in " ".join(doc[0].get_text().split())
    fonts_used = doc[0].get_fonts()
    assert fonts_used and all(f[1] == "ttf" or "TrueType" in f[2] for f in fonts_used), fonts_used


@pytest.mark.parametrize("bad", [dict(paper="a3"), dict(size="huge"), dict(backs="sideways"), dict(offset=(6.0, 0.0)),
                                 dict(size="170x240", backs="gutterfold"), dict(backs="gutterfold", offset=(0.5, 0.0)),
                                 dict(backs="none", offset=(0.0, -1.0))])
def test_bad_sheet_options_are_refused_with_what_is_accepted(bad):
    args = {"paper": "a4", "size": "poker", "backs": "none", "offset": (0.0, 0.0)} | bad
    with pytest.raises(UsageError):
        sizes.check_options(args["paper"], 3.0, args["backs"], args["offset"])
        packing.check_fits(args["paper"], *sizes.card_size(args["size"]), args["backs"])


def test_the_offset_shifts_only_duplex_backs_and_says_so():
    sizes.check_options("a4", 3.0, "long", (0.5, -1.0))
    sizes.check_options("a4", 3.0, "gutterfold", (0.0, 0.0))
    with pytest.raises(UsageError, match="only duplex backs"):
        sizes.check_options("a4", 3.0, "gutterfold", (0.5, 0.0))
