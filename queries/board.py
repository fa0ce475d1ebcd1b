"""Game states in code: build one, ask it each kind of question, list what a player may do now, and apply an
action to get the distinct branches it leads to (python-chess's ``Board``, ``legal_moves`` and ``push``).

A :class:`Board` is a game state (``model.state.GameState``) with the history the engine keeps (``Game``). It
is built from the same mapping a question file's ``state:`` holds, read by the question format's own reader
(``queries.format.state``), so that a state made in code is checked exactly as one written in YAML. Its
questions are answered by the question kinds (``queries.kinds``, through the runner); ``legal_actions`` asks
the can-play and can-activate kinds, the one legality model (``model.legality``), about every card and ability;
``apply`` performs an action through the engine (``model.engine.actions``), as the outcome kind does.
"""
from __future__ import annotations

from dataclasses import field
from functools import cached_property
from types import MappingProxyType
from typing import Any, Iterable, Mapping

from mtgjudge.model import deadline
from mtgjudge.model.engine.actions import run
from mtgjudge.model.engine.game import Game
from mtgjudge.model.errors import Illegal, InputError, Unsupported
from mtgjudge.model.explain import Step
from mtgjudge.model.payment.answers import deciding_once
from mtgjudge.model.rules.layers import activated_abilities
from mtgjudge.model.safe_yaml import load_documents, YamlProblem
from mtgjudge.model.state import GameState
from mtgjudge.queries.format.actions import read_action
from mtgjudge.queries.format.fields import QuestionError, QuestionValidator
from mtgjudge.queries.format.questions import Question
from mtgjudge.queries.format.state import build_state, index_names
from mtgjudge.queries.kinds import KINDS
from mtgjudge.queries.labels import Namer, shown_name
from mtgjudge.queries.runner import answer_result
from mtgjudge.model.lazy_dataclass import dataclass

#: Where a state built in code is said to come from, in error messages.
IN_CODE = "<board>"


@dataclass(frozen=True)
class Reason:
    """One reason of an answer: a sentence and the rules (CR numbers) behind it. ``text`` names objects by
    card name, as the command line prints them (``Mountain #2``); ``raw`` is the model's sentence, naming them
    by id (``_battlefield_Alice_1``), as JSON does: how a program refers to them."""

    rules: tuple[str, ...]
    text: str
    raw: str = ""


@dataclass(frozen=True)
class Verdict:
    """The answer to one question about a board.

    ``status``: ``answered``, ``unsupported`` (``message`` names what the model cannot represent) or ``error``
    (the question is wrong for this board: ``message`` says how). ``answer``: ``True``/``False`` for the can-*
    kinds, a set of mana letters for could-produce, a ``PoolSet`` (equal to the set of its mana strings; or
    ``"unbounded"``) for mana-options,
    ``True``/``False``/``"illegal"`` for outcome; None unless answered. ``reasons``: each with its rules;
    ``witness``: how the answer is reached (a payment, the final states), as the kind gives it.
    """

    status: str
    answer: Any = None
    reasons: tuple[Reason, ...] = ()
    witness: Any = None
    message: str = ""

    @property
    def rules(self) -> frozenset[str]:
        """Every rule the reasons cite."""
        return frozenset(r for reason in self.reasons for r in reason.rules)


@dataclass(frozen=True)
class LegalAction:
    """Something a player may do now: cast a spell, play a land or activate an ability.

    ``action`` is the mapping :meth:`Board.apply` takes (an outcome question's action: ``{"cast": "bolt"}``,
    ``{"activate": "elves", "ability": 1}``); ``legal`` is False only for an action the model cannot decide
    (``status`` ``unsupported``, ``message`` naming why): it may be legal, so it is listed, never dropped.
    """

    kind: str                       # "cast", "play" or "activate"
    object: str                     # the id of the card or permanent
    action: Mapping[str, Any]
    status: str                     # "legal" or "unsupported"
    reasons: tuple[Reason, ...] = ()
    message: str = ""

    @property
    def legal(self) -> bool:
        return self.status == "legal"


@dataclass(frozen=True)
class Branch:
    """One distinct way an applied action can go: the board after it and the choices that lead there."""

    board: "Board"
    choices: tuple[str, ...] = ()


