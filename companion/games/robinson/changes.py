"""Robinson Crusoe: what a card changed, typed at the table ('wood -1, cook.wounds +2, roof half'), applied
with the rulebook's consequences: a shared resource or the Palisade that cannot pay wounds every player,
resources set aside for planned actions stay on them, gains of the Action phase wait as Future Resources."""

from __future__ import annotations

import re
from typing import Any

from ...catalog import GameCatalog
from ...errors import RuleError, UsageError
from ...i18n import _
from ...table import FlagTarget, Table
from . import rules as R
from .event_deck import TARGETS, shuffle_in
from .plan import set_aside
from .state import RESOURCE, seat_of, who, wound, wound_each

SHARED = ("food", "wood", "fur", "palisade")  # short of these: one wound for each player per piece
_ITEM = re.compile(r"^(\S+?)\s*(?:\s|=)\s*([+-]?\d+|half|[a-z]+)$")


# A change as the action holds it: (target label, op, value). op "+": move by value; "=": set to value (a track or
# counter); "half": lose half, rounded down (value None); "flag": set a flag to its typed value.
Change = tuple[str, str, Any]
NOTHING = ("", "-", "none", "nothing")


def parse_changes(t: Table, cat: GameCatalog, text: str | None) -> tuple[Change, ...]:
    """'wood -1, cook.wounds +2, roof half, storm-token +1, morale =2, camp-shelter yes' as typed changes, read
    against the table (a player's name, character or colour for the seat); raises UsageError saying what is
    accepted."""
    raw = (text or "").strip()
    if raw.lower() in NOTHING:
        return ()
    accepted = _("write NAME +N, NAME -N, NAME =N or NAME half, separated by commas, e.g. 'wood -1, cook.wounds +1'")
    out: list[Change] = []
    for item in re.split(r"[,;]", raw):
        item = item.strip()
        if not item:
            continue
        m = _ITEM.match(item.lower())
        if not m:
            raise UsageError(_("change {item!r}: {accepted}").format(item=item, accepted=accepted))
        name, op = m.groups()
        if name in TARGETS:  # an Adventure or Mystery card shuffled into the Event deck (event_deck.py)
            if not op.startswith(("+", "-")) or not op[1:].isdecimal():
                raise UsageError(_("change {item!r}: {name} takes +N or -N (cards shuffled into the Event deck)")
                                 .format(item=item, name=name))
            out.append((name, "+", int(op)))
            continue
        if "." in name:  # a player's name works as well as a colour or character
            left, _dot, comp = name.partition(".")
            name = f"{seat_of(t, cat, left)}.{comp}"
        tg = t.resolve(cat, name)
        if tg.kind == "flag":
            if tg.spec.values is not None and op not in tg.spec.values:
                raise UsageError(_("change {item!r}: {name} accepts {values}").format(
                    item=item, name=tg.label, values=", ".join(tg.spec.values)))
            out.append((tg.label, "flag", tg.spec.value(op) if tg.spec.values is not None else op))
            continue
        if tg.kind not in ("track", "counter"):
            raise UsageError(_("change {item!r}: {name} cannot be changed this way; {accepted}").format(
                item=item, name=tg.label, accepted=accepted))
        if op == "half":
            out.append((tg.label, "half", None))
            continue
        if not (op.startswith(("+", "-")) or op.isdecimal()):
            raise UsageError(_("change {item!r}: {op!r} is not a number; {accepted}").format(item=item, op=op, accepted=accepted))
        n = int(op)
        if abs(n) > 1000:
            raise UsageError(_("change {item!r}: {delta:+d} is far too large").format(item=item, delta=n))
        out.append((tg.label, "+" if op.startswith(("+", "-")) else "=", n))
    return tuple(out)


def changes_words(changes) -> str:
    """Typed changes as the table writes them: 'wood -1, red.wounds +1, roof half, camp-shelter yes'."""
    words = []
    for target, op, value in changes or ():
        shown = {"+": lambda v: f"{v:+d}", "=": lambda v: f"={v}", "half": lambda v: "half"}.get(op, _flag_word)(value)
        words.append(f"{target} {shown}")
    return ", ".join(words) or "-"


def _flag_word(value) -> str:
    return "yes" if value is True else "no" if value is False else str(value)


def upgrade_changes(t: Table, cat: GameCatalog, text) -> list:
    """Schema 3 kept the changes as the text typed (text), schema 4 as typed changes (a list)."""
    return [list(c) for c in (parse_changes(t, cat, text) if text is None or isinstance(text, str) else text)]


