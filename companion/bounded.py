"""Reading files a user hands to castaway without trusting them: plays to import, save codes, TOML in
CASTAWAY_DECKS. Sizes, nesting and numbers are limited before anything is used, so a hostile file gets a
one-line refusal instead of a hang, a crash or a game broken for good.
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
from pathlib import Path

from .errors import UsageError
from .i18n import N_, _, ngettext

IMPORT_LIMIT = 32 * 1024 * 1024  # an exported play log: 32 MiB (a BG Stats export of thousands of plays is a few MiB)
MAX_DEPTH = 32  # nesting of objects/lists (tables) in JSON and TOML
MAX_INT = 10**15  # any whole number in a file
MAX_FLOAT = 1e15
MAX_STRING = 100_000  # characters in one text value
IMPORT_WHAT = N_("a castaway JSON export or a BG Stats export")
MAX_VALUES = 500_000  # values (numbers, texts, objects, lists) in one imported file: some 10,000 plays
_STRINGS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')


def read_text(path: str | os.PathLike, limit: int, what: str) -> str:
    """A regular file's text, refused if it is larger than `limit` bytes, not a file, or not UTF-8."""
    p = Path(path).expanduser()
    shown = str(path)
    what = _(what)
    try:
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise UsageError(_("no file {path!r}").format(path=shown)) from None
    except OSError as e:
        raise UsageError(_("cannot read {path!r}: {reason}").format(path=shown, reason=e.strerror or e)) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise UsageError(_("{path!r} is not a regular file; accepted: {what} saved as a file").format(path=shown, what=what))
        if info.st_size > limit:
            raise UsageError(_("{path!r} is {size} bytes; accepted: {what} of at most {limit} bytes").format(path=shown, size=info.st_size, what=what, limit=limit))
        with os.fdopen(fd, "rb", closefd=False) as f:
            data = f.read(limit + 1)
    except OSError as e:
        raise UsageError(_("cannot read {path!r}: {reason}").format(path=shown, reason=e.strerror or e)) from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise UsageError(_("{path!r} is over {limit} bytes; accepted: {what} of at most {limit} bytes").format(path=shown, what=what, limit=limit))
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise UsageError(_("{path!r} is not UTF-8 text (byte {pos}); accepted: {what} as UTF-8 text").format(path=shown, pos=e.start, what=what)) from None


def _int(text: str) -> int:
    if len(text.lstrip("-")) > 16 or abs(int(text)) > MAX_INT:
        raise _Refused(_("the number {value} is too large; accepted: whole numbers up to {hi}").format(value=clip(text), hi=MAX_INT))
    return int(text)


def _float(text: str) -> float:
    v = float(text)
    if not math.isfinite(v) or abs(v) > MAX_FLOAT:
        raise _Refused(_("the number {value} is out of range; accepted: numbers up to {hi:g}").format(value=clip(text), hi=MAX_FLOAT))
    return v


def _constant(text: str):
    raise _Refused(_("{value} is not a number JSON allows; accepted: finite numbers").format(value=text))


class _Refused(ValueError):
    pass


def clip(text: str, n: int = 40) -> str:
    """A long text cut for an error message, with its full length."""
    if len(text) <= n:
        return text
    return ngettext("{start}... ({n} character)", "{start}... ({n} characters)", len(text)).format(start=text[:n], n=len(text))


def shown(value, n: int = 60, keep: int = 40) -> str:
    """repr(value) for an error message, cut to `keep` characters when longer than `n`."""
    text = repr(value)
    return text if len(text) <= n else clip(text, keep)


def values(text: str) -> int:
    """At least how many values a JSON text holds, counted before it is parsed (a value takes some 50 bytes
    of memory once parsed, a byte or two in the file): the commas, brackets and braces outside its texts."""
    bare = _STRINGS.sub("", text)
    return bare.count(",") + bare.count("[") + bare.count("{") + 1


def loads_json(text: str, name: str, after: str = "", max_values: int | None = None) -> object:
    """JSON whose nesting, numbers and strings are bounded (and, with max_values, how many values it holds);
    refusals say `name` and what is accepted."""
    tail = f"; {after}" if after else ""
    if max_values is not None and len(text) > max_values:
        n = values(text)
        if n > max_values:
            raise UsageError(_("{name}: holds about {n} values; accepted: at most {limit}{tail}").format(name=name, n=n, limit=max_values, tail=tail))
    try:
        doc = json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except _Refused as e:
        raise UsageError(f"{name}: {e}{tail}") from None
    except json.JSONDecodeError as e:
        raise UsageError(_("{name}: not valid JSON (line {line}, column {col}: {msg}){tail}").format(name=name, line=e.lineno, col=e.colno, msg=e.msg, tail=tail)) from None
    except RecursionError:
        raise UsageError(_("{name}: nested too deep; accepted: at most {n} levels of objects and lists{tail}").format(name=name, n=MAX_DEPTH, tail=tail)) from None
    except ValueError as e:  # e.g. more digits than Python converts
        raise UsageError(_("{name}: {e}{tail}").format(name=name, e=clip(str(e), 120), tail=tail)) from None
    check_shape(doc, name, tail)
    return doc


def check_shape(doc, name: str, tail: str = "") -> None:
    """Nesting at most MAX_DEPTH, numbers within MAX_INT/MAX_FLOAT, strings at most MAX_STRING characters."""
    stack = [(doc, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, (dict, list)):
            if depth > MAX_DEPTH:
                raise UsageError(_("{name}: nested too deep; accepted: at most {n} levels of objects and lists{tail}").format(name=name, n=MAX_DEPTH, tail=tail))
            items = value.items() if isinstance(value, dict) else enumerate(value)
            for k, v in items:
                if isinstance(k, str) and len(k) > MAX_STRING:
                    raise UsageError(_("{name}: a key of {n} characters; accepted: at most {limit}{tail}").format(name=name, n=len(k), limit=MAX_STRING, tail=tail))
                stack.append((v, depth + 1))
        elif isinstance(value, bool):
            continue
        elif isinstance(value, int):
            if abs(value) > MAX_INT:
                raise UsageError(_("{name}: the number {value} is too large; accepted: whole numbers up to {hi}{tail}").format(name=name, value=clip(str(value)), hi=MAX_INT, tail=tail))
        elif isinstance(value, float):
            if not math.isfinite(value) or abs(value) > MAX_FLOAT:
                raise UsageError(_("{name}: the number {value} is out of range; accepted: numbers up to {hi:g}{tail}").format(name=name, value=value, hi=MAX_FLOAT, tail=tail))
        elif isinstance(value, str) and len(value) > MAX_STRING:
            raise UsageError(_("{name}: a text of {n} characters; accepted: at most {limit}{tail}").format(name=name, n=len(value), limit=MAX_STRING, tail=tail))
