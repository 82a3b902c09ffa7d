"""21 Days: exact odds of the attacks (the four-bite shark attack, a single Shark 1 / 6 bite, the
octopus fight, a jellyfish swim), by pushing a distribution over the survivors' strength stacks through
the same steps the rules procedures in companion/games/days21/attacks.py take.

A survivor's strength is a stack of dice, top die first (`(3, 5)`: visible 3, a 5 under it); losing
strength uses the engine's own `action_base.stack_lose`, so a spent top die is gone for good, and an empty
stack is a dead survivor. Colour tokens pick uniformly among the survivors in question.
Pjotr's cancel (2 hope for a wound just dealt) follows a stated policy (`Pjotr`): he cancels the wounds
that would kill, those that would cost a die or kill, or every wound, while his hope lasts; the state
then carries his hope. Not modelled here: the Dolphin (never in attacks), rerolls and special hope.
"""

from __future__ import annotations

from dataclasses import field
from fractions import Fraction

from ...action_base import stack_lose
from ...i18n import _
from ...valuetype import frozen
from ..dist import D6, ONE, Dist, Weighted, add, marginal, prob, push, walk

Stacks = tuple  # tuple of per-survivor stacks, each a tuple of ints (empty: dead)


@frozen
class Crew:
    """The survivors as the odds see them: seat ids, names, strength stacks, and which seat each shark
    fin (1..6) points at (None: an empty spot, the colour tokens then pick)."""

    seats: tuple[str, ...]
    names: tuple[str, ...]
    stacks: Stacks
    fins: dict = field(default_factory=dict)  # fin -> seat index or None

    def index(self, seat: str) -> int:
        return self.seats.index(seat)


def hurt(stacks: Stacks, i: int, n: int = 1) -> Stacks:
    return stacks[:i] + (tuple(stack_lose(list(stacks[i]), n)),) + stacks[i + 1:]


def alive(stacks: Stacks) -> list[int]:
    return [i for i, s in enumerate(stacks) if s]


@frozen
class Pjotr:
    """Pjotr in the odds: his index in the crew, his hope, and which wounds he cancels for 2 hope:
    'live' (those that would kill), 'dice' (those that would cost a die or kill), 'all'."""

    index: int
    hope: int
    policy: str = "live"

    def cancels(self, stacks: Stacks, v: int, hope: int) -> bool:
        if hope < 2 or not stacks[self.index]:
            return False
        after = stack_lose(list(stacks[v]), 1)
        if self.policy == "all":
            return True
        if self.policy == "dice":
            return len(after) < len(stacks[v])
        return not after


POLICIES = ("live", "dice", "all")


def _wound(stacks: Stacks, v: int, pj: Pjotr | None, hope: int):
    """(stacks, Pjotr's hope) after a wound to v, cancelled by Pjotr when his policy says so."""
    if pj is not None and pj.cancels(stacks, v, hope):
        return stacks, hope - 2
    return hurt(stacks, v), hope


DEN = 6 * 12 * 6  # die face x colour-token pick among 1..4 survivors (lcm 12) x die face


def _bite_step(fins: dict, only_fin: int | None, pj: Pjotr | None = None):
    """One shark bite, in weights out of DEN: the outer face picks the fin (or `only_fin` bites), a
    fin at an empty spot lets the colour tokens pick among the living, inner > visible wounds. With
    Pjotr the state is (stacks, his hope)."""
    fin_w = {only_fin: 6} if only_fin else {f: 1 for f in range(1, 7)}

    def step(state) -> dict:
        stacks, hope = state if pj is not None else (state, 0)
        living = alive(stacks)
        if not living:
            return {state: DEN}
        out: dict = {}
        for fin, wf in fin_w.items():
            i = fins.get(fin)
            targets = [i] if i is not None and stacks[i] else living
            share = 12 // len(targets)
            for v in targets:
                w = wf * share
                hit = max(0, 6 - stacks[v][0])
                wounded = _wound(stacks, v, pj, hope)
                add(out, wounded if pj is not None else wounded[0], w * hit)
                add(out, state, w * (6 - hit))
        return out

    return step


