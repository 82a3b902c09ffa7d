"""The error family of the core.

Every message quotes what was given, says where, and says what would be accepted.
The CLI turns these into one line on stderr: UsageError exits 2, the others exit 1.
"""


class CompanionError(ValueError):
    """Root of every error a user can cause."""

    exit_code = 1


class UsageError(CompanionError):
    """Malformed input or a name that does not exist (bad syntax, unknown component)."""

    exit_code = 2


class UnknownComponent(UsageError):
    """A game, track, counter, die, deck or card name that the catalog does not know."""


class RuleError(CompanionError):
    """Well-formed, but the rules or the table's state refuse it."""


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