class IllegalAction(Exception):
    """The rules forbid the action applied; ``reasons`` say which rule."""

    def __init__(self, reasons: tuple[Reason, ...]) -> None:
        super().__init__("; ".join(f"[{', '.join(r.rules)}] {r.text}" for r in reasons))
        self.reasons = reasons


class UnsupportedAction(Exception):
    """The engine cannot perform the action applied (the message names what); it is not known to be illegal."""


def _reasons(steps: Iterable[Step], state: GameState | None = None, namer: Namer | None = None) -> tuple[Reason, ...]:
    """The steps as reasons, naming the objects of ``state`` by card (``namer``: a namer of them to start from)."""
    steps = list(steps)
    if state is None:
        return tuple(Reason(tuple(s.rules), s.text, s.text) for s in steps)
    namer = namer.copy() if namer is not None else Namer(*_shown_names(state))
    namer.learn(s.text for s in steps)
    return tuple(Reason(tuple(s.rules), namer.text(s.text), s.text) for s in steps)


def _shown_names(state: GameState) -> tuple[tuple[tuple[str, str], ...], tuple[str, ...]]:
    """A :class:`Namer`'s objects and given ids for ``state``: (id, card name) of each object, in the state's order,
    and the ids the author wrote (not the model's ``_...``)."""
    return (tuple((o.id, shown_name(o)) for o in state.objects),
            tuple(o.id for o in state.objects if not o.id.startswith("_")))


