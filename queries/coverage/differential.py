"""The differential check: for one card, in each zone of Alice's it could be in (hand, graveyard, exile,
battlefield), ask the question kinds that decide whether something may be done (can-play for the card,
can-activate for each of its activated abilities there) and then have the engine do it on the same board (an
``outcome`` whose one action casts, plays or activates it). The two are separate roads to one rule (601.2,
602.2, 305.1): ``yes`` must come with a legal action, ``no`` with ``illegal``. An `unsupported` on either side
is no disagreement (the model says what it can't tell); a question one side refuses as wrong or that crashes is
a disagreement of its own kind, named.

The boards are the coverage sweep's (``coverage.board``: ``play_pair``, ``activate_pair``).
"""
from __future__ import annotations

import multiprocessing
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import field

from mtgjudge.model.errors import Unsupported
from mtgjudge.model.objects import CardDef
from mtgjudge.model.oracle import compile_card
from mtgjudge.queries.coverage import board
from mtgjudge.queries.coverage.core import CHUNK, QUESTION_SECONDS, Card, time_bound, warm
from mtgjudge.queries.format.questions import Question
from mtgjudge.queries.runner import run_question
from mtgjudge.model.lazy_dataclass import dataclass

#: The zones of Alice's a card is asked in: those a card may be played or an ability activated from (601.3,
#: 113.6b-c, 602.2).
ZONES = ("hand", "graveyard", "exile", "battlefield")
#: The zones a card is asked can-play in (on the battlefield there is no card to play, 601.3).
PLAY_ZONES = ("hand", "graveyard", "exile")


@dataclass(frozen=True)
class Check:
    """One comparison: the question's verdict (``yes``, ``no``, ``unsupported``, ``error``) and the engine's
    (``legal``, ``illegal``, ``unsupported``, ``error``), with the reasons each gave."""

    card: str
    zone: str
    kind: str                  # can-play | can-activate
    ability: int               # can-activate: the 1-based index; can-play: 0
    asked: str
    engine: str
    asked_why: str = ""
    engine_why: str = ""

    @property
    def agrees(self) -> bool:
        """``yes`` with a legal action, ``no`` with ``illegal``; `unsupported` on either side is no disagreement."""
        if "unsupported" in (self.asked, self.engine):
            return True
        return (self.asked, self.engine) in (("yes", "legal"), ("no", "illegal"))

    def to_json(self) -> dict:
        return {"card": self.card, "zone": self.zone, "kind": self.kind, "ability": self.ability,
                "asked": self.asked, "engine": self.engine, "asked_why": self.asked_why,
                "engine_why": self.engine_why}


@dataclass
class DifferentialReport:
    """Every check of a run, counted by (kind, asked, engine)."""

    cards: int = 0
    checks: int = 0
    counts: Counter = field(default_factory=Counter)
    disagreements: list[Check] = field(default_factory=list)
    seconds: float = 0.0

    def add(self, c: Check) -> None:
        self.checks += 1
        self.counts[(c.kind, c.asked, c.engine)] += 1
        if not c.agrees:
            self.disagreements.append(c)


def _verdict(q: Question | BaseException) -> tuple[str, str]:
    """The verdict of one question (a board the model refused to lay out counts as `unsupported`)."""
    if isinstance(q, Unsupported):
        return "unsupported", str(q)
    if isinstance(q, BaseException):
        return "error", f"{type(q).__name__}: {q}"
    try:
        with time_bound(QUESTION_SECONDS):
            r = run_question(q)
    except Exception as e:  # noqa: BLE001  (a crash is a finding of the check, named)
        return "error", f"{type(e).__name__}: {e}"
    why = "; ".join(s.text for s in r.answer.why[:2]) if r.answer is not None and r.answer.why else ""
    if r.status == "error":
        return "error", r.message
    if r.status == "unsupported":
        return "unsupported", r.message
    assert r.answer is not None     # an answered result has its answer (runner)
    value = r.answer.value
    if q.ask == "outcome":
        return ("illegal" if value == "illegal" else "legal"), why
    return ("yes" if value is True else "no" if value is False else str(value)), why


