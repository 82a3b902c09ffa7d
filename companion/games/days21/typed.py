"""21 Days: what the table typed, parsed once where it is typed (the command line, the guided game, the pad)
into the typed fields of an action, and the checks `run` makes of those typed values (a count of faces
held to the dice the rules roll, a seat held to the living). Nothing here reads text inside `run`.
"""

from __future__ import annotations

from typing import Any, cast

from ... import rolls
from ...bounds import digits_in
from ...errors import UsageError
from ...i18n import _, ngettext
from ...table import Table
from .core import ROLL, faces_list, roll

Faces = tuple[int, ...]


def faces(text: Any, what: str, lo: int = 1, hi: int = 6) -> Faces | None:
    """Typed die faces '3,5 6' as ints, however many (None for a virtual roll: nothing typed, or 'roll');
    `run` holds their count to the dice it rolls (`need`)."""
    if text is None or isinstance(text, (tuple, list)):
        return None if text is None else tuple(text)
    if str(text).strip().lower() in ("", ROLL):
        return None
    got = faces_list(str(text), None, what, lo, hi)
    return None if got is None else tuple(got)


def need(typed: tuple[object, ...] | None, n: int, what: str, lo: int = 1, hi: int = 6) -> None:
    """Typed faces held to the n dice the rules roll here, each a face lo..hi (a stored field may hold anything)."""
    if typed is None:
        return
    example = ",".join(["3"] * (n or 2))
    accepted = ngettext("{n} face {lo}..{hi}, e.g. {example}", "{n} faces {lo}..{hi}, e.g. {example}", n).format(n=n, lo=lo, hi=hi, example=example)
    shown = ",".join(map(str, typed))
    if len(typed) != n:
        raise UsageError(_("{what}: {n} faces typed ({text!r}) for {n2} dice; accepted: {accepted}").format(what=what, n=len(typed), text=shown, n2=n, accepted=accepted))
    for v in typed:
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            raise UsageError(_("{what}: face {v} is not on the die; accepted: {accepted}").format(what=what, v=v, accepted=accepted))


def dice(t: Table, typed: tuple[object, ...] | None, n: int, what: str) -> tuple[list[int], bool]:
    """The n faces a step takes: the typed ones (checked), or rolled from the table's generator. Returns
    (faces, virtual)."""
    if typed is not None:
        need(typed, n, what)
        return list(cast(Faces, typed)), False  # need() let only int faces through
    return roll(t, n), True


def records(die: str, faces_: list[Any], virtual: bool, part: str = "") -> list[rolls.DieRecord]:
    """The result's records of dice of one kind (companion/rolls.py)."""
    return [rolls.record(die, f, not virtual, part) for f in faces_]


# -- attacks, hazards, abilities, events, Scruffs (attacks.py, hazards.py, abilities.py, events.py,
#    scruffs.py): their parsers and checks below ---------------------------------------------------


def blank(text: Any) -> bool:
    """Nothing typed: None, '' or 'roll' (castaway rolls, draws or drops virtually)."""
    return text is None or (isinstance(text, str) and text.strip().lower() in ("", ROLL))


def face(text: Any, what: str, lo: int = 1, hi: int = 6) -> int | None:
    """One typed face as an int (None: virtual)."""
    got = faces(text, what, lo, hi)
    if got is None:
        return None
    need(got, 1, what, lo, hi)
    return got[0]


def seat_of_word(t: Table, text: Any) -> str:
    """The seat a typed colour (red, červená) or survivor id (maya) names, at this table, living or not; the
    rules' own pool (the living, the humans) is checked where the seat is used (`check_seat`)."""
    from .core import SAY, survivor
    from .names import colour, seat_word

    raw = str(text).strip().lower()
    if raw in t.seats:
        return raw
    if seat_word(raw) in t.seats:
        return str(seat_word(raw))
    for s in t.seats:
        if survivor(t, s) == raw:
            return s
    accepted = ", ".join(f"{colour(s)} ({survivor(t, s)})" for s in t.seats)
    raise UsageError(_(SAY["no_token"]).format(text=text, accepted=accepted))


def seat(t: Table, text: Any) -> str | None:
    """A typed seat as its id; None when nothing was typed."""
    return None if text is None or str(text).strip() == "" else seat_of_word(t, text)


def token(t: Table, text: Any) -> str | None:
    """A colour token that fell, typed: its seat id; ROLL for a virtual drop ('roll'); None when not given."""
    if text is None:
        return None
    return ROLL if blank(text) else seat_of_word(t, text)


def seats(t: Table, text: Any) -> tuple[str, ...]:
    """Typed seats 'red,blue maya' as seat ids, in order (repeats kept)."""
    if text is None:
        return ()
    bits = text if isinstance(text, (tuple, list)) else str(text).replace(",", " ").split()
    return tuple(seat_of_word(t, b) for b in bits if str(b).strip())


def check_seat(t: Table, seat_: str, among: list[str] | None = None) -> str:
    """A typed seat id held to the seats the rules allow here (the living, unless a narrower list)."""
    from .core import SAY

    accepted = _refused(t, seat_, among)
    if accepted is not None:
        raise UsageError(_(SAY["no_token"]).format(text=seat_, accepted=accepted))
    return seat_


