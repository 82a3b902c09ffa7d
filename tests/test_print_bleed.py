"""Bleed as asked, or fewer cards (issue 27): on every grid of every kit, on A4 and Letter, each crop mark is
whole (MARK_LEN) and starts the asked bleed plus MARK_GAP outside its cut; the art is painted out to the asked
bleed there (read from a render); grids on one page keep their marks clear of each other; a bleed that cannot
be kept is refused with the largest that can."""

from __future__ import annotations

import pytest

from companion import catalog
from companion.errors import UsageError
from printables import packing, sizes
from printables.kit import KitOptions, plan
from tests.print_helpers import PT, drawings, near, open_pdf


def marks(page) -> list[tuple[float, float, float, float]]:
    """The crop marks: black hairline segments (x0, y0, x1, y1) mm, bottom-left origin, lower end first."""
    h = page.rect.height
    out = []
    for d in drawings(page):
        col = d.get("color")
        if not col or not near(col, (0, 0, 0), 0.01) or d.get("fill") is not None or abs((d.get("width") or 0) - 0.25) > 0.01:
            continue
        for item in d["items"]:
            if item[0] == "l":
                (px, py), (qx, qy) = item[1], item[2]
                a, b = (px * PT, (h - py) * PT), (qx * PT, (h - qy) * PT)
                out.append((*min(a, b), *max(a, b)))
    return out


def measure(page, bleed: float) -> list[str]:
    """What falls short on one page: a mark shorter than MARK_LEN, a bleed less than asked, unpainted bleed."""
    found = marks(page)
    if not found:
        return []
    xs = sorted({round(x0, 2) for x0, y0, x1, y1 in found if abs(x0 - x1) < 0.01})
    ys = sorted({round(y0, 2) for x0, y0, x1, y1 in found if abs(y0 - y1) < 0.01})
    pix = page.get_pixmap(dpi=200)
    scale = 200 / 25.4
    ph = page.rect.height * PT

    def painted(x: float, y: float) -> bool:
        px, py = int(x * scale), int((ph - y) * scale)
        if not (0 <= px < pix.width and 0 <= py < pix.height):
            return False
        return min(pix.pixel(px, py)[:3]) < 250

    def between(cut: float, pos: float, vertical: bool) -> bool:
        """The cut line's marks run on both sides of pos (a vertical cut at x: marks below and above y = pos)."""
        ends = [(y0, y1) if vertical else (x0, x1) for x0, y0, x1, y1 in found
                if (abs(x0 - x1) < 0.01) == vertical and abs((x0 if vertical else y0) - cut) < 0.02]
        return any(b <= pos + 0.01 for a, b in ends) and any(a >= pos - 0.01 for a, b in ends)

    bad = []
    for x0, y0, x1, y1 in found:
        vertical = abs(x0 - x1) < 0.01
        length = (y1 - y0) if vertical else (x1 - x0)
        if length < sizes.MARK_LEN - 0.01:
            bad.append(f"mark at {x0:.1f},{y0:.1f} is {length:.2f} mm")
        lo, hi, cuts = (y0, y1, ys) if vertical else (x0, x1, xs)
        at_pos = x0 if vertical else y0
        # the cut this mark stands off: the nearest parallel cut line beyond its inner end, of the same grid (one
        # whose own marks lie on both sides of this mark's line)
        cuts = [c for c in cuts if between(c, at_pos, not vertical)]
        gaps = [(lo - c, c, +1) for c in cuts if c <= lo] + [(c - hi, c, -1) for c in cuts if c >= hi]
        if not gaps:
            continue
        gap, cut, way = min(gaps)
        got = gap - sizes.MARK_GAP
        if got < bleed - 0.01:
            bad.append(f"bleed {got:.2f} mm at {x0:.1f},{y0:.1f}")
        at = cut + way * (bleed - 0.3)  # just inside the asked bleed's outer edge
        side = [(x0 - 1.2, at), (x0 + 1.2, at)] if vertical else [(at, y0 - 1.2), (at, y0 + 1.2)]
        inside = cut - way * 2.0  # a card beside the cut there (a short last row leaves its marks under no card)
        cards_there = [(x0 - 1.2, inside), (x0 + 1.2, inside)] if vertical else [(inside, y0 - 1.2), (inside, y0 + 1.2)]
        if bleed >= 0.5 and any(painted(*p) for p in cards_there) and not any(painted(*p) for p in side):
            bad.append(f"bleed unpainted at {side[0]}")
    return bad


KITS = [(g, None) for g in catalog.game_ids()]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game,edition", KITS)
def test_every_grid_of_every_kit_keeps_the_asked_bleed_and_whole_marks(game, edition, paper):
    cat = catalog.load(game, edition)
    problems, seen = [], 0
    for part in plan(cat, KitOptions(paper=paper, backs="long")):
        if not part.file.endswith("-cards.pdf"):
            continue
        doc = open_pdf(part.build(None))
        for n, page in enumerate(doc, 1):
            seen += bool(marks(page))
            problems += [f"{part.file} page {n}: {p}" for p in measure(page, 3.0)]
    assert seen and not problems, problems[:20]


@pytest.mark.parametrize("paper,size,backs,bleed", [("a4", "bridge", "none", 3.0), ("letter", "poker", "none", 3.0),
                                                    ("letter", "mini", "none", 3.0), ("a4", "euro", "gutterfold", 3.0),
                                                    ("a4", "poker", "none", 5.0), ("letter", "tarot", "short", 4.0)])
def test_dense_grids_hold_fewer_cards_rather_than_less_bleed(paper, size, backs, bleed):
    from printables import cards

    cat = catalog.load("21days")
    faces = cards.all_faces(cat)
    doc = open_pdf(cards.render(faces, cards.Options(paper, size, bleed, backs), "t"))
    problems = [f"page {n}: {p}" for n, page in enumerate(doc, 1) for p in measure(page, bleed)]
    assert not problems, problems[:20]


def test_a_bleed_that_cannot_be_kept_is_refused_naming_the_largest_that_can():
    with pytest.raises(UsageError, match=r"--bleed 3: a 95x120 mm card fits on a4 with a bleed of 1 mm at most"):
        packing.check_fits("a4", 95.0, 120.0, "gutterfold", 3.0)
    packing.check_fits("a4", 95.0, 120.0, "gutterfold", 1.0)
    assert packing.per_sheet("a4", 95.0, 120.0, "gutterfold", 1.25) == 0


def test_the_cli_refuses_the_bleed_and_writes_nothing(cli, tmp_path):
    r = cli("print", "cards", "21days", "--size", "95x120", "--backs", "gutterfold", "--out", str(tmp_path / "k"))
    assert r.exit_code != 0 and "1 mm at most" in r.output, r.output
    assert not (tmp_path / "k").exists()
