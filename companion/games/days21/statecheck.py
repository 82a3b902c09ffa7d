"""The day's flow of a 21 Days state from outside (a save code, a cached state) checked field by field:
what the rules code reads of it without asking (a queued placement's seat, a wound's seat) must be there.
"""

from __future__ import annotations

from ...errors import UsageError
from ...i18n import _
from ...table import Table

SEATED = ("place", "card", "dive", "magnusson", "receive", "play")  # the queued steps that belong to one survivor
WORDS = ("do", "sym", "for", "face")  # a task's words


def _refuse(where: str, value, accepted: str):
    from ...bounded import shown

    raise UsageError(_("{where} is {value}; accepted: {accepted}").format(where=where, value=shown(value), accepted=accepted))


def check_flow(t: Table) -> None:
    """A UsageError naming the first field of data["flow"] the rules could not use."""
    f = t.data.get("flow")
    if f is None:
        return
    if not isinstance(f, dict):
        _refuse("flow", f, _("an object"))
    seats = list(t.seats)
    who = ", ".join(seats)
    queue = f.get("queue", [])
    if not isinstance(queue, list):
        _refuse("flow.queue", queue, _("a list of steps"))
    for i, q in enumerate(queue):
        where = f"flow.queue[{i}]"
        if not isinstance(q, dict) or not isinstance(q.get("do"), str):
            _refuse(where, q, _("a step: an object with \"do\""))
        for key in WORDS:
            if key in q and not isinstance(q[key], str):
                _refuse(f"{where}.{key}", q[key], _("a word"))
        if "extra" in q and not isinstance(q["extra"], bool):
            _refuse(f"{where}.extra", q["extra"], "true, false")  # untranslated: JSON words
        if q["do"] in SEATED and "seat" not in q:
            _refuse(where, q, _("a {step} step with the seat it waits for: {seats}").format(step=q["do"], seats=who))
        if "seat" in q and q["seat"] not in seats:
            _refuse(f"{where}.seat", q["seat"], who)
    for key in ("picked",):
        if f.get(key) is not None and f[key] not in seats:
            _refuse(f"flow.{key}", f[key], who)
    wound = f.get("wound")
    if wound is not None and (not isinstance(wound, dict) or wound.get("seat") not in seats
                              or not isinstance(wound.get("vals"), dict)):
        _refuse("flow.wound", wound, _("a wound with its seat ({seats}) and values").format(seats=who))
    wait = f.get("await")
    if wait is not None and (not isinstance(wait, dict) or not isinstance(wait.get("among", []), list)):
        _refuse("flow.await", wait, _("an object naming the seats it waits among"))
