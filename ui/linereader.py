"""A line typed at the terminal that the table can interrupt: while `castaway play` waits for an answer it
watches the game (a cheap read of its version every POLL seconds, in the same thread, between keys); when
anything else writes (a pad, another terminal, `castaway set`), the line is given up and `Changed` says
what had been typed, so the loop shows what changed and the new question with no key pressed.

On a terminal the line is edited here (the terminal's own echo and line editing are off while `castaway
play` runs, keys_mode, and put back after): printable characters, Backspace, Ctrl-U (the whole line), Ctrl-W
(a word), Enter; Ctrl-D on an empty line ends the input, Ctrl-C interrupts as usual; other escape sequences
(arrows) are ignored. When stdin is not a terminal (a script), or the system has no termios, a plain
readline, with no watching.
"""

from __future__ import annotations

import codecs
import os
import select
import sys
import time
from contextlib import contextmanager
from importlib.util import find_spec
from typing import Callable, Iterator

KEYS = find_spec("termios") is not None  # a POSIX terminal: keys read one by one (elsewhere: plain lines)
POLL = 0.1  # seconds between two reads of the game's version (one cheap query)


def poll_seconds() -> float:
    """POLL, or CASTAWAY_WATCH_POLL (seconds, 0.01 .. 60) where it is set: a slow watcher for tests."""
    raw = os.environ.get("CASTAWAY_WATCH_POLL", "")
    try:
        value = float(raw)
    except ValueError:
        return POLL
    return value if 0.01 <= value <= 60 else POLL


class Changed(Exception):
    """The table changed while a line was read; `typed` is what had been typed (dropped)."""

    def __init__(self, typed: str):
        super().__init__(typed)
        self.typed = typed


@contextmanager
def keys_mode(stream=None) -> Iterator[None]:
    """While a guided game runs: the terminal's own echo and line editing off, so a key typed ahead (while
    castaway prints) is echoed once, by the line reader, never twice. Put back on the way out."""
    stream = sys.stdin if stream is None else stream
    try:
        fd = stream.fileno()
        tty = stream.isatty()
    except (AttributeError, ValueError, OSError):
        tty = False
    if not tty or not KEYS:
        yield
        return
    import termios

    old = termios.tcgetattr(fd)
    termios.tcsetattr(fd, termios.TCSANOW, _keys(termios.tcgetattr(fd)))
    try:
        yield
    finally:
        termios.tcsetattr(fd, termios.TCSANOW, old)


def _keys(attrs: list) -> list:
    import termios

    attrs[3] &= ~(termios.ICANON | termios.ECHO)  # lflag: keys one by one, echoed here; ISIG stays (Ctrl-C)
    attrs[6][termios.VMIN], attrs[6][termios.VTIME] = 1, 0
    return attrs


def read_line(changed: Callable[[], bool] | None = None, notice: Callable[[], bool] | None = None, stream=None,
              echo=None) -> str | None:
    """One line without its newline; None at the end of the input. `changed` (asked every POLL seconds while
    the line is typed, and before it is given back) raises Changed when it says True. With no `changed` (nothing to
    watch yet) the line is still edited and echoed here on a terminal. `notice` (asked as
    often) says what arrived meanwhile, under the line, and gives True once it did: the keys typed so far
    are shown again after it."""
    stream = sys.stdin if stream is None else stream
    try:
        tty = stream.isatty()
        fd = stream.fileno()
    except (AttributeError, ValueError, OSError):
        tty = False
    if not tty or not KEYS:
        line = stream.readline()
        if not line:
            return None
        return line.rstrip("\n")
    # nothing to watch (the setup's questions, before a game exists): edited and echoed here all the same, as
    # keys_mode has the terminal's own echo off
    return _edited(fd, changed or _never, notice, echo or sys.stdout)


def _never() -> bool:
    return False


def _edited(fd: int, changed: Callable[[], bool], notice, echo) -> str | None:
    import termios

    old = termios.tcgetattr(fd)
    termios.tcsetattr(fd, termios.TCSANOW, _keys(termios.tcgetattr(fd)))
    try:
        return _loop(fd, changed, notice, echo)
    finally:
        termios.tcsetattr(fd, termios.TCSANOW, old)


def _loop(fd: int, changed: Callable[[], bool], notice, echo) -> str | None:
    decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
    typed: list[str] = []
    escape = ""  # an escape sequence being skipped
    poll = poll_seconds()
    next_look = time.monotonic() + poll

    def show(s: str) -> None:
        echo.write(s)
        echo.flush()

    while True:
        wait = max(0.0, next_look - time.monotonic())
        ready, _w, _x = select.select([fd], [], [], wait)
        if time.monotonic() >= next_look:  # looked at between keys too, however fast they come
            next_look = time.monotonic() + poll
            if changed():
                show("\n")
                raise Changed("".join(typed))
            if notice is not None and notice():
                show("".join(typed))
        if not ready:
            continue
        data = os.read(fd, 1024)
        if not data:
            return None if not typed else "".join(typed)
        for ch in decoder.decode(data):
            if escape:
                escape += ch
                if _sequence_ends(escape):
                    escape = ""
                continue
            if ch == "\x1b":
                escape = ch
            elif ch in "\r\n":
                show("\n")
                if changed():  # the Enter came after the table moved on: the line was typed for the old question
                    raise Changed("".join(typed))
                return "".join(typed)
            elif ch == "\x04":  # Ctrl-D
                if not typed:
                    show("\n")
                    return None
            elif ch in "\x7f\x08":
                if typed:
                    typed.pop()
                    show("\b \b")
            elif ch == "\x15":  # Ctrl-U
                show("\b \b" * len(typed))
                typed.clear()
            elif ch == "\x17":  # Ctrl-W
                n = 0
                while typed and typed[-1] == " ":
                    typed.pop()
                    n += 1
                while typed and typed[-1] != " ":
                    typed.pop()
                    n += 1
                show("\b \b" * n)
            elif ch == "\t" or ch >= " ":
                typed.append(" " if ch == "\t" else ch)
                show(typed[-1])


def _sequence_ends(seq: str) -> bool:
    """Whether an escape sequence (ESC [ params final, ESC O final, or ESC and one key) is whole."""
    if len(seq) == 2:
        return seq[1] not in "[O"
    return "\x40" <= seq[-1] <= "\x7e"
