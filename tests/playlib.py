"""A stateful fuzzer that plays (issue 25, item 9): a hypothesis RuleBasedStateMachine per game that drives a
real database through the game's guided steps (each step's Ask answered with a valid answer: typed faces
drawn from the dice's own faces, a choice offered, a number in range, a free text the table would type),
corrections (`set` and `move` on the game's tracks, counters, stacks and flags), undo and redo, and
`castaway GAMEID …` and table commands through the CLI runner, mixed with hostile values and commands out of
their place. Used by tests/test_fuzz_play.py (short, in `make test`) and bench/bench_fuzz_play.py (long).

After every command: no traceback (only CompanionError, or a CLI exit 0, 1 or 2), a refused command leaves the
database file byte-identical and no file in the folder it ran in; after every rule: replay of the log equals
the cached head (and the table the last library call returned), and `dbcheck.check` is clean.
"""

from __future__ import annotations

import collections
import os
import random
import shutil
import tempfile
import traceback
from pathlib import Path
from typing import Any, Callable, ClassVar

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from tests import fuzzlib

GAMES = fuzzlib.GAMES

# Table commands the CLI fuzz runs besides the game's own group (`castaway GAMEID …`): the corrections, undo,
# redo, the reading ones, cards and dice. `play` reads stdin and `display` serves: never here.
TABLE_COMMANDS = {"set", "move", "undo", "redo", "status", "history", "note", "next", "end", "check",
                  "cards", "dice"}

_COMMAND = None


def cli_command():
    """The whole Click command tree, built once (typer rebuilds it on every call otherwise)."""
    global _COMMAND
    if _COMMAND is None:
        import typer.main

        import cli

        _COMMAND = typer.main.get_command(cli.app)
    return _COMMAND


def specs_for(game: str) -> tuple[list, list]:
    """(the game's own commands and the table commands, other games' commands: out of place here)."""
    own, others = [], []
    for spec in fuzzlib.command_tree(cli_command()):
        head = spec.path[0]
        if head == game or head in TABLE_COMMANDS:
            own.append(spec)
        elif head in GAMES:
            others.append(spec)
    return own, others


# -- answers --------------------------------------------------------------------------------------------


def text_answers(game: str, ask, t, data) -> str:
    """A free text the table would type for this question (by the question's id; 21 Days by its wording)."""
    if game == "21days":
        from tests import test_21days_properties as d21

        try:
            return d21.answer(ask, data, t)
        except AssertionError:  # a question the property test holds no answer for
            return ask.default if ask.default is not None else "-"

    options = text_options(game, ask, t)
    return data.draw(st.sampled_from(options))


def text_options(game: str, ask, t) -> list[str]:
    """Every free text the property tests would type for this question (21 Days: its default, if any)."""
    if game == "21days":
        return [ask.default] if isinstance(ask.default, str) else []
    from tests import test_others_properties as others

    texts = {"robinson": others.rc_texts, "mutinies": others.mu_texts, "dieson": others.dc_texts}[game]
    try:
        return list(texts(ask, t))
    except (AssertionError, KeyError, IndexError):  # a question the property tests hold no answer for
        return [ask.default] if ask.default is not None else ["-"]


def other_answers(game: str, ask, t) -> list:
    """What a table types again when its answer was refused: the default, then the other options in turn."""
    out: list = [ask.parse(None)] if ask.default is not None and ask.kind != "text" else []
    if ask.kind == "dice":
        out.append(None)
    elif ask.kind == "confirm":
        out += [True, False]
    elif ask.kind == "number":
        lo = ask.lo if ask.lo is not None else 0
        out += list(range(lo, (ask.hi if ask.hi is not None else lo + 5) + 1))
    elif ask.kind == "choice":
        values = [v for v, _label in ask.choices]
        out += [(v,) for v in values] if ask.multiple else values
    elif ask.kind == "text":
        out += text_options(game, ask, t)
    return out