@dataclass(frozen=True)
class Board:
    """A game state to ask questions of, list legal actions on and apply actions to.

    Build one with :meth:`build` (players, zones, turn, stack, effects in code), :meth:`from_mapping` (the
    mapping a question's ``state:`` holds) or :meth:`from_yaml`; bad input raises :class:`QuestionError`
    naming the key, as a question file's does.
    """

    game: Game
    timeout: float | None = field(default=deadline.DEFAULT_SECONDS, compare=False)

    # ---------------------------------------------------------------------------------------- building
    @classmethod
    def from_mapping(cls, state: Mapping[str, Any], timeout: float | None = deadline.DEFAULT_SECONDS) -> "Board":
        """A board from the mapping a question's ``state:`` holds (``players``, ``turn``, ``stack``,
        ``effects``), read and checked by the question format's reader."""
        d = QuestionValidator(file=IN_CODE, line=1, qid=None)
        built = build_state(d, dict(state), 1)
        return cls(Game(state=built, initial=built), timeout)

    @classmethod
    def build(cls, players: Mapping[str, Mapping[str, Any]], *, turn: Mapping[str, Any] | None = None,
              stack: list[Any] | None = None, effects: list[Any] | None = None,
              timeout: float | None = deadline.DEFAULT_SECONDS) -> "Board":
        """A board from its parts: ``players`` in turn order, each a mapping of ``life``, ``battlefield``,
        ``hand``, ... as a question file writes them; ``turn`` (``active``, ``number``, ``step``); ``stack``
        (top first) and ``effects``."""
        state: dict[str, Any] = {"players": {name: dict(p) for name, p in players.items()}}
        for key, value in (("turn", turn), ("stack", stack), ("effects", effects)):
            if value is not None:
                state[key] = value
        return cls.from_mapping(state, timeout)

    @classmethod
    def from_yaml(cls, text: str, timeout: float | None = deadline.DEFAULT_SECONDS) -> "Board":
        """A board from YAML text: a ``state:`` mapping as a question file writes it (``players: ...``)."""
        try:
            docs = load_documents(text)
        except YamlProblem as p:
            raise QuestionError(p.message, IN_CODE, None, p.key, p.line) from None
        if len(docs) != 1 or docs[0].problem is not None or not isinstance(docs[0].data, dict):
            problem = docs[0].problem if docs and docs[0].problem else None
            raise QuestionError(problem.message if problem else "a state is one YAML mapping with players:",
                                IN_CODE, None, problem.key if problem else None, problem.line if problem else 1)
        return cls.from_mapping(docs[0].data, timeout)

    @property
    def state(self) -> GameState:
        """The game state."""
        return self.game.state

    # ---------------------------------------------------------------------------------------- questions
    def _validator(self) -> QuestionValidator:
        d = QuestionValidator(file=IN_CODE, line=1, qid="board")
        d.players = tuple(p.name for p in self.state.players)
        d.objects = {o.id: o for o in self.state.objects}
        d.by_name = self._name_index
        return d

    @cached_property
    def _namer(self) -> Namer:
        """How reasons name the state's objects (``_shown_names``), read once: each answer's reasons start from a
        copy of it."""
        return Namer(*_shown_names(self.state))

    @cached_property
    def _name_index(self) -> dict[str, list[str]]:
        """The names by which questions may refer to the state's objects (``index_names``), read once: a board's
        state never changes."""
        d = QuestionValidator(file=IN_CODE, line=1, qid="board")
        d.objects = {o.id: o for o in self.state.objects}
        index_names(d)
        return d.by_name

    def ask(self, kind: str, about: str | None = None, *, actions: list[Mapping[str, Any]] | None = None,
            expect: Any = None, **params: Any) -> Verdict:
        """Ask a question of a kind (``"can-play"``, ``"could-produce"``, ``"outcome"``, ...) about an object (its
        id or name), with the kind's own keys (``by="Bob"``, ``ability=1``, ``x=2``, ``cost="{2}{G}"``,
        ``possible=[...]``) as keyword arguments; ``actions`` happen first, as a question's do (outcome needs
        them), and ``expect`` is what an outcome's assertions (or any kind's answer) are checked against. A key
        that is wrong for the kind or the board is an ``error`` verdict naming it."""
        if kind not in KINDS:
            raise ValueError(f"{kind!r} is not a kind of question; kinds: {', '.join(KINDS)}")
        record = KINDS[kind]
        d = self._validator()
        try:
            unknown = sorted(set(params) - set(record.key_names))
            if unknown:
                d.fail(unknown[0], None, f"ask: {kind} takes no {unknown[0]}; its keys: {', '.join(record.key_names)}")
            if about is not None and "about" not in record.key_names:
                d.fail("about", None, f"ask: {kind} is about no object")
            oid = d.obj_ref(about, "about", None) if about is not None else None
            if "about" in record.required and oid is None:
                d.fail("about", None, f"ask: {kind} needs about: the object it is about")
            read = {k.name: k.read(d, params[k.name], k.name, None) for k in record.keys_in_read_order()
                    if k.name in params and k.name != "about"}
            performed = tuple(read_action(d, a, f"actions[{i}]", None) for i, a in enumerate(actions or ()))
            if "actions" in record.required and not performed:
                d.fail("actions", None, f"ask: {kind} needs actions: what happens")
            expected = record.parse_expect(d, expect, None) if expect is not None else None
        except QuestionError as e:
            return Verdict("error", message=str(e))
        question = Question(id="board", file=IN_CODE, line=1, ask=kind, about=oid, params=MappingProxyType(read),
                            state=self.state, actions=performed, expect=expected, has_expect=expect is not None)
        r = answer_result(question, timeout=self.timeout)
        if r.status == "error":
            return Verdict("error", message=r.message)
        a = r.answer
        if r.status == "unsupported":
            return Verdict("unsupported", reasons=_reasons(a.why, self.state, self._namer) if a else (),
                           message=r.message)
        assert a is not None    # an answered result has its answer (runner)
        return Verdict("answered", a.value, _reasons(a.why, self.state, self._namer), a.witness)

    def outcome(self, actions: list[Mapping[str, Any]], expect: list[Mapping[str, Any]] | None = None,
                possible: list[Mapping[str, Any]] | None = None,
                possible_together: list[list[Mapping[str, Any]]] | None = None) -> Verdict:
        """Perform ``actions`` (every choice a branch) and check the assertions: ``answer`` True when each of
        ``expect`` holds in every final state, each of ``possible`` in one, each list of ``possible_together``
        whole in one; ``"illegal"`` when the rules forbid an action; the witness lists the final states."""
        return self.ask("outcome", actions=actions, expect=expect,
                        **_given(possible=possible, possible_together=possible_together))

    def could_produce(self, about: str) -> Verdict:
        """Which types of mana the permanent could produce (106.7): a set of letters of ``WUBRGC``."""
        return self.ask("could-produce", about)

    def can_play(self, about: str, by: str | None = None, x: int = 0) -> Verdict:
        """Could ``by`` (default: the card's owner) play the land or cast the spell now (601.2-601.3, 305.1)?"""
        return self.ask("can-play", about, **_given(by=by, x=x or None))

    def can_activate(self, about: str, ability: int | str | None = None, by: str | None = None,
                     x: int = 0) -> Verdict:
        """Could ``by`` (default: its controller) activate the object's ability now (602.2, 605.3a)?"""
        return self.ask("can-activate", about, **_given(ability=ability, by=by, x=x or None))

    def can_pay(self, cost: str, by: str | None = None, x: int = 0) -> Verdict:
        """Could ``by`` (default: the active player) pay ``cost`` now with their pool, mana abilities and life?"""
        return self.ask("can-pay", **_given(cost=cost, by=by, x=x or None))

    def mana_options(self, by: str | None = None) -> Verdict:
        """Every maximal pool of mana ``by`` (default: the active player) could have now."""
        return self.ask("mana-options", **_given(by=by))

    # ---------------------------------------------------------------------------------------- moves
    def legal_actions(self, player: str) -> list[LegalAction]:
        """Every spell ``player`` could cast, land they could play and ability they could activate now (with
        X = 0), each with its reasons; actions the model cannot decide are listed too, as ``unsupported``."""
        if player not in {p.name for p in self.state.players}:
            raise ValueError(f"{player!r} is not a player of the board")
        out: list[LegalAction] = []
        # every question is about this one state: a cost that several of them pose is decided once
        with deciding_once(self.state):
            for o in self.state.objects:
                if o.zone in ("battlefield", "stack") or (o.zone != "exile" and o.owner != player):
                    continue
                kind = "play" if "Land" in o.printed.types else "cast"
                out += _listed(kind, o.id, {kind: o.id}, self.can_play(o.id, by=player))
            for o in self.state.objects:
                if o.zone == "stack" or (o.controller if o.zone == "battlefield" else o.owner) != player:
                    continue
                try:
                    abilities = activated_abilities(self.state, o.id)
                except Unsupported:
                    continue     # what it can activate is asked of its abilities; none can be listed here
                for index in range(1, len(abilities) + 1):
                    out += _listed("activate", o.id, {"activate": o.id, "ability": index},
                                   self.can_activate(o.id, ability=index, by=player))
        return out

    def apply(self, action: Mapping[str, Any] | LegalAction) -> list[Branch]:
        """Perform an action (an outcome question's action, or a :class:`LegalAction`) and what the rules then
        make happen (state-based actions, triggers): the distinct resulting boards, each with the choices that
        lead to it. Raises :class:`IllegalAction` when the rules forbid it, :class:`UnsupportedAction` when the
        engine cannot perform it, :class:`QuestionError` when it names what is not on the board."""
        written = dict(action.action if isinstance(action, LegalAction) else action)
        d = self._validator()
        read = read_action(d, written, "action", None)
        try:
            with deadline.bound(self.timeout):
                games = run(self.game, [read])
        except Illegal as e:
            raise IllegalAction(_reasons(e.why, self.state)) from None
        except Unsupported as e:
            raise UnsupportedAction(str(e)) from None
        except InputError as e:
            raise QuestionError(e.message, IN_CODE, None, f"action.{e.key}") from None
        return [Branch(Board(g, self.timeout), tuple(g.choices)) for g in games]


def _given(**params: Any) -> dict[str, Any]:
    return {k: v for k, v in params.items() if v is not None}


def _listed(kind: str, oid: str, action: dict[str, Any], verdict: Verdict) -> list[LegalAction]:
    if verdict.status == "unsupported":
        return [LegalAction(kind, oid, MappingProxyType(action), "unsupported", verdict.reasons, verdict.message)]
    if verdict.status == "answered" and verdict.answer is True:
        return [LegalAction(kind, oid, MappingProxyType(action), "legal", verdict.reasons)]
    return []
