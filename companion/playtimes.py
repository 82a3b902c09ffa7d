"""The play log's times: a date typed or read from a file, stamps in UTC (ISO 8601), shown in local
time, and the minutes of play from a game's event times."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta, timezone

from .errors import UsageError
from .i18n import _


def utc_now() -> datetime:
    return datetime.now(timezone.utc)


def parse_when(text: object, what: str | None = None, now: datetime | None = None, end_of_day: bool = False) -> datetime:
    """A date or date and time typed by a user or read from a file, as an aware UTC datetime.

    Accepts 2026-11-29, 2026-11-29 18:30, 2026-11-29 18:30:05 and ISO 8601 with T and an offset; times
    without an offset are local. Refuses dates in the future (beyond a minute of clock skew).
    """
    s = str(text).strip() if text is not None else ""
    what = what or _("date")
    accepted = _("write YYYY-MM-DD or YYYY-MM-DD HH:MM[:SS] (local time), e.g. 2026-03-14 19:30")
    try:
        if len(s) == 10:
            d = date.fromisoformat(s)
            dt = datetime.combine(d, time(23, 59, 59) if end_of_day else time(0, 0))
        else:
            dt = datetime.fromisoformat(s.replace("Z", "+00:00"))
    except ValueError:
        raise UsageError(_("{what} {text!r} is not a date; {accepted}").format(what=what, text=text, accepted=accepted)) from None
    if dt.year < 1900:
        raise UsageError(_("{what} {text!r} is before 1900; {accepted}").format(what=what, text=text, accepted=accepted))
    if dt.tzinfo is None:
        dt = dt.astimezone()  # local wall time
    dt = dt.astimezone(timezone.utc)
    now = now or utc_now()
    if dt > now + timedelta(minutes=1) and not end_of_day:
        raise UsageError(_("{what} {text!r} is in the future (now is {local}); plays are logged after they happen").format(what=what, text=text, local=local(now.isoformat())))
    return dt


def iso(dt: datetime) -> str:
    return dt.astimezone(timezone.utc).isoformat(timespec="seconds")


def local(stamp: str, fmt: str = "%Y-%m-%d %H:%M") -> str:
    """An ISO UTC stamp shown in local time."""
    if not stamp:
        return ""
    return datetime.fromisoformat(stamp).astimezone().strftime(fmt)


def active_minutes(stamps: list[str], pause_min: int = 30) -> int:
    """Minutes of play from the times of a game's events: a gap longer than `pause_min` is a break
    (the game was left open overnight), so it does not count."""
    times = sorted(datetime.fromisoformat(s) for s in stamps if s)
    total = 0.0
    for a, b in zip(times, times[1:]):
        gap = (b - a).total_seconds() / 60
        if gap <= pause_min:
            total += gap
    return round(total)
