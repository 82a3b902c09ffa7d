"""Whether a database file is as castaway's last write left it: that write's stamp of the file (its size,
mtime, ctime and inode once it was closed, with no WAL file beside it), kept in the user's cache folder.

Any write to the file, by castaway, SQLite or anything else, and a file put in its place, changes the stamp
(a ctime is never set back); a reader leaves it as it is. A write to a file as castaway left it needs neither
SQLite's integrity check nor its logs' checksums (store.as_left); a missing, damaged or foreign stamp file
means the file is checked in full, as any other.
"""

from __future__ import annotations

import json
import os
import zlib
from pathlib import Path


def _stamp(path: Path) -> list[int] | None:
    """The file's stamp, or None while its WAL file holds anything (a write not yet checkpointed into the file,
    or one cut off): the empty one an open connection makes beside it is not a change."""
    try:
        st = path.stat()
    except OSError:
        return None
    try:
        wal = os.stat(f"{path}-wal").st_size
    except FileNotFoundError:
        wal = 0
    except OSError:
        return None
    if wal:
        return None
    return [st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino]


def _record(path: Path) -> tuple[Path, str] | None:
    from .catalog_read import _cache_dir

    where = _cache_dir()
    if where is None:
        return None
    name = str(path.resolve())
    return where / "stores" / f"{zlib.crc32(name.encode()):08x}.json", name


def left(path: Path, logs: dict[str, int]) -> None:
    """Castaway's write to the file has closed it: its stamp is kept, with the logs that write found whole or
    marked so (game id -> version; a stamp that cannot be kept is only slower)."""
    rec, stamp = _record(path), _stamp(path)
    if rec is None:
        return
    target, name = rec
    try:
        if stamp is None:
            target.unlink(missing_ok=True)
            return
        target.parent.mkdir(parents=True, exist_ok=True)
        if not target.exists():
            _prune(target.parent)
        tmp = target.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(json.dumps({"path": name, "stamp": stamp, "logs": logs}))
        os.replace(tmp, target)
    except OSError:
        pass


KEEP = 200  # stamps kept before those of files that are gone are removed


def _prune(folder: Path) -> None:
    """When a new file's stamp is kept and there are more than KEEP: those of files no longer there are removed
    (a store deleted or moved, a test's temporary file)."""
    kept = list(folder.glob("*.json"))
    if len(kept) < KEEP:
        return
    for f in kept:
        try:
            name = json.loads(f.read_text()).get("path")
            if not (isinstance(name, str) and Path(name).exists()):
                f.unlink()
        except (OSError, ValueError, RecursionError, AttributeError):
            f.unlink(missing_ok=True)


def as_left(path: Path) -> dict[str, int] | None:
    """The logs castaway's last write found whole (game id -> version) if the file is as that write left it;
    None if it is not, or nothing says so."""
    rec = _record(path)
    if rec is None:
        return None
    target, name = rec
    try:
        kept = json.loads(target.read_text())
    except (OSError, ValueError, RecursionError):
        return None
    stamp = _stamp(path)
    if not (isinstance(kept, dict) and kept.get("path") == name and stamp is not None and kept.get("stamp") == stamp):
        return None
    logs = kept.get("logs")
    if not isinstance(logs, dict):
        return None
    return {str(k): v for k, v in logs.items() if isinstance(v, int) and not isinstance(v, bool)}
