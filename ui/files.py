"""Writing output files (PDFs, exports): whole or not at all, and only where the user said.

- Each file is written to a temporary file in the same folder, then renamed over the target: a reader
  never sees half a file, and a failed write leaves the old file as it was.
- A temporary file that a killed castaway left behind is removed by the next write into that folder
  (ours carry the writer's process id; a file whose writer is gone is stale).
- A target that is a symbolic link is replaced by the new file itself: the link goes, and the file it
  pointed to (perhaps in another folder) is left untouched. Nothing is written through a link.
- A read-only target or folder is refused, and so is a name longer than the file system allows.
"""

from __future__ import annotations

import errno
import os
import re
import stat
import tempfile
import time
from pathlib import Path

from companion.errors import UsageError
from companion.i18n import _

TAG = "castaway"
STALE_OLD_FORMAT = 15 * 60  # seconds: a temp file in the older unmarked form is stale after this
_OURS = re.compile(r"^\..+\." + TAG + r"-(\d+)-[A-Za-z0-9_]+\.tmp$")
_OLD = re.compile(r"^\..+\.(pdf|csv|json|xml|txt)\.[A-Za-z0-9_]{8}\.tmp$")


def _shown(path: str) -> str:
    text = repr(str(path))
    return text if len(text) <= 80 else f"{text[:60]}...' ({len(str(path))} characters)"


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True  # someone else's process: leave its file alone
    return True


def clean_stale(folder: Path) -> list[Path]:
    """Remove the temporary files that killed writes left in `folder`; returns what was removed."""
    removed = []
    try:
        names = os.listdir(folder)
    except OSError:
        return removed
    now = time.time()
    for name in names:
        m = _OURS.match(name)
        path = folder / name
        try:
            if m:
                if _alive(int(m.group(1))):
                    continue
            elif _OLD.match(name):
                if now - path.lstat().st_mtime < STALE_OLD_FORMAT:
                    continue
            else:
                continue
            if path.is_symlink() or not path.is_file():
                continue
            path.unlink()
            removed.append(path)
        except OSError:
            continue
    return removed


def target_path(path: str) -> Path:
    """Where `path` is written: its folder resolved, its own name kept (a link there is replaced, not followed)."""
    raw = Path(path).expanduser()
    name = raw.name
    if not name or name in (".", ".."):
        raise UsageError(_("cannot write {path}: give a file name, e.g. plays.csv").format(path=_shown(path)))
    limit = _name_max(raw.parent)
    if len(os.fsencode(name)) > limit:
        raise UsageError(_("cannot write {path}: the file name is {n} bytes long; accepted: at most {limit}").format(path=_shown(path), n=len(os.fsencode(name)), limit=limit))
    try:
        folder = raw.parent.resolve()
    except OSError as e:
        raise UsageError(_("cannot write {path}: {reason}").format(path=_shown(path), reason=e.strerror or e)) from None
    return folder / name


def _name_max(folder: Path) -> int:
    try:
        return os.pathconf(folder if folder.is_dir() else ".", "PC_NAME_MAX")
    except (OSError, ValueError):
        return 255


def _read_only(path: Path) -> bool:
    """A file the user made read-only (even root, who could write it, respects the mark)."""
    try:
        st = path.lstat()
    except OSError:
        return False
    if stat.S_ISLNK(st.st_mode):
        return False
    return not os.access(path, os.W_OK) or not (st.st_mode & stat.S_IWUSR)


def writable(path: str) -> Path:
    """The target `path` names, after every check a write makes first (nothing is written)."""
    target = target_path(path)
    folder = target.parent
    shown = _shown(path)
    try:
        if not folder.is_dir():
            raise UsageError(_("cannot write {path}: folder {folder} does not exist").format(path=shown, folder=_shown(str(folder))))
        if target.is_dir() and not target.is_symlink():
            raise UsageError(_("cannot write {path}: it is a folder; give a file name").format(path=shown))
    except OSError as e:
        raise UsageError(_("cannot write {path}: {reason}").format(path=shown, reason=e.strerror or e)) from None
    if _read_only(target):
        raise UsageError(_("cannot write {path}: the file is read-only; accepted: a writable file or a new name").format(path=shown))
    if not os.access(folder, os.W_OK):
        raise UsageError(_("cannot write {path}: its folder is read-only; accepted: a folder you can write to").format(path=shown))
    return target


def write_atomic(path: str, data: str | bytes) -> Path:
    """Write `data` to `path` whole or not at all; returns the path written."""
    target = writable(path)
    clean_stale(target.parent)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    shown = _shown(path)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name[:100]}.{TAG}-{os.getpid()}-", suffix=".tmp", dir=target.parent)
    except OSError as e:
        raise UsageError(_why(shown, e)) from None
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(raw)
            f.flush()
            os.fsync(f.fileno())
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(tmp, 0o666 & ~mask)  # mkstemp makes it private; the result is an ordinary file
        os.replace(tmp, target)  # a link at the target is replaced, never written through
    except OSError as e:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise UsageError(_why(shown, e)) from None
    return target


def _why(shown: str, e: OSError) -> str:
    if e.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return _("cannot write {path}: read-only ({reason}); accepted: a file and folder you can write to").format(path=shown, reason=e.strerror)
    return _("cannot write {path}: {reason}").format(path=shown, reason=e.strerror or e)
