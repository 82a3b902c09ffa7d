"""21 Days behind the game protocol (companion/games/protocol.py); the rules are in game.py and beside it."""

from __future__ import annotations

import re
from dataclasses import replace

from ...bounds import digits_in
from ...errors import UsageError, did_you_mean
from ...i18n import N_, _
from ..protocol import PlayTerms, RulesModuleGame, resolve

SEATS = ("red", "yellow", "blue", "green")
CZECH_YES = {"ano": True, "a": True, "ne": False}  # (the table's language's words; English ones: protocol.YES)


class Days21(RulesModuleGame):
    id = "21days"
    prefix = "d21-"
    play = PlayTerms(
        names=("21 days", "21 dní", "21 dni", "21 days: kickstarter edition"),
        terms=(("day", N_("day")), ("alive", N_("survivors alive")), ("ship", N_("ship at")), ("difficulty", N_("difficulty")),
               ("shark", N_("shark at")), ("survivors_alive", N_("alive:"))),
        won=N_("rescued"),
        of_players=("alive",),
        extras=(("promos", "expansion", "promo bottle cards"), ("shark6", "expansion", "promo shark card (6 steps)"),
                ("weather", "expansion", "Weather expansion"), ("kite", "expansion", "Kite expansion"),
                ("scruffs", "variant", "Scruffs Up! solo")),
    )
    characters_title = N_("Survivors")
    goes_on_alone = True
    yes_no = ("weather", "kite", "scruffs", "reroll")
    rules = "companion.games.days21.game"
    commands = "ui.days21_cmds"
    terminal_board = "ui.board_21days:render"
    display_board = "ui.display.boards.days21:board_svg"
    step_odds = "companion.odds.days21.steps:step_odds"

    def options(self, cat, options: dict, flags: dict) -> dict:
        """--survivor (one per colour), --strength (dice typed at the table), --difficulty, the expansions."""
        chosen: dict[str, str] = {}
        for s in flags.get("survivor") or []:
            key = s.strip().lower()
            if key not in cat.characters:
                raise UsageError(_("survivor {s!r} is not in 21 Days; {did_you_mean}").format(s=s, did_you_mean=did_you_mean(key, cat.characters)))
            role = cat.characters[key].role
            if role in chosen:
                raise UsageError(_("survivor {s!r}: the {role} seat already has {chosen!r}; one survivor of each colour").format(s=s, role=role, chosen=chosen[role]))
            chosen[role] = key
        if chosen:
            options["survivors"] = chosen
        typed = {}
        items = [bit for item in flags.get("strength") or [] for bit in re.split(r"[,;]\s*(?=[A-Za-z]+\s*=)", item)]
        for item in items:  # one seat an option, or several by commas: red=4/5,yellow=5/5
            if "=" not in item:
                raise UsageError(_("{what} {item!r}: write SEAT=VALUE, e.g. {example}").format(what="--strength", item=item, example="red=2/6"))
            seat, text = (s.strip() for s in item.split("=", 1))
            seat = seat.lower()
            if seat not in SEATS:
                raise UsageError(_("--strength {seat}={text}: seat {seat!r}; accepted: red, yellow, blue, green").format(seat=seat, text=text))
            bits = text.replace(",", "/").split("/")
            if len(bits) != 2 or not all(digits_in(b.strip(), 1, 6) for b in bits):
                raise UsageError(_("--strength {seat}={text}: give the two dice as top/bottom, each 1..6, e.g. {seat}=2/6").format(seat=seat, text=text))
            typed[seat] = [int(b) for b in bits]
        if typed:
            options["strength"] = typed
        if flags.get("keep_strength"):
            options["keep_strength"] = True
        options.setdefault("decks", "physical")  # the table draws its own cards (--opt decks=virtual: castaway)
        options.update(difficulty=(flags.get("difficulty") or "orange").lower(), scruffs=bool(flags.get("scruffs")),
                       promos=bool(flags.get("promos")), shark6=bool(flags.get("shark6")))
        from .game import check_setup

        check_setup(cat, options)
        return options

    def setup_note(self, cat, options: dict, t) -> str:
        """Strength rolled virtually: its total, and the rulebook's one reroll that castaway took for it."""
        from .game import rolled_seats

        seats = rolled_seats(options)
        if all(s in (options.get("strength") or {}) for s in seats):
            return ""
        total = sum(sum(t.seat_values(s)["strength"]) for s in seats)
        return _("Strength rolled virtually: total {total} (a first total under 20 or over 40 is rolled again once, as the rulebook allows; --opt reroll=no keeps it).").format(total=total)

    def join_asks(self, t, cat):
        from .join import join_asks

        return join_asks(t, cat)

    def join_answer(self, t, cat, key: str, answer):
        from .join import join_answer

        return join_answer(t, cat, key, answer)

    def table_options(self, options: dict) -> dict:
        """The yes/no options typed as text, in English or in Czech (ano, a, ne), kept as booleans."""
        out = dict(options)
        for key in self.yes_no:
            v = out.get(key)
            if isinstance(v, str) and v.strip().lower() in CZECH_YES:
                out[key] = CZECH_YES[v.strip().lower()]
        return super().table_options(out)

    def correction(self, t, cat, kind: str, target: str = "", value=None):
        from .correct import Correct

        if kind == "set":
            return Correct.parse(t, cat, target, value)
        return Correct(t.resolve(cat, target).label, None, value) if kind == "move" else Correct("day", None, 1)

    def prepare(self) -> None:
        super().prepare()
        from . import correct, legal, steps_common  # noqa: F401  (check, correction, phase)

    def check(self, t, action, cat) -> None:
        from .legal import check

        check(t, action, cat)

    def check_state(self, t, cat) -> None:
        from .statecheck import check_flow

        check_flow(t)

    def phase(self, t, cat):
        from .game import phase_now

        return phase_now(t)

    def view(self, t, cat):
        from .game import view

        return view(t, cat)

    def next_step(self, t, cat):
        step = super().next_step(t, cat)
        if step is not None and step.task is not None:
            step = replace(step, odds=resolve(self.step_odds)(t, cat, step.task),
                           background=resolve("companion.odds.days21.steps:background")(t, cat, step.task))
        return step


GAME = Days21()