def shark_attack(crew: Crew, bites: int = 4, pj: Pjotr | None = None) -> Dist:
    """The final strength stacks after `bites` bites of the shark attack (4 at night); with Pjotr,
    {(stacks, his hope): p}."""
    start = (crew.stacks, pj.hope) if pj is not None else crew.stacks
    return walk(start, _bite_step(crew.fins, None, pj), bites, DEN)


def shark_bite(crew: Crew, fin: int, pj: Pjotr | None = None) -> Dist:
    """Shark 1 or Shark 6 of the logbook: one bite at that fin's survivor, only the inner die counts."""
    start = (crew.stacks, pj.hope) if pj is not None else crew.stacks
    return walk(start, _bite_step(crew.fins, fin, pj), 1, DEN)


def octopus_fight(crew: Crew, tentacles: int, pj: Pjotr | None = None, cuts: bool = True) -> Dist:
    """The fight once the octopus is awake: {(final stacks, tentacles cut): p}. Each tentacle attacks once:
    the white die grabs whoever shows that visible strength (ties: colour tokens), who rolls the placement
    die: lower loses 1 strength, equal escapes, higher cuts the tentacle off. With Pjotr the stacks
    part is (stacks, his hope). `cuts` False: the tentacles cut are not counted (always 0), fewer states."""

    moves: dict = {}

    def grab(held) -> list:
        """(next stacks, tentacles cut, weight) of one tentacle at these stacks (kept: the fight revisits)."""
        got = moves.get(held)
        if got is None:
            stacks, hope = held if pj is not None else (held, 0)
            living = alive(stacks)
            acc: dict = {}
            if not living:
                acc[(held, 0)] = DEN
            for w in range(1, 7) if living else ():
                match = [i for i in living if stacks[i][0] == w]
                if not match:
                    add(acc, (held, 0), 12 * 6)
                    continue
                share = 12 // len(match)
                for v in match:
                    wounded = _wound(stacks, v, pj, hope)
                    add(acc, (wounded if pj is not None else wounded[0], 0), share * (w - 1))
                    add(acc, (held, 0), share)
                    add(acc, (held, 1), share * (6 - w))
            got = moves[held] = [(nxt, c, q) for (nxt, c), q in acc.items()]
        return got

    start = (crew.stacks, pj.hope) if pj is not None else crew.stacks
    dist: dict = {(start, 0): 1}
    for _tentacle in range(tentacles):  # dist.walk's steps, inline: the fight's hot loop
        out: dict = {}
        get = out.get
        for (held, cut), w in dist.items():
            for nxt, c, q in moves.get(held) or grab(held):
                k = (nxt, cut + c if cuts else 0)
                out[k] = get(k, 0) + w * q
        dist = out
    return Weighted(dist, DEN**tentacles)


def octopus_wakes(faces, reroll: bool = False) -> Fraction:
    """The octopus die wakes the octopus (any tentacle face); with the Professor's reroll of a tentacle."""
    p = sum((w for f, w in _faces(faces).items() if f != "blank"), Fraction(0))
    return p * p if reroll else p


def _faces(faces) -> Dist:
    out: Dist = {}
    for f in faces:
        add(out, f, Fraction(1, len(faces)))
    return out


def challenge_ok(op: str, n: int) -> Fraction:
    ok = sum(1 for v in range(1, 7) if (v > n if op == ">" else v < n))
    return Fraction(ok, 6)


def jellyfish(stack: tuple, challenges) -> Dist:
    """One survivor's swim back past the card's four challenges: {final stack: p}. Each failed roll costs
    1 strength; the swim ends if the swimmer dies."""
    dist: Dist = {tuple(stack): ONE}
    for op, n in challenges:
        ok = challenge_ok(op, n)

        def step(s, ok=ok):
            if not s:
                return {s: ONE}
            return {s: ok, tuple(stack_lose(list(s), 1)): 1 - ok} if ok < 1 else {s: ONE}

        dist = push(dist, step)
    return dist


# -- what a final distribution means for each survivor ---------------------------------------------


