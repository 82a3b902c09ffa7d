"""The guided game's vocabulary: what castaway says, what it asks, and which action an answer makes.

A game module offers `next_step(table, catalog) -> Step | None`: from the table's state alone it
tells what happens next (None once the game is over). The loop in ui/play_cmds.py shows the step,
reads the answer (Enter on a dice question rolls virtually; typed faces are the table's dice),
builds the action with `step.make(answer)` and records it like any single command would. Because
where the day stands lives in the table state, a guided game can be quit and resumed anywhere,
and undo steps back through it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from .errors import UsageError
from .i18n import _

KINDS = ("dice", "choice", "number", "text", "confirm", "none")


@dataclass(frozen=True)
class Ask:
    """A question for the table.

    kind: dice     answer is None (roll virtually) or the faces typed, e.g. "3,5" or "2/5"
          choice   answer is one of `choices` values (a number picks by position)
          number   answer is an int within lo..hi
          text     answer is free text
          confirm  answer is True/False (Enter takes `default`)
          none     nothing to answer: Enter goes on
    """

    prompt: str
    kind: str = "none"
    dice: tuple[str, ...] = ()
    choices: tuple[tuple[str, str], ...] = ()  # (value, label)
    default: Any = None
    lo: int | None = None
    hi: int | None = None
    multiple: bool = False  # choice: several values, comma-separated

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"ask kind {self.kind!r}: accepted: {', '.join(KINDS)}")

    def parse(self, text: str | None) -> Any:
        """Turn what was typed into the answer `Step.make` takes; a UsageError says what is accepted."""
        raw = (text or "").strip()
        if self.kind == "none":
            return None
        if self.kind == "dice":
            return raw or None
        if self.kind == "confirm":
            if not raw:
                if self.default is None:
                    raise UsageError(_("answer y or n"))
                return bool(self.default)
            if raw.lower() in ("y", "yes", "a", "ano"):
                return True
            if raw.lower() in ("n", "no", "ne"):
                return False
            raise UsageError(_("answer {raw!r}: accepted: y or n").format(raw=raw))
        if not raw and self.default is not None:
            raw = str(self.default)
        if self.kind == "number":
            try:
                n = int(raw)
            except ValueError:
                raise UsageError(_("answer {raw!r} is not a whole number; accepted: {span}").format(raw=raw, span=self._span())) from None
            if (self.lo is not None and n < self.lo) or (self.hi is not None and n > self.hi):
                raise UsageError(_("answer {n} is out of range; accepted: {span}").format(n=n, span=self._span()))
            return n
        if self.kind == "text":
            if not raw:
                raise UsageError(_("empty answer; type some text"))
            return raw
        values = [v for v, _ in self.choices]
        picks = [p.strip() for p in raw.split(",")] if self.multiple else [raw]
        if self.multiple and raw in ("", "-", "none"):
            return ()
        out = []
        for p in picks:
            if p.isdecimal() and 1 <= int(p) <= len(values) and p not in values:
                out.append(values[int(p) - 1])
            elif p.lower() in (v.lower() for v in values):
                out.append(next(v for v in values if v.lower() == p.lower()))
            else:
                shown = ", ".join(f"{i}={v}" for i, v in enumerate(values, 1))
                raise UsageError(_("answer {p!r}: accepted: {shown}").format(p=p, shown=shown))
        return tuple(out) if self.multiple else out[0]

    def _span(self) -> str:
        lo = "" if self.lo is None else str(self.lo)
        hi = "" if self.hi is None else str(self.hi)
        return f"{lo}..{hi}"


@dataclass(frozen=True)
class Step:
    """One thing that happens next at the table."""

    phase: str  # the phase it belongs to (shown as a heading)
    title: str  # a few words: "Shark attack, bite 2 of 4"
    say: str  # what to do at the table, in plain words
    ask: Ask  # the question; Ask("Enter to go on") when there is nothing to decide
    make: Callable[[Any], Any]  # answer -> the Action to record; every step records one, so the game moves on
    odds: Callable[[], list[str]] | None = None  # optional: lines of odds shown before the question
    task: dict | None = None  # the game's task this step answers, if it keeps a queue (its odds look it up)
