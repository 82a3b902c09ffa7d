"""Bar charts for the terminal (play stats, dice histograms) and writing output files atomically."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from companion.errors import UsageError

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
    if m is None:
        return "—"
    m = round(m)
    return f"{m // 60}h {m % 60:02d}m" if m >= 60 else f"{m}m"


def write_atomic(path: str, data: str | bytes) -> Path:
    """Write to a temporary file in the same folder, then rename it over the target: a reader never sees
    half a file, and a failed write leaves the old file as it was."""
    target = Path(path).expanduser().resolve()
    folder = target.parent
    if not folder.is_dir():
        raise UsageError(f"cannot write {path!r}: folder {str(folder)!r} does not exist")
    if target.is_dir():
        raise UsageError(f"cannot write {path!r}: it is a folder; give a file name")
    raw = data.encode("utf-8") if isinstance(data, str) else data
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as e:
        raise UsageError(f"cannot write {path!r}: {e.strerror}") from None
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(raw)
            f.flush()
            os.fsync(f.fileno())
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(tmp, 0o666 & ~mask)  # mkstemp makes it private; the result is an ordinary file
        os.replace(tmp, target)
    except OSError as e:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise UsageError(f"cannot write {path!r}: {e.strerror}") from None
    return target
