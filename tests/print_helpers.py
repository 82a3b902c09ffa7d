"""Reading printed PDFs back: trims (cut outlines), crop marks, text spans and QR codes, in mm from the bottom-left."""

from __future__ import annotations

import pymupdf

PT = 25.4 / 72


def near(a, b, tol=0.02) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b))


def _read(page, what: str, how):
    """What the page holds, read once per page of an open document (the helpers below read a page several
    times: its paths for the cut lines and for the QR codes, its text for the spans and for their sizes).
    The documents read here are never changed after they are opened."""
    readings = page.parent.__dict__.setdefault("_castaway_readings", {})
    key = (page.number, what)
    if key not in readings:
        readings[key] = how()
    return readings[key]


def drawings(page) -> list[dict]:
    """The page's paths as pymupdf's get_cdrawings gives them: get_drawings' paths with plain tuples for
    rects and points (x0, y0, x1, y1 / x, y, top-left origin), several times faster on a page of cards."""
    return _read(page, "drawings", page.get_cdrawings)


def text_blocks(page) -> list[dict]:
    """The page's text blocks as get_text("dict") gives them."""
    return _read(page, "text", lambda: page.get_text("dict")["blocks"])


def _contains(a, b) -> bool:
    """Rect a holds rect b (x0, y0, x1, y1)."""
    return a[0] <= b[0] and a[1] <= b[1] and b[2] <= a[2] and b[3] <= a[3]


def cut_rects(page) -> list[tuple[float, float, float, float]]:
    """Every cut outline on the page as (x, y, w, h) mm, bottom-left origin, in drawing order."""
    from printables.sizes import CUT_RGB

    h = page.rect.height
    out = []
    for d in drawings(page):
        col = d.get("color")
        if col and near(col, CUT_RGB, 0.01) and d.get("fill") is None:
            x0, y0, x1, y1 = d["rect"]
            out.append((x0 * PT, (h - y1) * PT, (x1 - x0) * PT, (y1 - y0) * PT))
    return out


def black_lines(page) -> list[tuple[float, float, float, float]]:
    """Hairline black line segments (crop marks and ruler ticks) as (x0, y0, x1, y1) mm."""
    h = page.rect.height
    out = []
    for d in drawings(page):
        col = d.get("color")
        if not col or not near(col, (0, 0, 0), 0.01) or d.get("fill") is not None:
            continue
        for item in d["items"]:
            if item[0] == "l":
                (px, py), (qx, qy) = item[1], item[2]
                out.append((px * PT, (h - py) * PT, qx * PT, (h - qy) * PT))
    return out


def spans(page) -> list[tuple[str, tuple[float, float, float, float]]]:
    """Text spans with their boxes (x0, y0, x1, y1) mm, bottom-left origin."""
    h = page.rect.height
    out = []
    for block in text_blocks(page):
        for line in block.get("lines", []):
            for span in line["spans"]:
                if not span["text"].strip():
                    continue
                x0, y0, x1, y1 = span["bbox"]
                out.append((span["text"], (x0 * PT, (h - y1) * PT, x1 * PT, (h - y0) * PT)))
    return out


def qr_texts(page, dpi: int = 300) -> list[str]:
    import zxingcpp
    from PIL import Image

    pix = page.get_pixmap(dpi=dpi, colorspace=pymupdf.csGRAY)
    img = Image.frombytes("L", (pix.width, pix.height), pix.samples)
    return [r.text for r in zxingcpp.read_barcodes(img, formats=zxingcpp.BarcodeFormat.QRCode)]


def open_pdf(data: bytes):
    return pymupdf.open(stream=data, filetype="pdf")


def qr_boxes(page) -> list[tuple[float, float, float, float]]:
    """Each QR code's box with its quiet zone (x0, y0, x1, y1) mm, bottom-left origin: qr.draw paints the
    white square of the code and its quiet zone, then one black fill of many modules inside it."""
    h = page.rect.height
    out = []
    paths = drawings(page)
    for prev, d in zip(paths, paths[1:]):
        fill, under = d.get("fill"), prev.get("fill")
        if not fill or not near(fill, (0, 0, 0), 0.01) or len(d["items"]) < 20:
            continue
        x0, y0, x1, y1 = prev["rect"] if under and near(under, (1, 1, 1), 0.01) and _contains(prev["rect"], d["rect"]) else d["rect"]
        out.append((x0 * PT, (h - y1) * PT, x1 * PT, (h - y0) * PT))
    return out


def overlaps(a, b, tol: float = 0.05) -> bool:
    """Two (x0, y0, x1, y1) boxes share more than a hair."""
    return a[0] < b[2] - tol and b[0] < a[2] - tol and a[1] < b[3] - tol and b[1] < a[3] - tol
