"""The guided game's vocabulary: what castaway says, what it asks, and which action an answer makes.

A game module offers `next_step(table, catalog) -> Step | None`: from the table's state alone it
tells what happens next (None once the game is over). The loop in ui/play_cmds.py shows the step,
reads the answer (Enter on a dice question rolls virtually; typed faces are the table's dice),
builds the action with `step.make(answer)` and records it like any single command would. Because
where the day stands lives in the table state, a guided game can be quit and resumed anywhere,
and undo steps back through it.
"""

from __future__ import annotations

from typing import Any, Callable

from .errors import UsageError
from .i18n import _, folded
from .valuetype import frozen

KINDS = ("dice", "choice", "number", "text", "confirm", "none")


@frozen
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
    keys: tuple[str, ...] = ()  # choice: each option's own number, kept all game long (else 1, 2, 3 by position)
    also: tuple[tuple[str, str], ...] = ()  # choice, multiple: (number, value) accepted after the first pick, not listed
    hint: str = ""  # text with no default: what to type, with an example, said again when Enter is pressed alone
    # the question's own name ("mut-prices"), the same in every language and whatever its wording: what a
    # script or a test answers by (a menu is answered by its options' values)
    id: str = ""
    # text: answers the pad offers as buttons, each (group, value, label): the group says what they are
    # ("Jellyfish card"); a value ending in a space goes into the field for the rest to be typed (a face)
    offers: tuple[tuple[str, str, str], ...] = ()
    # dice: each die's own name where several share one (the four swim rolls: each its challenge)
    names: tuple[str, ...] = ()

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"ask kind {self.kind!r}: accepted: {', '.join(KINDS)}")
        if self.keys and len(self.keys) != len(self.choices):
            raise ValueError(f"ask keys {self.keys!r}: one per choice ({len(self.choices)})")

    def numbered(self) -> list[tuple[str, str, str]]:
        """(number, value, label) of each option, by number; a label shown twice gets its number added,
        so no two options ever read the same."""
        keys = self.keys or tuple(str(i) for i in range(1, len(self.choices) + 1))
        labels = [label for _v, label in self.choices]
        rows = [(k, v, label if labels.count(label) == 1 else f"{label} #{k}") for k, (v, label) in zip(keys, self.choices)]
        return sorted(rows, key=lambda r: int(r[0])) if all(k.isdecimal() for k in keys) else rows

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
                raise UsageError(_("empty answer; {accepted}").format(accepted=self.hint) if self.hint else _("empty answer; type some text"))
            return raw
        return self.pick(raw)

    def pick(self, raw: str):
        """A choice answer: numbers (the options' own) or values, comma-separated when several are taken."""
        rows = self.numbered()
        values = [v for _k, v, _l in rows]
        by_key = {k: v for k, v, _l in rows}
        picks = [p.strip() for p in raw.replace(" ", ",").split(",") if p.strip()] if self.multiple else [raw]
        if self.multiple and (raw in ("", "-") or (raw == "none" and "none" not in values)):
            return ()
        out = []
        for i, p in enumerate(picks):
            if i == 1 and self.also:
                values += [v for _k, v in self.also if v not in values]
                by_key.update({k: v for k, v in self.also if k not in by_key})
            labels = {folded(label): v for _k, v, label in rows}
            if p in by_key and p not in values:
                out.append(by_key[p])
            elif p.lower() in (v.lower() for v in values):
                out.append(next(v for v in values if v.lower() == p.lower()))
            elif folded(p) in labels:  # the option's label as shown, with or without accents
                out.append(labels[folded(p)])
            else:
                keys = [k for k, _v, _l in rows]
                shown = ", ".join(f"{k}) {_short(label)}" for k, _v, label in rows)
                if not p or len(shown) > 90:  # the menu stands just above: its numbers say enough
                    run = all(str(k).isdigit() for k in keys) and [int(k) for k in keys] == list(range(int(keys[0]), int(keys[0]) + len(keys)))
                    span = f"{keys[0]}–{keys[-1]}" if run and len(keys) > 2 else ", ".join(map(str, keys))
                    raise UsageError(_("answer {p!r}: type a number from the list ({span}) or an option's name").format(p=p, span=span))
                raise UsageError(_("answer {p!r}: accepted: a number or a name from the list: {shown}").format(p=p, shown=shown))
        return tuple(out) if self.multiple else out[0]

    def _span(self) -> str:
        lo = "" if self.lo is None else str(self.lo)
        hi = "" if self.hi is None else str(self.hi)
        return f"{lo}..{hi}"


@frozen
class Step:
    """One thing that happens next at the table."""

    phase: str  # the phase it belongs to (shown as a heading)
    title: str  # a few words: "Shark attack, bite 2 of 4"
    say: str  # what to do at the table, in plain words
    ask: Ask  # the question; Ask("Enter to go on") when there is nothing to decide
    make: Callable[[Any], Any]  # answer -> the Action to record; every step records one, so the game moves on
    odds: Callable[[], list[str]] | None = None  # optional: lines of odds shown before the question
    task: dict | None = None  # the game's task this step answers, if it keeps a queue (its odds look it up)
    # optional: what the rules leave to the table, asked once the action shows its result. (result, table
    # after) -> (Ask, remake) or None; remake(answer) -> None keeps castaway's suggestion (Enter), or the
    # action to record instead (the loop undoes the first one and records this, with the same dice)
    after: Callable[[Any, Any], Any] | None = None
    # `after` is asked again, with the latest result, once its question is answered, until it returns None
    # (one question per player: what each sailor hands in)
    after_again: bool = False
    # a step that asks nothing but can cost a life: the loop waits for Enter (or undo, quit) even where it
    # does steps that ask nothing at once, so the table reads the warning before it happens
    pause: bool = False
    # whose question it is: a seat's id (that seat's pad answers it), None for the whole table. Where a step
    # leaves it out, the seat of the task it answers is taken (display/view.seat_of)
    seat: str | None = None
    # optional: work the loop starts in the background at once (day 21's exact search as soon as day 21's
    # table is known), so a later question finds its odds ready
    background: Callable[[], Any] | None = None


def question_id(version: int, step: Step | None) -> str | None:
    """The id of the question a step asks at a version of the game, "12:d21-prices" or "12:dice": what every
    device sends back with its answer, so an answer is applied to the question it was given for or to none
    (the version names the state, so the question; its name or kind says which, in any language)."""
    if step is None:
        return None
    return f"{version}:{step.ask.id or step.ask.kind}"


def _short(label: str, most: int = 28) -> str:
    """A label cut for an error line: up to its first colon, at most `most` characters."""
    head = str(label).split(":")[0].strip()
    return head if len(head) <= most else head[:most - 1] + "…"