def typed_faces(cat, ask, data) -> str | None:
    """Faces typed from the table for the dice the step asks for, each drawn from its die's own faces."""
    from companion import dice as D
    from companion.errors import CompanionError

    try:
        dice = D.parse(cat, ask.dice) if ask.dice else []
    except CompanionError:
        return None
    if not dice:
        return None
    return ",".join("/".join(str(data.draw(st.sampled_from(p.faces))) for p in d.parts) for d in dice)


def valid_answer(game: str, ask, t, cat, data) -> Any:
    """An answer `Step.make` takes, as the guided loop hands it after `Ask.parse`."""
    kind = ask.kind
    if kind == "none":
        return None
    if kind == "dice":
        return None if one_in(data, 3) else typed_faces(cat, ask, data)
    if kind == "confirm":
        return data.draw(st.booleans())
    if kind == "number":
        lo = ask.lo if ask.lo is not None else 0
        hi = ask.hi if ask.hi is not None else lo + 5
        return data.draw(st.integers(lo, max(lo, hi)))
    if kind == "choice":
        values = [v for v, _label in ask.choices]
        if not values:
            return () if ask.multiple else None
        if ask.multiple:
            return tuple(data.draw(st.lists(st.sampled_from(values), max_size=min(3, len(values)), unique=True)))
        if one_in(data, 4):  # typed as the option's number, as the table does
            key = data.draw(st.sampled_from([k for k, _v, _l in ask.numbered()]))
            return ask.parse(key)
        return data.draw(st.sampled_from(values))
    return text_answers(game, ask, t, data)


def one_in(data, n: int) -> bool:
    """True about once in n draws (hypothesis leans to the ends of a range: the middle is drawn fairly)."""
    return data.draw(st.integers(0, n - 1)) == n // 2


def hostile_text():
    return st.one_of(st.sampled_from(fuzzlib.HOSTILE), st.integers(-(10**30), 10**30).map(str),
                     st.text(max_size=12).filter(lambda s: "\x00" not in s))


def words_of(cat, t) -> list[str]:
    """What this game's table knows: its components' names, seats, decks, cards, dice."""
    words = set(t.names(cat)) | set(t.seats) | set(cat.dice) | {"d6", "2d6"}
    for deck in cat.decks.values():
        words.add(deck.id)
        words.update(c.id for c in deck.cards[:8])
    return sorted(words)


def next_words(output: str) -> list[str] | None:
    """The command a refusal says comes next ("…; next: castaway robinson morale"), when it names every word
    (no VALUE or N for the table to fill in); its first choice where it offers several."""
    import shlex

    head, sep, rest = output.partition("next: castaway ")
    if not sep:
        return None
    first = rest.splitlines()[0].split(" or ")[0].strip().rstrip(".")
    try:
        words = shlex.split(first)
    except ValueError:
        return None
    if not words or any(w.isupper() or "{" in w or w.startswith("±") or "…" in w for w in words):
        return None
    return words


# -- the machine ----------------------------------------------------------------------------------------


class Stats:
    """What a run reached: commands run and accepted, per kind, and every problem found."""

    def __init__(self):
        self.run: collections.Counter = collections.Counter()
        self.ok: collections.Counter = collections.Counter()
        self.codes: collections.Counter = collections.Counter()
        self.problems: dict[str, list[str]] = collections.defaultdict(list)
        self.refusals: collections.Counter = collections.Counter()
        self.over = 0

    def total(self) -> tuple[int, int]:
        return sum(self.run.values()), sum(self.ok.values())