def fate(before: tuple, after: tuple) -> str:
    if not after:
        return "die"
    if len(after) < len(before):
        return "lose_die"
    return "ok"


def summary(crew: Crew, final: Dist, key=lambda s: s) -> dict:
    """Per survivor: the distribution of strength lost, the chance to lose a die (and live), to die;
    the chance nobody dies. `key` takes the stacks out of a joint outcome. One pass over the outcomes, in
    their own weights (a Weighted's whole numbers stay whole until the end)."""
    scale = getattr(final, "scale", 1)
    live = alive(crew.stacks)
    each = [(i, seat, nm, st, sum(st), len(st)) for i, (seat, nm, st) in enumerate(zip(crew.seats, crew.names, crew.stacks)) if st]
    loss: list[dict] = [{} for _e in each]
    lose_die = [0] * len(each)
    die = [0] * len(each)
    nobody = 0
    sums: dict = {}
    for x, p in final.items():
        stacks = key(x)
        for j, (i, _seat, _nm, _st, total, dice) in enumerate(each):
            after = stacks[i]
            lost = sums.get(after)
            if lost is None:
                lost = sums[after] = sum(after)
            lost = total - lost
            loss[j][lost] = loss[j].get(lost, 0) + p
            if not after:
                die[j] += p
            elif len(after) < dice:
                lose_die[j] += p
        if all(stacks[i] for i in live):
            nobody += p
    people = [{"seat": seat, "name": nm, "strength": list(st),
               "loss": {k: Fraction(v, scale) for k, v in sorted(loss[j].items())},
               "lose_die": Fraction(lose_die[j], scale), "die": Fraction(die[j], scale)}
              for j, (_i, seat, nm, st, _t, _d) in enumerate(each)]
    return {"survivors": people, "nobody_dies": Fraction(nobody, scale)}


def nobody_dies(crew: Crew, final: Dist, key=lambda s: s) -> Fraction:
    """summary(...)["nobody_dies"] alone, in one pass."""
    live = alive(crew.stacks)
    return Fraction(sum(p for x, p in final.items() if all(key(x)[i] for i in live)), getattr(final, "scale", 1))


def single_summary(stack: tuple, final: Dist) -> dict:
    return {
        "strength": list(stack),
        "loss": marginal(final, lambda s: sum(stack) - sum(s)),
        "lose_die": prob(final, lambda s: fate(stack, s) == "lose_die"),
        "die": prob(final, lambda s: fate(stack, s) == "die"),
    }


# -- reading the table --------------------------------------------------------------------------------


def crew_from_table(t, cat) -> Crew:
    """The living survivors of a 21 Days table, their stacks and the shark fins' targets."""
    from ...games.days21.core import living, name, raft

    seats = tuple(living(t))
    stacks = tuple(tuple(t.seat_values(s)["strength"]) for s in seats)
    names = tuple(name(t, cat, s).split(" (")[0] for s in seats)
    fins = {}
    spots = raft(t)
    for fin, spot in cat.rules["raft"]["fins"].items():
        seat = spots.get(str(spot))
        fins[int(fin)] = seats.index(seat) if seat in seats else None
    return Crew(seats, names, stacks, fins)


def crew_from_values(stacks: list[tuple], names: list[str] | None = None, fins: dict | None = None) -> Crew:
    """A crew typed on the command line: stacks in raft-spot order (spot 1 first) unless `fins` says."""
    seats = tuple(f"s{i + 1}" for i in range(len(stacks))) if names is None else tuple(names)
    if fins is None:
        from ...catalog import load

        raw = load("21days").rules["raft"]["fins"]
        fins = {int(f): (int(spot) - 1 if int(spot) - 1 < len(stacks) else None) for f, spot in raw.items()}
    return Crew(seats, seats, tuple(tuple(s) for s in stacks), fins)


def stack_text(stack) -> str:
    return "/".join(map(str, stack)) if stack else _("dead")


__all__ = ["Crew", "shark_attack", "shark_bite", "octopus_fight", "octopus_wakes", "jellyfish", "summary",
           "single_summary", "crew_from_table", "crew_from_values", "challenge_ok", "D6"]
