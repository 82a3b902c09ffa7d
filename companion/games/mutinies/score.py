"""21 Mutinies: the final scoring, step by step, and the score pad.

Steps (21-mutinies-rulebook-en.txt § Final Score and Winner), in this order, in turn order:
  1 treasures   each unused treasure token turned over (rum tokens count nothing)
  2 jewels      each jewel token → 1 doubloon
  3 cards       each mutiny card in hand or in front → 1 doubloon
  4 convert     every 3 doubloons → 1 prestige (2 when card texts are ignored); the rest are kept
  5 end cards   the prestige printed on end-of-game cards
  6 rum         -1 prestige per rum still held
No bonus space of the prestige track pays out during the final scoring. Most prestige wins;
a tie goes to the most doubloons left; a tie again is a shared victory.
"""

from __future__ import annotations

from typing import ClassVar

from ...action_base import Action, register
from ...catalog import GameCatalog
from ...errors import Next, RuleError, UsageError
from ...i18n import N_, _, ngettext
from ...table import Table
from ...valuetype import frozen
from . import core, jewels, purse
from .cards import parse_treasure, use_treasure
from .core import _phase, end_cards, flow, hand, name, rule
from .layout import packs
from .rounds import snapshot

STEPS = {1: N_("treasures"), 2: N_("jewels to doubloons"), 3: N_("mutiny cards to doubloons"),
         4: N_("doubloons to prestige"), 5: N_("end-of-game cards"), 6: N_("rum")}


def rate(t: Table, cat: GameCatalog) -> int:
    sc = rule(cat, "scoring")
    return sc["per_prestige_no_texts"] if core.texts_ignored(t) else sc["per_prestige"]


def winners(t: Table) -> list[str]:
    seats = core.players(t)
    best = max((core.value(t, s, "prestige"), core.value(t, s, "doubloons")) for s in seats)
    return [s for s in seats if (core.value(t, s, "prestige"), core.value(t, s, "doubloons")) == best]


