"""The play log's words: a play's result and outcome in the game's own terms and the table's language
(stored plays keep English keys and words; they are translated where they are shown)."""

from __future__ import annotations

from .errors import CompanionError
from .i18n import _
from .plays import ANONYMOUS, info, people


def _fmt(v) -> str:
    if isinstance(v, dict):
        return ", ".join(f"{k} {_fmt(x)}" for k, x in v.items())
    if isinstance(v, list):
        return ", ".join(_fmt(x) for x in v)
    return str(v)


def _shown(game: str, v):
    """An outcome value as a reader knows it: a component's id by its printed name (a survivor), a
    word of the catalog in the chosen language (a difficulty colour); anything else as it is."""
    if isinstance(v, list):
        return [_shown(game, x) for x in v]
    if not isinstance(v, str):
        return v
    from . import catalog

    try:
        chars = catalog.load(game).characters if game in catalog.game_ids() else {}
    except CompanionError:
        chars = {}
    return _(chars[v].name) if v in chars else _(v)


def term(text: str) -> str:
    """A stored English word (an expansion's or variant's name castaway wrote) in the table's language;
    any other text as it is."""
    return _(text) if text else text


def shown_name(name: str) -> str:
    """A player's name as shown: an unnamed seat's stored English word in the table's language."""
    return _(ANONYMOUS) if name == ANONYMOUS else name


def and_list(names: list[str]) -> str:
    """'Ann', 'Ann and Bob', 'Ann, Bob and Cid' in the table's language."""
    if len(names) < 2:
        return "".join(names)
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def _winners(play: dict) -> list[str]:
    g = info(play["game"])
    if not (g.competitive and play["result"] == "won"):
        return []
    return [shown_name(p["name"]) for p in people(play) if p["winner"]]


def result_words(play: dict) -> str:
    """The result as shown: the game's own word for a won play (translated; the stored result stays English)."""
    r = play["result"]
    g = info(play["game"])
    if g.competitive and r == "won":
        winners = _winners(play)
        return _("won by {names}").format(names=and_list(winners)) if winners else _("finished")
    return _(g.won) if r == "won" else _(r)


def describe(play: dict) -> str:
    """The outcome in the game's own terms, e.g. 'rescued · day 21 · survivors alive 3 of 4 · ship at 12'
    (the terms in the table's language; the stored keys and values stay as they are)."""
    g = info(play["game"])
    out = dict(play.get("outcome") or {})
    bits = [result_words(play)]
    if _winners(play):
        out.pop("winner", None)  # already said
    for key, label in g.terms:
        if key not in out or out[key] in (None, ""):
            continue
        v = out.pop(key)
        if key in g.of_players:
            bits.append(_("{label} {value} of {players}").format(label=_(label), value=v,
                                                                 players=len(play.get("players") or []) or "?"))
        else:
            bits.append(f"{_(label)} {_fmt(_shown(play['game'], v))}")
    for key in ("result", "scores"):
        out.pop(key, None)
    bits.extend(f"{k} {_fmt(v)}" for k, v in sorted(out.items()) if v not in (None, "", [], {}))
    return " · ".join(bits)
