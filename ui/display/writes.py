"""The pad's writes: an answer to the guided question, an undo or redo (one step, or to a chosen event). Each
is one of session's transactions, held to the version the pad showed (a write since: 409, nothing applied);
a seat's pad answers its seat's questions and the table's, another seat's is refused (403)."""

from __future__ import annotations

from companion import session
from companion.i18n import _

from . import view
from .pads import TABLE
from .reader import Reader, no_game
from .refusals import Refused


def fresh(row, version: int) -> None:
    if row.version != version:
        raise Refused(409, _("the question changed: game {id} is at version {now}, the answer was for version {then}; nothing was applied").format(
            id=row.id, now=row.version, then=version))


def answer(reader: Reader, game_id: int, version: int, typed: str | None, question: str | None = None, role: str = TABLE) -> str:
    """The answer `typed` to the question the pad showed at `version` (its id `question`, checked inside the
    write), in the table's words."""
    with reader.store() as st:
        loaded = reader.game(st, game_id)
        fresh(loaded.row, version)
        if not view.guided(loaded.cat):
            raise Refused(409, _("{name} has no guided mode; the pad cannot answer").format(name=_(loaded.cat.name)))
        step = view.step_of(loaded.table, loaded.cat)
        if step is None:
            raise Refused(409, _("game {id} is over; there is no question to answer").format(id=game_id))
        whose = view.seat_of(step, loaded.table)
        if role != TABLE and whose is not None and whose != role:
            raise Refused(403, _("this question is for {whose}: the pad of {seat} cannot answer it; nothing was applied").format(
                whose=whose, seat=role))
        if question is not None:  # the question the pad showed, checked inside the write (session.answer)
            if not question.startswith(f"{version}:"):
                raise Refused(400, _("\"question\" {value!r} is not a question of version {version}").format(value=question, version=version))
            ev, _t = session.answer(st, game_id, question, typed)
        else:
            action = step.make(step.ask.parse(typed))
            ev, _t = session.act(st, game_id, action, expect=version)
    said = ev.result.get("say") if isinstance(ev.result, dict) else None
    return f"#{ev.seq} {session.event_text(ev, cat=loaded.cat)}" + (f" → {said}" if said else "")


def undo(reader: Reader, game_id: int, version: int, to: int | None = None, redo: bool = False) -> str:
    """Undo (or redo) one step, or back to (up to) event `to`: one transaction held to `version`."""
    with reader.store() as st:
        row = st.game(game_id)
        if row is None:
            raise Refused(404, no_game(st, game_id))
        fresh(row, version)
        if redo and to is not None:
            ev, _t, moved = session.redo_to(st, game_id, to, expect=version)
        elif redo:
            ev, _t, one = session.redo(st, game_id, expect=version)
            moved = [one]
        elif to is None:
            ev, _t, one = session.undo(st, game_id, expect=version)
            moved = [one]
        else:
            ev, _t, moved = session.undo_to(st, game_id, to, expect=version)
        cat = reader.game(st, game_id).cat
    lines = "; ".join(f"#{e.seq} {session.event_text(e, cat=cat)}" for e in moved)
    if redo:
        return _("#{seq} redid: {text}").format(seq=ev.seq, text=lines)
    return _("#{seq} undid: {text}").format(seq=ev.seq, text=lines)