@register
@packs
@frozen
class Score(Action):
    """The next step of the final scoring (treasures: the tokens turned over; end cards: their prestige)."""

    kind: ClassVar[str] = "mut-score"
    treasures: tuple[tuple[str, int | None, int | None], ...] | None = None  # step 1: (token, pay, gain) each

    def text(self) -> str:
        if not self.treasures:
            return _("final scoring")
        shown = ",".join(f"{k}:{p}:{g}" if k == "exchange" else k for k, p, g in self.treasures)
        return _("final scoring: treasures {treasures}").format(treasures=shown)

    @classmethod
    def parse(cls, treasures: str | None = None) -> "Score":
        """Step 1's tokens as typed, by commas: prestige,doubloons,exchange:3:1,jewel,rum."""
        if treasures is None or treasures == "":
            return cls(None)
        return cls(tuple(parse_treasure(x) for x in str(treasures).split(",") if x.strip()))

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        return cls.parse(stored.get("treasures")).to_dict()

    def run(self, t: Table, cat: GameCatalog):
        _phase(t, "scoring")
        sc = flow(t)["scoring"]
        step, seat = sc["todo"][0]
        said = self._step(t, cat, step, seat)
        sc["todo"].pop(0)
        sc["pad"][str(step)] = snapshot(t)
        if not sc["todo"]:
            won = winners(t)
            scores = {s: core.value(t, s, "prestige") for s in core.players(t)}
            t.data["over"] = {"result": "won", "winners": won, "prestige": scores}
            t.data["flags"]["phase"] = "over"
            who = _(" and ").join(name(t, s) for s in won)
            said += ". " + (_("{who} share the victory with {n} prestige") if len(won) > 1
                            else _("{who} wins with {n} prestige")).format(who=who, n=scores[won[0]])
        return {"say": _("step {step} ({name}): {said}").format(step=step, name=_(STEPS[step]), said=said), "step": step}

    def _step(self, t: Table, cat: GameCatalog, step: int, seat: str | None) -> str:
        seats = core.players(t)
        if step == 1:
            assert seat is not None, "step 1 is each treasure holder's own (rounds.start_scoring)"
            if self.treasures is None:
                raise RuleError(_("which treasure tokens does {who} turn over? e.g. prestige,doubloons,exchange:3:1,jewel,rum")
                                .format(who=name(t, seat)), next=Next("mut-score", missing=("treasures",)))
            tokens = list(self.treasures)
            held = core.value(t, seat, "treasure")
            if len(tokens) != held:
                raise RuleError(_("{who} holds {held} treasure tokens; {given} given")
                                .format(who=name(t, seat), held=held, given=len(tokens)))
            return "; ".join(use_treasure(t, cat, seat, k, p, g, scoring=True) for k, p, g in tokens)
        if self.treasures is not None:
            raise UsageError(_("step {step} ({name}) takes no answer").format(step=step, name=_(STEPS[step])))
        if step == 2:
            parts = []
            for s in seats:
                n = core.value(t, s, "jewel")
                t.seat_values(s)["jewel"] = 0
                jewels.clear(t, s)
                t.data["counters"]["jewels-out"] += n
                parts.append(f"{name(t, s)} +{purse.gain(t, s, 'doubloons', n)}")
            return ", ".join(parts)
        if step == 3:
            return ", ".join(f"{name(t, s)} +{purse.gain(t, s, 'doubloons', len(hand(t, s)) + len(hand(t, s, 'front')))}"
                             for s in seats)
        if step == 4:
            r, parts = rate(t, cat), []
            for s in seats:
                n = core.value(t, s, "doubloons") // r
                purse.pay(t, s, "doubloons", n * r, N_("prestige"))
                purse.gain_prestige(t, cat, s, n, bonus=False)
                parts.append(ngettext("{who} +{n} ({d} doubloon)", "{who} +{n} ({d} doubloons)", n * r).format(who=name(t, s), n=n, d=n * r))
            return _("{r} doubloons a point: {parts}").format(r=r, parts=", ".join(parts))
        if step == 5:
            raise RuleError(_("end-of-game cards need the prestige printed on them"), next=Next("mut-score-cards", missing=("points",)))
        return ", ".join(f"{name(t, s)} -{purse.lose_prestige(t, cat, s, core.value(t, s, 'rum'))}" for s in seats)


@register
@packs
@frozen
class ScoreCards(Action):
    """Step 5 for one player: the prestige their end-of-game cards give, as printed on them."""

    kind: ClassVar[str] = "mut-score-cards"
    points: int

    def text(self) -> str:
        return _("final scoring: end cards {points}").format(points=self.points)

    def run(self, t: Table, cat: GameCatalog):
        _phase(t, "scoring")
        sc = flow(t)["scoring"]
        step, seat = sc["todo"][0]
        if step != 5:
            raise RuleError(_("the next scoring step is {step} ({name}), not the end-of-game cards")
                            .format(step=step, name=_(STEPS[step])))
        if not 0 <= self.points <= 3 * len(end_cards(t, cat, seat)):
            raise RuleError(_("{points} prestige: each Across the Seven Seas gives 0..3").format(points=self.points))
        purse.gain_prestige(t, cat, seat, self.points, bonus=False)
        sc["todo"].pop(0)
        sc["pad"]["5"] = snapshot(t)
        return {"say": _("step 5 ({name}): {who} +{points} prestige").format(name=_(STEPS[5]), who=name(t, seat), points=self.points),
                "step": 5}


def pad_rows(t: Table) -> list[tuple[str, dict]]:
    """The score pad: (step label, {seat: [prestige, doubloons]}) for each step done so far."""
    sc = flow(t).get("scoring")
    if not sc:
        return []
    rows = [(N_("before scoring"), sc["pad"]["0"])]
    for n in range(1, 7):
        if str(n) in sc["pad"]:
            rows.append((f"{n} {STEPS[n]}", sc["pad"][str(n)]))
    return rows
