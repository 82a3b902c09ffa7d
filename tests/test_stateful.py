"""Random actions with undo and redo against a real store: the log, the cache and the rules agree."""

from __future__ import annotations

import shutil
import tempfile
from collections import Counter
from pathlib import Path

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from companion import actions as A
from companion import card_actions as C
from companion import catalog, session
from companion.errors import CompanionError

SEATS = ("red", "yellow", "blue", "green")
CAT = catalog.load("21days")


class TableMachine(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        self.dir = Path(tempfile.mkdtemp(prefix="castaway-stateful-"))
        self.store = session.open_store(self.dir / "t.db", create=True)
        loaded = session.new_game(self.store, "21days", {"promos": True}, seed=11)
        self.gid = loaded.row.id
        self.undo_stack = [loaded.table]  # states the undo should give back, newest last
        self.redo_stack = []

    def teardown(self):
        self.store.close()
        shutil.rmtree(self.dir, ignore_errors=True)

    # -- helpers ---------------------------------------------------------------------------------
    def head(self):
        return self.store.game(self.gid)

    def do(self, action):
        before = self.head()
        try:
            _ev, table = session.act(self.store, self.gid, action)
        except CompanionError:
            after = self.head()
            assert after.version == before.version and after.state_json == before.state_json, "a refused action wrote"
            return
        self.undo_stack.append(table)
        self.redo_stack = []

    # -- rules -----------------------------------------------------------------------------------
    @rule(track=st.sampled_from(["shark", "ship", "day"]), delta=st.integers(-4, 4).filter(bool))
    def move_track(self, track, delta):
        self.do(A.Move(track, delta))

    @rule(counter=st.sampled_from(["tentacles", "planks"]), delta=st.integers(-3, 3).filter(bool))
    def move_counter(self, counter, delta):
        self.do(A.Move(counter, delta))

    @rule(seat=st.sampled_from(SEATS), delta=st.integers(-5, 5).filter(bool))
    def hope(self, seat, delta):
        self.do(A.Move(f"{seat}.hope", delta))

    @rule(seat=st.sampled_from(SEATS), delta=st.integers(-4, 3).filter(bool))
    def strength(self, seat, delta):
        self.do(A.Move(f"{seat}.strength", delta))

    @rule(value=st.integers(-2, 8))
    def set_shark(self, value):
        self.do(A.SetValue("shark", value))

    @rule(expr=st.sampled_from(["d6", "2d6", "shark", "octopus", "3*white"]), typed=st.booleans())
    def roll(self, expr, typed):
        faces = None
        if typed:
            faces = {"d6": "4", "2d6": "1,6", "shark": "2/5", "octopus": "blank", "3*white": "1,2,3"}[expr]
        self.do(lambda t, cat: A.Roll.parse(cat, (expr,), faces))

    @rule(deck=st.sampled_from(["bottle", "disaster", "jellyfish"]), to=st.sampled_from([None, *SEATS]))
    def draw(self, deck, to):
        self.do(C.Draw(deck, None, to))

    @rule(deck=st.sampled_from(["bottle", "disaster", "jellyfish"]), pick=st.integers(0, 20), how=st.sampled_from(["discard", "return", "remove"]))
    def move_card(self, deck, pick, how):
        state = self.head().state
        cards = [c for c in state.deck_cards(deck) if c not in state.deck(deck)["draw"]]
        if not cards:
            return
        card = cards[pick % len(cards)]
        self.do({"discard": C.Discard, "return": C.ReturnCard, "remove": C.RemoveCard}[how](deck, card))

    @rule(deck=st.sampled_from(["bottle", "disaster"]))
    def shuffle(self, deck):
        self.do(C.Shuffle(deck))

    @precondition(lambda self: len(self.undo_stack) > 1)
    @rule()
    def undo(self):
        current = self.undo_stack.pop()
        _ev, table, _ = session.undo(self.store, self.gid)
        assert table == self.undo_stack[-1], "undo(apply(s)) != s"
        self.redo_stack.append(current)

    @precondition(lambda self: self.redo_stack)
    @rule()
    def redo(self):
        expected = self.redo_stack.pop()
        _ev, table, _ = session.redo(self.store, self.gid)
        assert table == expected, "redo did not restore the exact state"
        self.undo_stack.append(table)

    # -- invariants ------------------------------------------------------------------------------
    @invariant()
    def cache_equals_model(self):
        assert self.head().state == self.undo_stack[-1]

    @invariant()
    def replay_equals_incremental(self):
        assert session.replay(self.store, self.gid) == self.head().state

    @invariant()
    def caps_and_floors(self):
        t = self.head().state
        d = t.data
        lo, hi = t.limits(CAT.tracks["shark"])
        assert 1 <= lo <= d["tracks"]["shark"] <= hi <= 6
        assert 1 <= d["tracks"]["day"] <= 21
        assert CAT.tracks["ship"].min <= d["tracks"]["ship"] <= CAT.tracks["ship"].max
        assert 0 <= d["counters"]["tentacles"] <= 8
        assert 0 <= d["counters"]["planks"] <= 6
        held = [v["hope"] for v in d["seat"].values()]
        assert all(h >= 0 for h in held) and sum(held) <= d["pools"]["hope"]["supply"] == 16
        for seat, v in d["seat"].items():
            assert len(v["strength"]) <= 2 and all(1 <= x <= 6 for x in v["strength"])
            if seat in d["dead"]:
                assert v["hope"] == 0 and v["strength"] == []

    @invariant()
    def cards_are_conserved(self):
        t = self.head().state
        for deck in ("bottle", "disaster", "jellyfish", "swap", "scruffs"):
            assert Counter(t.deck_cards(deck)) == Counter(CAT.decks[deck].all_copies()), deck

    @invariant()
    def log_is_gapless(self):
        seqs = [e.seq for e in self.store.events(self.gid)]
        assert seqs == list(range(1, len(seqs) + 1)) and seqs[-1] == self.head().version


TableMachine.TestCase.settings = settings(
    max_examples=25, stateful_step_count=30, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
test_table_machine = TableMachine.TestCase