def apply_changes(t: Table, cat: GameCatalog, changes, to_future: bool = False) -> list[str]:
    """Apply typed changes (parse_changes), in their order.

    A shared resource or the Palisade that cannot pay is one wound for each player per missing piece,
    determination one wound for its owner (Unfulfilled Demand). In the Action phase resources gained
    go to the Future Resources space (to_future)."""
    lines: list[str] = []
    for target, op, value in changes or ():
        if target in TARGETS:
            if op != "+" or isinstance(value, bool) or not isinstance(value, int):
                raise UsageError(_("change {item!r}: {name} takes +N or -N (cards shuffled into the Event deck)")
                                 .format(item=changes_words([(target, op, value)]), name=target))
            n = shuffle_in(t, TARGETS[target], value)
            lines.append(_("{target} {n:+d}: {deck} cards in the Event deck").format(
                target=target, n=n, deck=t.data["counters"]["event-deck"]))
            continue
        tg = t.resolve(cat, target)
        if op == "flag":
            if not isinstance(tg, FlagTarget):  # a stored change setting a count as a flag
                raise UsageError(_("change {item!r}: {name} cannot be changed this way").format(
                    item=f"{target} {_flag_word(value)}", name=tg.label))
            if tg.spec.values is not None and value not in [tg.spec.value(w) for w in tg.spec.values]:
                raise UsageError(_("change {item!r}: {name} accepts {values}").format(
                    item=f"{target} {_flag_word(value)}", name=tg.label, values=", ".join(tg.spec.values or ())))
            t.put(tg, value)
            lines.append(f"{tg.label} = {_flag_word(value)}")
            continue
        if tg.kind not in ("track", "counter") or op not in ("+", "=", "half") or (
                op != "half" and (isinstance(value, bool) or not isinstance(value, int))):
            raise UsageError(_("change {item!r}: {name} cannot be changed this way").format(
                item=changes_words([(target, op, value)]), name=tg.label))
        now = t.get(tg)
        delta = -R.half_loss(now) if op == "half" else value if op == "+" else value - now
        if abs(delta) > 1000:
            raise UsageError(_("change {item!r}: {delta:+d} is far too large").format(
                item=changes_words([(target, op, value)]), delta=delta))
        lines.append(_change(t, cat, tg, delta, to_future))
    return lines


def _change(t: Table, cat: GameCatalog, tg, delta: int, to_future: bool) -> str:
    from ...action_base import check_range

    if tg.kind == "track":
        new = t.get(tg) + delta
        check_range(t, tg, new)
        t.put(tg, new)
        return f"{tg.label} {delta:+d} → {new}"
    cid = tg.spec.id
    if delta > 0 and to_future and cid in ("food", "wood", "fur"):
        t.data["counters"][f"future-{cid}"] += delta
        return _("{res} +{n} to Future Resources (gains of the Action phase wait there)").format(
            res=_(RESOURCE[cid]), n=delta)
    now = t.get(tg)
    lo, hi = t.limits(tg.spec)
    aside = set_aside(t).get(cid, 0) if to_future else 0
    if delta < 0 and aside and now + delta < lo + aside:
        # resources set aside for a planned action stay on it (§ VERY IMPORTANT): a loss takes only the rest
        free = now - aside
        paid = min(free, -delta)
        missing = -delta - paid
        t.put(tg, now - paid)
        if cid in SHARED:
            wound_each(t, missing)
        return _("{res} {delta:+d}: {aside} set aside for planned actions stay; {missing} missing → "
                 "{missing} wound(s) for each player").format(res=cid, delta=delta, aside=aside, missing=missing)
    if delta < 0 and now + delta < lo:
        missing = lo - (now + delta)
        if cid == "food":
            food, nonp, miss = R.eat(now, t.data["counters"]["nonperishable"], -delta)
            t.data["counters"]["food"], t.data["counters"]["nonperishable"] = food, nonp
            wound_each(t, miss)
            return (_("food {delta:+d}: {miss} missing, {miss} wound(s) each") if miss else
                    _("food {delta:+d} (non-perishable used)")).format(delta=delta, miss=miss)
        if cid in SHARED:
            t.put(tg, lo)
            wound_each(t, missing)
            return _("{res} {delta:+d}: {missing} missing → {missing} wound(s) for each player").format(
                res=cid, delta=delta, missing=missing)
        if cid == "determination":
            t.put(tg, lo)
            wound(t, tg.seat, missing)
            return _("{name} {delta:+d}: {missing} missing → {missing} wound(s) to {who}").format(
                name=tg.label, delta=delta, missing=missing, who=who(t, cat, tg.seat))
        raise RuleError(_("{name} is {now}: it cannot go {delta:+d} (lowest {lo})").format(
            name=tg.label, now=now, delta=delta, lo=lo))
    if hi is not None and now + delta > hi:
        raise RuleError(_("{name} {now}{delta:+d} is past its cap of {hi}").format(name=tg.label, now=now, delta=delta, hi=hi))
    t.put(tg, now + delta)
    return f"{tg.label} {delta:+d} → {now + delta}"