def _refused(t: Table, seat_: str | None, among: list[str] | None) -> str | None:
    """The seats a typed seat id may be here (the living, unless a narrower list), in the table's words, when
    it is not one of them; None when it is."""
    from .core import living, survivor
    from .names import colour

    pool = living(t) if among is None else among
    if seat_ in pool:
        return None
    return ", ".join(f"{colour(s)} ({survivor(t, s)})" for s in pool) or _("nobody")


def card(t: Table, cat, deck: str, text: Any) -> str | None:
    """A card typed or scanned, as the copy id at this table (None: drawn virtually)."""
    from ...card_actions import resolve_card

    return None if blank(text) else resolve_card(cat, t, deck, str(text))


def drop(t: Table, cat, among: list[str], tok: str | None) -> tuple[str, bool]:
    """The colour tokens of `among` dropped: the seat typed (held to `among`), or a virtual pick (None or
    ROLL). Returns (seat, virtual)."""
    from .core import colour_token

    if tok is None or tok == ROLL or not among:
        return colour_token(t, cat, among, None)
    return check_seat(t, tok, among), False


def shark_faces(text: Any) -> tuple[tuple[int, int], ...] | None:
    """Shark dice typed as outer/inner, one per bite ('2/5,3/4') as pairs of ints (None: virtual)."""
    if text is None or isinstance(text, (tuple, list)):
        return None if text is None else tuple((int(a), int(b)) for a, b in text)
    if blank(text):
        return None
    out = []
    for bit in str(text).replace(",", " ").split():
        parts = bit.split("/")
        if len(parts) != 2 or not all(digits_in(p, 1, 6) for p in parts):
            raise UsageError(_("shark faces {text!r}: {bit!r} should be outer/inner, each 1..6, e.g. 2/5").format(text=text, bit=bit))
        out.append((int(parts[0]), int(parts[1])))
    return tuple(out)


def split(text: Any) -> list[str]:
    if text is None:
        return []
    if isinstance(text, (tuple, list)):
        return [str(x) for x in text]
    return [x for x in str(text).replace(",", " ").split() if x]



# -- locations, the bottle, day 21, the day's flow (locations.py, bottle.py, day21.py, flow.py): their
#    parsers and checks below ----------------------------------------------------------------------


def living_seats(t: Table, cat, text: Any) -> tuple[str, ...] | None:
    """Seats typed as colours or survivor ids ('red,maya blue'), as seat ids of the living (None: nothing typed)."""
    from .core import seat_arg

    if text is None or isinstance(text, (tuple, list)):
        return None if text is None else tuple(seat_arg(t, cat, s) for s in text)
    bits = [b for b in str(text).replace(",", " ").split() if b]
    return tuple(seat_arg(t, cat, b) for b in bits) or None


def one_seat(t: Table, cat, text: Any) -> str | None:
    """One seat typed as a colour or a survivor id, as its seat id (None: nothing typed)."""
    from .core import seat_arg

    if text is None or not str(text).strip():
        return None
    return seat_arg(t, cat, text)


def alive(t: Table, cat, seat: str | None, among: list[str] | None = None) -> str:
    """A typed seat id held to the living (or a narrower list): run's check, no words read."""
    accepted = _refused(t, seat, among)
    if accepted is not None:
        raise UsageError(_("{text!r} is not a living survivor here; accepted: {accepted}").format(text=seat or "", accepted=accepted))
    assert seat is not None, "None is in no pool of seats"
    return seat


def at(t: Table, cat, loc: str, typed: tuple[str, ...] | None, most: int | None = None) -> list[str]:
    """Who rolls at a location: the seats typed (held to the dice placed there today), else today's placements."""
    from ...errors import RuleError
    from .core import living, placements

    placed = [s for s, where in placements(t) if where == loc and s in living(t)]
    if typed:
        out = [alive(t, cat, s) for s in typed]
        if placed and sorted(out) != sorted(placed):  # the dice placed there are the ones that roll
            raise RuleError(_("--seats {seats!r}: the {loc} location holds the dice of {items} today").format(
                seats=",".join(typed), loc=loc, items=", ".join(placed)))
    else:
        out = placed
    if not out and not typed and not any(where == loc for _s, where in placements(t)):
        raise UsageError(_("who rolls at the {loc} location? Give --seats (e.g. red,blue) or place dice in the guided game").format(loc=loc))
    if most is not None and len(out) > most:
        raise RuleError(_("the {loc} location takes at most {most} placement dice, {n} given").format(loc=loc, most=most, n=len(out)))
    return out


def joined(seats_: tuple[str, ...] | None) -> str | None:
    """Typed seats as one field of the log's line ('red,blue')."""
    return ",".join(seats_) if seats_ else None


def one(face_: int | None) -> Faces | None:
    """One typed face as the faces `dice` takes."""
    return None if face_ is None else (face_,)


def upgraded(cls, stored: dict, t: Table, cat, lenient: tuple[str, ...] = ()) -> dict:
    """A schema-3 stored action of a kind with a `parse` (its keywords named as its fields) as it stores now.
    `lenient`: fields the old `run` read only on some branches (who gets the tokens, the card asked for): a
    value that no longer parses was never read (the action ran), so it is stored as None."""
    import dataclasses

    from ...errors import CompanionError

    given = {f.name: stored[f.name] for f in dataclasses.fields(cls) if f.name in stored}
    for name in lenient:
        if given.get(name) is not None:
            try:
                cls.parse(t, cat, **{**given, **{n: None for n in lenient if n != name}})
            except CompanionError:
                given[name] = None
    return cls.parse(t, cat, **given).to_dict()
