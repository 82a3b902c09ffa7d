"""Bar charts for the terminal (play stats, dice histograms); write_atomic is ui/files.py's."""

from __future__ import annotations

from pathlib import Path

_EIGHTHS = " ▏▎▍▌▋▊▉"


def bar(value: float, top: float, width: int = 24) -> str:
    """A horizontal bar of `width` cells at full scale, drawn in eighths of a cell."""
    if top <= 0 or value <= 0:
        return ""
    eighths = round(min(value / top, 1.0) * width * 8)
    full, part = divmod(eighths, 8)
    return "█" * full + (_EIGHTHS[part] if part else "")


def percent(rate: float | None) -> str:
    return "—" if rate is None else f"{rate * 100:.0f}%"


def minutes(m: float | None) -> str:
    from companion.i18n import _

    if m is None:
        return "—"
    m = round(m)
    return _("{h}h {m:02d}m").format(h=m // 60, m=m % 60) if m >= 60 else _("{m}m").format(m=m)


def write_atomic(path: str, data: str | bytes) -> Path:
    """Whole or not at all, never through a link (see ui/files.py)."""
    from ui.files import write_atomic as write

    return write(path, data)