class PlayMachine(RuleBasedStateMachine):
    game: ClassVar[str] = ""
    stats: ClassVar[Stats] = Stats()
    strict: ClassVar[bool] = True  # a problem fails at once (the tests); the bench records it and goes on

    def __init__(self):
        super().__init__()
        shm = Path("/dev/shm")  # in memory where there is one: SQLite syncs every write
        here = str(shm) if shm.is_dir() and os.access(shm, os.W_OK) else None
        self.dir = Path(tempfile.mkdtemp(prefix="castaway-play-", dir=here))
        self.work = self.dir / "work"
        self.work.mkdir()
        self.db = self.dir / "castaway.db"
        self.gid = 0
        self.expected = None  # the table the last library call returned (None after a CLI command)
        self.trail: list[str] = []
        self.last_next: list[str] | None = None  # the command the last CLI refusal named as next

    def teardown(self):
        shutil.rmtree(self.dir, ignore_errors=True)

    # -- helpers -----------------------------------------------------------------------------------
    def store(self):
        from companion import session

        return session.open_store(self.db)

    def load(self):
        """The game as the next command finds it; None (and a problem) when castaway refuses to load it."""
        from companion import session
        from companion.errors import CompanionError

        try:
            with self.store() as s:
                return session.load(s, self.gid)
        except CompanionError as e:
            self.problem("load", f"the game no longer loads: {str(e)[:200]}")
            return None

    def problem(self, what: str, message: str) -> None:
        line = f"{self.game}: {what}: {message}"
        self.stats.problems[message[:160]].append(f"{self.game}: {what}")
        if self.strict:
            raise AssertionError(line + "\n  after: " + "\n  ".join(self.trail[-12:]))

    def attempt(self, kind: str, what: str, fn: Callable[[], Any]) -> Any:
        """Run one library command: accepted, refused with a CompanionError (nothing written), or a problem."""
        from companion.errors import CompanionError

        self.trail.append(f"{kind}: {what}"[:300])
        before = fuzzlib.digest(self.db)
        self.stats.run[kind] += 1
        try:
            out = fn()
        except CompanionError as e:
            self.stats.refusals[f"{kind}: {str(e)[:90]}"] += 1
            if "\n" in str(e).strip():
                self.problem(what, f"a refusal on more than one line: {str(e)[:200]!r}")
            if fuzzlib.digest(self.db) != before:
                self.problem(what, "refused, but the database changed")
            return None
        except Exception as e:  # noqa: BLE001 - what the fuzz looks for
            tb = "".join(traceback.format_exception(e)).splitlines()
            self.problem(what, "traceback: " + " | ".join(tb[-3:])[:600])
            return None
        self.stats.ok[kind] += 1
        return out

    def invoke(self, kind: str, argv: list[str]) -> int | None:
        """Run one argument list through the CLI runner on the machine's database, in an empty folder."""
        from companion import i18n

        self.trail.append(f"{kind}: castaway {fuzzlib.short(argv)}"[:300])
        before = fuzzlib.digest(self.db)
        self.stats.run[kind] += 1
        cwd = os.getcwd()
        os.chdir(self.work)
        try:
            r = fuzzlib.click_runner().invoke(cli_command(), ["--db", str(self.db), *argv], input="", catch_exceptions=True)
        finally:
            os.chdir(cwd)
            i18n.set_language("en")
        what = "castaway " + fuzzlib.short(argv)
        self.stats.codes[r.exit_code] += 1
        if r.exit_code:
            self.stats.refusals[f"{kind}: {r.output.strip()[:90]}"] += 1
        if r.exception is not None and not isinstance(r.exception, SystemExit):
            tb = "".join(traceback.format_exception(r.exception)).splitlines()
            self.problem(what, "traceback: " + " | ".join(tb[-3:])[:600])
        elif "Traceback" in r.output:
            self.problem(what, "traceback in the output")
        elif r.exit_code not in (0, 1, 2):
            self.problem(what, f"exit code {r.exit_code}")
        elif r.exit_code != 0 and fuzzlib.digest(self.db) != before:
            self.problem(what, "refused, but the database changed")
        elif r.exit_code != 0 and len([line for line in r.stderr.splitlines() if line.strip()]) > 1:
            self.problem(what, f"a refusal on more than one line: {r.stderr.strip()[:200]!r}")
        left = [p.name for p in self.work.iterdir()]
        if left:
            if r.exit_code != 0:
                self.problem(what, f"refused, but it left files: {sorted(left)[:5]}")
            for p in self.work.iterdir():
                shutil.rmtree(p) if p.is_dir() else p.unlink()
        if r.exit_code == 0:
            self.stats.ok[kind] += 1
            self.expected = None
        self.last_next = next_words(r.output) if r.exit_code else None
        return r.exit_code

    def act(self, kind: str, what: str, action, expect: int | None = None):
        from companion import session

        def go():
            with self.store() as s:
                return session.act(s, self.gid, action, expect=expect)

        out = self.attempt(kind, what, go)
        if out is not None:
            self.expected = out[1]
        return out

    # -- setup -------------------------------------------------------------------------------------
    def options(self, data) -> dict:
        return {}

    @initialize(seed=st.integers(0, 10**6), data=st.data())
    def start(self, seed, data):
        from companion import session

        with session.open_store(self.db, create=True) as s:
            loaded = session.new_game(s, self.game, self.options(data), seed=seed)
        self.gid = loaded.row.id
        self.expected = loaded.table
        self.trail.append(f"new {self.game} seed {seed}")

    # -- rules -------------------------------------------------------------------------------------
    # hypothesis picks among the rules evenly: the guided step is four of them, so that the game goes on (about
    # half of all the commands are the table playing; corrections, undo, redo and the CLI the other half). Their
    # names sort first: hypothesis's first example, its simplest, takes the first rule at every step, and so
    # plays the game (rather than the same hostile command sixty times)
    @rule(data=st.data())
    def answer_step(self, data):
        self.play_step(data)

    @rule(data=st.data())
    def answer_step_again(self, data):
        self.play_step(data)

    @rule(data=st.data())
    def answer_step_once_more(self, data):
        self.play_step(data)

    @rule(data=st.data())
    def answer_step_and_on(self, data):
        self.play_step(data)

    def play_step(self, data):
        """The guided step's question answered as the table would (one in ten: a hostile typed answer)."""
        from companion.games import registry

        loaded = self.load()
        if loaded is None:
            return
        from companion.errors import CompanionError

        try:
            step = registry.get(self.game).next_step(loaded.table, loaded.cat)
        except CompanionError as e:  # a correction first (a value set by hand leaves no question): a refusal
            self.stats.refusals[f"guided step: {str(e)[:90]}"] += 1
            return
        if step is None:
            self.stats.over += 1
            return
        ask = step.ask
        hostile = one_in(data, 10)
        if hostile:
            text = data.draw(hostile_text())
            kind, what = "hostile answer", f"{step.title}: {text[:40]!r}"
        else:
            answer = valid_answer(self.game, ask, loaded.table, loaded.cat, data)
            kind, what = "guided step", f"{step.title}: {answer!r}"[:200]
        from companion import session

        def go():  # what the guided loop does: the typed answer parsed, the step's action built and recorded
            action = step.make(ask.parse(text) if hostile else answer)
            with self.store() as s:
                return session.act(s, self.gid, action, expect=loaded.row.version)

        out = self.attempt(kind, what, go)
        if out is None and not hostile:  # the table answers again: the default, then the other options
            tries = other_answers(self.game, ask, loaded.table)
            start = data.draw(st.integers(0, max(0, len(tries) - 1)))
            for answer in (tries[start:] + tries[:start])[:12]:
                out = self.attempt(kind, f"{step.title}: then {answer!r}"[:200], go)
                if out is not None:
                    break
        if out is not None:
            self.expected = out[1]
        if out is None or step.after is None:
            return
        ev, table = out
        follow = step.after(ev.result, table)
        if not follow or data.draw(st.booleans()):
            return
        ask2, remake = follow
        typed = one_in(data, 4)
        answer2 = data.draw(hostile_text()) if typed else valid_answer(self.game, ask2, table, loaded.cat, data)

        def again():
            a = remake(ask2.parse(answer2) if typed else answer2)
            if a is None:
                return None
            with self.store() as s:
                return session.replace(s, self.gid, a, expect=ev.seq)

        out2 = self.attempt("after the roll", f"{step.title}: then {answer2!r}"[:200], again)
        if out2:
            self.expected = out2[1]

    @rule(data=st.data(), how=st.sampled_from(["set", "move"]))
    def correction(self, data, how):
        """`set` or `move` on one of the table's components, as parsed from what was typed."""
        from companion import actions as A

        loaded = self.load()
        if loaded is None:
            return
        t, cat = loaded.table, loaded.cat
        target = data.draw(st.sampled_from(t.names(cat)))
        hostile = data.draw(st.integers(0, 9))  # 4: a hostile name, 5: a hostile value, else plausible
        if hostile == 4:
            target = data.draw(st.sampled_from([target.upper(), target + "x", "." + target, target.split(".")[-1], *fuzzlib.HOSTILE[:20]]))
        if how == "set":
            value = data.draw(hostile_text()) if hostile == 5 else self.plausible_value(t, cat, target, data)
            self.act("correction", f"set {target} {value!r}"[:200], lambda tt, cc: A.SetValue.parse(tt, cc, target, value))
        else:
            delta = data.draw(st.integers(-(10**20), 10**20)) if hostile == 5 else data.draw(st.integers(-3, 3).filter(bool))
            self.act("correction", f"move {target} {delta:+d}"[:200], lambda tt, cc: A.Move.parse(tt, cc, target, delta))

    def plausible_value(self, t, cat, target, data) -> str:
        try:
            tg = t.resolve(cat, target)
        except Exception:  # noqa: BLE001 - a hostile name: any value
            return data.draw(st.integers(-2, 9).map(str))
        if tg.kind == "flag":
            values = list(tg.spec.values or ["x", "a note"])
            return data.draw(st.sampled_from(values))
        if tg.kind == "stack":
            n = data.draw(st.integers(1, max(1, tg.spec.dice)))
            return ",".join(str(data.draw(st.integers(1, tg.spec.faces))) for _ in range(n))
        lo, hi = t.limits(tg.spec)
        cur = t.get(tg)
        cur = cur if isinstance(cur, int) else lo
        top = hi if hi is not None else cur + 5
        return str(data.draw(st.integers(max(lo, cur - 3), max(lo, min(top, cur + 3)))))

    @rule(data=st.data())
    def cli_table(self, data):
        """A command the table types as it plays: a correction, a reading command, undo, redo, or one of the
        game's own commands bare (its refusal names what comes next, and that is typed then)."""
        loaded = self.load()
        if loaded is None:
            return
        t, cat = loaded.table, loaded.cat
        own, _others = self._specs()
        what = data.draw(st.sampled_from(["set", "move", "status", "history", "undo", "redo", "game", "game", "check"]))
        target = data.draw(st.sampled_from(t.names(cat)))
        argv = {"set": lambda: ["set", target, self.plausible_value(t, cat, target, data)],
                "move": lambda: ["move", target, f"{data.draw(st.integers(-3, 3).filter(bool)):+d}"],
                "status": lambda: ["status", *data.draw(st.sampled_from([[], ["--json"]]))],
                "history": lambda: ["history"], "undo": lambda: ["undo"], "check": lambda: ["check"],
                "redo": lambda: ["redo" if loaded.row.redo else "undo"],
                "game": lambda: list(data.draw(st.sampled_from([s.path for s in own if s.path[0] == self.game and "odds" not in s.path
                                                                 and "demo" not in s.path])))}[what]()
        code = self.invoke("cli (the table's)", argv)
        if code and self.last_next:
            self.invoke("cli (the refusal's next)", self.last_next)

    @rule(redo=st.booleans(), data=st.data())
    def undo_redo(self, redo, data):
        from companion import session

        def go():
            with self.store() as s:
                if redo and not s.game(self.gid).redo and not one_in(data, 5):
                    return session.undo(s, self.gid)  # nothing to redo: mostly an undo (now and then a refused redo)
                return (session.redo if redo else session.undo)(s, self.gid)

        out = self.attempt("undo/redo", "redo" if redo else "undo", go)
        if out is not None:
            self.expected = out[1]

    @rule(data=st.data())
    def cli(self, data):
        """One command of the game's group or the table's, with values this table knows (and hostile ones)."""
        own, others = self._specs()
        loaded = self.load()
        if loaded is None:
            return
        words = words_of(loaded.cat, loaded.table)
        out_of_place = one_in(data, 6)
        specs = others if out_of_place else own
        # hypothesis leans to a list's first items: shuffled by a drawn seed, every command and word comes up
        mix = random.Random(data.draw(st.integers(0, 2**32)))
        specs, words = mix.sample(specs, len(specs)), mix.sample(words, len(words))
        argv, _missing, _name = data.draw(fuzzlib.argv_strategy(specs, words, {self.game: [self.gid]}))
        code = self.invoke("cli (another game's)" if out_of_place else "cli", argv)
        if code and self.last_next and not one_in(data, 4):  # the command the refusal names, as the table would type it
            self.invoke("cli (the refusal's next)", ["--game", str(self.gid), *self.last_next])

    def _specs(self):
        cache = type(self).__dict__.get("_spec_cache")
        if cache is None:
            cache = specs_for(self.game)
            type(self)._spec_cache = cache
        return cache

    # -- the checks after every rule ------------------------------------------------------------
    @invariant()
    def replay_equals_the_head_and_check_is_clean(self):
        if not self.gid:
            return
        from companion import dbcheck, session
        from companion.errors import CompanionError

        try:
            with self.store() as s:
                head = s.game(self.gid).state
                replayed = session.replay(s, self.gid)
                report = dbcheck.check(s)
        except CompanionError as e:
            self.problem("replay", f"the log no longer replays: {str(e)[:200]}")
            return
        if replayed != head:
            self.problem("replay", "the log's replay differs from the cached head")
        if self.expected is not None and self.expected != head:
            self.problem("incremental", "the table the last command returned differs from the cached head")
        bad = [line for line in report["lines"] if "DAMAGED" in line or "DIFFERS" in line or "other data" in line]
        if not report["ok"] or bad:
            self.problem("check", "castaway check is not clean: " + " | ".join(bad or report["lines"])[:300])


class Days21(PlayMachine):
    game = "21days"

    def options(self, data):
        opts: dict = {"players": data.draw(st.sampled_from([["Ann"], ["Ann", "Bob"], ["Ann", "Bob", "Cid", "Dan"]]))}
        for key in ("scruffs", "weather", "kite", "promos"):
            if data.draw(st.booleans()):
                opts[key] = True
        return opts


class Robinson(PlayMachine):
    game = "robinson"

    def options(self, data):
        return {"players": data.draw(st.sampled_from([["Ann"], ["Ann", "Bob"], ["Ann", "Bob", "Cid"]])),
                "rounds": data.draw(st.sampled_from(["3", "6"]))}


class Mutinies(PlayMachine):
    game = "mutinies"

    def options(self, data):
        return {"players": data.draw(st.sampled_from([["Ann", "Bob"], ["Ann", "Bob", "Cid"], ["Ann", "Bob", "Cid", "Dan", "Eve"]]))}


class Dieson(PlayMachine):
    game = "dieson"

    def options(self, data):
        return {"quest": data.draw(st.sampled_from(["1", "2"]))}


MACHINES = {"21days": Days21, "robinson": Robinson, "mutinies": Mutinies, "dieson": Dieson}
