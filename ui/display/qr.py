"""QR codes for the display: as text for the terminal and as SVG for the board page, both from the
qrcode package's module matrix (no raster image, no other library)."""

from __future__ import annotations

import io
from html import escape

import qrcode
import qrcode.constants

QUIET = 4  # modules of light margin around the code


def matrix(payload: str) -> list[list[bool]]:
    """The dark (True) and light modules, the quiet zone included."""
    q = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=QUIET, box_size=1)
    q.add_data(payload)
    q.make(fit=True)
    return [[bool(v) for v in row] for row in q.get_matrix()]


def terminal(payload: str) -> str:
    """The code as text for a terminal (two modules per character row), dark on a light background."""
    q = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=QUIET)
    q.add_data(payload)
    q.make(fit=True)
    buf = io.StringIO()
    q.print_ascii(out=buf, invert=True)
    return buf.getvalue()


def svg(payload: str, label: str = "") -> str:
    """The code as one <svg> element: a path of the dark modules on a white square."""
    m = matrix(payload)
    n = len(m)
    runs = []
    for y, row in enumerate(m):
        x = 0
        while x < n:
            if row[x]:
                start = x
                while x < n and row[x]:
                    x += 1
                runs.append(f"M{start} {y}h{x - start}v1h{start - x}z")
            else:
                x += 1
    title = f"<title>{escape(label)}</title>" if label else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {n} {n}" class="qr" role="img" '
            f'shape-rendering="crispEdges">{title}<rect width="{n}" height="{n}" fill="#fff"/>'
            f'<path d="{"".join(runs)}" fill="#000"/></svg>')