def _pair(build: Callable[[], tuple[Question, Question]]) -> tuple[Question | BaseException, Question | BaseException]:
    try:
        return build()
    except Exception as e:  # noqa: BLE001  (Unsupported: the model's limit; anything else: the check's error)
        return e, e


def _check(card: CardDef, zone: str, kind: str, ability: int,
           build: Callable[..., tuple[Question, Question]]) -> Check:     # (called with no arguments)
    asked_q, done_q = _pair(build)
    asked, asked_why = _verdict(asked_q)
    # an engine run is needed only where the question gave a verdict to compare
    engine, engine_why = _verdict(done_q) if asked in ("yes", "no", "error") else ("not run", "")
    return Check(card.name, zone, kind, ability, asked, engine, asked_why, engine_why)


def _faces(card: CardDef, zone: str) -> list[int]:
    return board.battlefield_faces(card) if zone == "battlefield" else [0]


def check_card(item: Card, zones: Sequence[str] = ZONES) -> list[Check]:
    """Every comparison for one card (a record is compiled first): can-play in each zone of ``PLAY_ZONES``
    among ``zones``, can-activate for each activated ability in each of ``zones``."""
    try:
        card = item if isinstance(item, CardDef) else compile_card(item)
    except Exception as e:  # noqa: BLE001  (a compile crash is the card's finding)
        return [Check(item.name, "", "compile", 0, "error", "not run", f"{type(e).__name__}: {e}")]
    checks: list[Check] = []
    if card.token:
        return checks
    for zone in zones:
        if zone in PLAY_ZONES:
            checks.append(_check(card, zone, "can-play", 0, lambda z=zone: board.play_pair(card, z)))
        for face in _faces(card, zone):
            try:
                abilities = board.abilities_in(card, face, zone)
            except Unsupported:
                continue
            except Exception as e:  # noqa: BLE001
                checks.append(Check(card.name, zone, "can-activate", 0, "error", "not run", f"{type(e).__name__}: {e}"))
                continue
            for index, ability in enumerate(abilities, 1):
                checks.append(_check(card, zone, "can-activate", index,
                                     lambda z=zone, f=face, i=index, a=ability: board.activate_pair(card, f, z, i, a)))
    return checks


#: The cards of the run under way, read by forked workers by index (never pickled: see ``coverage.core``).
_ITEMS: Sequence[Card] = ()


def _check_range(bounds: tuple[int, int]) -> tuple[int, list[Check]]:
    return bounds[1] - bounds[0], [c for item in _ITEMS[bounds[0]:bounds[1]] for c in check_card(item)]


def run(cards: Sequence[Card], *, workers: int = 1, progress: Callable[[int], None] | None = None,
        chunk: int = CHUNK, report: DifferentialReport | None = None) -> DifferentialReport:
    """Check every card of ``cards``, in ``workers`` forked processes (chunks of ``chunk`` cards) where the
    platform forks; ``progress(n)`` as each ``n`` cards are done. The report (``report``, filled as chunks are
    done, if given)."""
    global _ITEMS
    start = time.monotonic()
    report = report if report is not None else DifferentialReport()
    warm()
    ranges = [(i, min(i + chunk, len(cards))) for i in range(0, len(cards), chunk)]
    _ITEMS = cards
    try:
        if workers > 1 and "fork" in multiprocessing.get_all_start_methods() and len(ranges) > 1:
            with multiprocessing.get_context("fork").Pool(workers) as pool:
                parts = pool.imap(_check_range, ranges)
                for n, checks in parts:
                    _count(report, n, checks, progress)
        else:
            for bounds in ranges:
                _count(report, *_check_range(bounds), progress)
    finally:
        _ITEMS = ()
    report.seconds = time.monotonic() - start
    return report


def _count(report: DifferentialReport, n: int, checks: list[Check], progress: Callable[[int], None] | None) -> None:
    report.cards += n
    for c in checks:
        report.add(c)
    if progress:
        progress(n)
