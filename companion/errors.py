"""The error family of the core.

Every message quotes what was given, says where, and says what would be accepted.
The CLI turns these into one line on stderr: UsageError exits 2, the others exit 1.

The core speaks rules, not commands: a refusal that knows what the table must do instead carries it as
data (`Next`: the action kind that resolves the step, and what is known of its fields); each face words it
its own way (the terminal as a command, ui/nextwords.py; the guided game and the pad by the question they
already show).
"""

from __future__ import annotations

from dataclasses import field

from .valuetype import frozen


class CompanionError(ValueError):
    """Root of every error a user can cause."""

    exit_code = 1


class UsageError(CompanionError):
    """Malformed input or a name that does not exist (bad syntax, unknown component)."""

    exit_code = 2


class UnknownComponent(UsageError):
    """A game, track, counter, die, deck or card name that the catalog does not know."""


@frozen
class Next:
    """What resolves the step the table is at: an action kind ("d21-shark-phase", "undo"), the values known
    of its fields ({"seat": "red"}), and the fields the table still has to give (("location",)); `alt`: other
    ways out, each a Next."""

    kind: str
    args: dict = field(default_factory=dict)
    missing: tuple[str, ...] = ()
    alt: tuple["Next", ...] = ()


class RuleError(CompanionError):
    """Well-formed, but the rules or the table's state refuse it. `next`: what resolves the step instead."""

    def __init__(self, message: str = "", next: Next | None = None):
        super().__init__(message)
        self.next = next


class StaleError(CompanionError):
    """The game changed since the command read it (another terminal wrote in between)."""


class StoreError(CompanionError):
    """The database file cannot be used (damaged, foreign, or newer than this castaway)."""


class CatalogError(CompanionError):
    """A data file in decks/ is malformed; the message names the file and the key."""


def did_you_mean(word: str, choices) -> str:
    """A short list of accepted names for an error message."""
    from .i18n import _

    names = sorted(choices)
    if len(names) > 20:
        import difflib

        close = difflib.get_close_matches(word, names, n=4, cutoff=0.5)
        if close:
            return _("did you mean {names}?").format(names=", ".join(close))
        return _("accepted: {names}, ...").format(names=", ".join(names[:12]))
    return _("accepted: {names}").format(names=", ".join(names))
