"""The coverage sweep's core: pose every card the standard questions of ``coverage.board``, answer each as
``ask`` does (``runner.run_question``), and count per kind of question how many were answered (yes, no,
or a list of mana types), unsupported (with the template of why) or crashed (an exception: a bug, kept
with its type, message, card and kind, never swallowed).

Cards are given as :class:`~mtgjudge.model.objects.CardDef` values, or as
:class:`~mtgjudge.model.cards.sources.CardRecord` values that are compiled (``oracle.compile_card``) where
they are swept, so that compiling runs in parallel too. Chunks of cards run in worker processes forked
from this one: the cards are handed over by their index, never pickled (a card definition holds the
functions of its words).
"""
from __future__ import annotations

import multiprocessing
import os
import signal
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import field

from mtgjudge.model.cards.lookup import card_db
from mtgjudge.model.cards.sources import CardRecord
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.objects import CardDef
from mtgjudge.model.oracle import compile_card
from mtgjudge.model.oracle.reading import ReadingTally
from mtgjudge.queries.coverage import board
from mtgjudge.queries.coverage.kinds import COMBAT_KINDS, KINDS
from mtgjudge.queries.coverage.reasons import reason_template
from mtgjudge.queries.format.questions import Question
from mtgjudge.queries.labels import shown_name
from mtgjudge.queries.runner import run_question
from mtgjudge.model.lazy_dataclass import dataclass

#: Cards per chunk handed to a worker: small enough to balance the load and move the progress bar.
CHUNK = 40
#: Past this a question is a crash: the product's own bounds (solver and search limits, which answer
#: `unsupported`) should have stopped it long before.
QUESTION_SECONDS = 60.0

Card = CardDef | CardRecord
#: Where the package's folders (``model``, ``queries``) are: crash locations are given from there.
PACKAGE_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@dataclass(frozen=True)
class Crash:
    """A question that raised instead of answering (or whose question the product refused as wrong)."""

    kind: str
    card: str
    type: str
    message: str
    where: str = ""        # the innermost frame: file:line in function

    def to_json(self) -> dict:
        return {"kind": self.kind, "card": self.card, "type": self.type, "message": self.message, "where": self.where}


@dataclass
class KindTally:
    """The outcomes of one kind of question."""

    asked: int = 0
    answered: int = 0
    unsupported: int = 0
    crashed: int = 0
    reasons: Counter = field(default_factory=Counter)

    def add(self, other: KindTally) -> None:
        self.asked += other.asked
        self.answered += other.answered
        self.unsupported += other.unsupported
        self.crashed += other.crashed
        self.reasons.update(other.reasons)

    def top(self, n: int = 10) -> list[tuple[str, int]]:
        """The ``n`` most frequent reasons for `unsupported`, most frequent first (ties by text)."""
        return sorted(self.reasons.items(), key=lambda kv: (-kv[1], kv[0]))[:n]


@dataclass
class CoverageReport:
    """What a sweep found: per kind its tally, and every crash."""

    cards: int = 0
    kinds: dict[str, KindTally] = field(default_factory=dict)
    crashes: list[Crash] = field(default_factory=list)
    seconds: float = 0.0
    workers: int = 1
    reading: ReadingTally = field(default_factory=ReadingTally)   # the cards' lines read back (oracle.reading)

    def tally(self, kind: str) -> KindTally:
        return self.kinds.setdefault(kind, KindTally())

    def add(self, other: CoverageReport) -> None:
        self.cards += other.cards
        for kind, t in other.kinds.items():
            self.tally(kind).add(t)
        self.crashes += other.crashes
        self.reading.add(other.reading)


# ------------------------------------------------------------------------------------------- one question

class QuestionTimeout(Exception):
    """A question ran past ``QUESTION_SECONDS``: the product's bounds did not stop it."""


@contextmanager
def time_bound(seconds: float) -> Iterator[None]:
    """Raise QuestionTimeout in the block after ``seconds`` (where the platform has interval timers and
    this is the main thread; elsewhere the block is unbounded but for the product's own bounds)."""
    def expire(signum, frame):
        raise QuestionTimeout(f"no answer within {seconds:g} s")
    try:
        previous = signal.signal(signal.SIGALRM, expire)
    except (AttributeError, ValueError):
        yield
        return
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _where(e: BaseException) -> str:
    """The innermost frame of the exception, as ``model/rules/x.py:12 in f`` (relative to the package)."""
    frames = traceback.extract_tb(e.__traceback__)
    if not frames:
        return ""
    f = frames[-1]
    return f"{os.path.relpath(f.filename, PACKAGE_ROOT)}:{f.lineno} in {f.name}"


def _texts(card: CardDef) -> list[str]:
    return [t for f in card.faces for a in f.abilities for t in (a.source_text, a.text()) if t]


def _names(card: CardDef) -> list[str]:
    return [card.name] + [f.name for f in card.faces]


def _board_names(q: Question) -> dict[str, str]:
    """The board's objects, id -> the name a person knows each by (``labels.shown_name``)."""
    return {o.id: shown_name(o) for o in q.state.objects}


def _crash(report: CoverageReport, kind: str, card: Card, e: BaseException, doing: str = "") -> None:
    report.tally(kind).crashed += 1
    report.crashes.append(Crash(kind, card.name, type(e).__name__, doing + " ".join(str(e).split()), _where(e)))


def _ask(report: CoverageReport, kind: str, card: CardDef, build: Callable[..., Question]) -> None:
    """Build one question and answer it as ``ask`` does; count its outcome."""
    tally = report.tally(kind)
    tally.asked += 1
    try:
        with time_bound(QUESTION_SECONDS):
            q = build()
            result = run_question(q)
    except Unsupported as e:
        # the model refused to lay out the board ("a phrase names a chosen creature type, but none was chosen"):
        # a limit it states, not a bug
        tally.unsupported += 1
        tally.reasons["the sweep's board: " + reason_template(str(e), _names(card), [], _texts(card))] += 1
        return
    except Exception as e:  # noqa: BLE001  (a crash is a bug to report, with the card and the kind)
        _crash(report, kind, card, e)
        return
    if result.answer is not None and result.answer.value == "illegal":
        # the board let the card be cast by can-play's reckoning but the engine found the cast illegal:
        # the outcome was not computed, and the reason (a rule) says why
        tally.unsupported += 1
        tally.reasons["the cast was illegal on the sweep's board: " + reason_template(
            "; ".join(s.text for s in result.answer.why[:1]), _names(card), _board_names(q),
            _texts(card))] += 1
    elif result.status == "error":     # the product refused the sweep's own question: a bug of one of them
        tally.crashed += 1
        report.crashes.append(Crash(kind, card.name, "QuestionError", " ".join(result.message.split())))
    elif result.status == "unsupported":
        tally.unsupported += 1
        tally.reasons[reason_template(result.message, _names(card), _board_names(q), _texts(card))] += 1
    else:
        tally.answered += 1


# ------------------------------------------------------------------------------------------- one card

def sweep_card(item: Card, kinds: Sequence[str] = KINDS, report: CoverageReport | None = None) -> CoverageReport:
    """Pose one card every question of ``kinds`` (a record is compiled first); the outcomes are added to
    ``report`` (a new one if None), which is returned."""
    report = report if report is not None else CoverageReport()
    report.cards += 1
    if isinstance(item, CardRecord) and set(kinds) <= set(COMBAT_KINDS) and \
            not any("Creature" in f.type_line.split("—")[0] for f in item.faces):
        return report
    try:
        card = item if isinstance(item, CardDef) else compile_card(item)
    except Exception as e:  # noqa: BLE001  (a compile crash is the crash of the first kind swept: can-play by default)
        first = "can-play" if "can-play" in kinds or not kinds else kinds[0]
        report.tally(first).asked += 1
        _crash(report, first, item, e, doing="while compiling: ")
        return report
    report.reading.add_card(card)
    if "can-play" in kinds:
        _ask(report, "can-play", card, lambda: board.can_play(card))
    if "outcome" in kinds and board.casts_and_resolves(card):
        _ask(report, "outcome", card, lambda: board.outcome(card))
    for face in board.creature_faces(card):
        if "can-attack" in kinds:
            _ask(report, "can-attack", card, lambda f=face: board.can_attack(card, f))
        if "can-block" in kinds:
            _ask(report, "can-block", card, lambda f=face: board.can_block(card, f))
    if "could-produce" not in kinds and "can-activate" not in kinds:
        return report
    produce_asked = False
    for face in board.battlefield_faces(card):
        try:
            probe = board.on_battlefield(card, face)
            abilities = board.activated(probe)
            has_mana = board.has_mana_ability(probe)
        except Unsupported as e:      # a limit the model states (see ``_ask``), for both kinds asked there
            for kind in ("could-produce", "can-activate"):
                if kind in kinds:
                    report.tally(kind).asked += 1
                    report.tally(kind).unsupported += 1
                    report.tally(kind).reasons["the sweep's board: " + reason_template(
                        str(e), _names(card), [], _texts(card))] += 1
            continue
        except Exception as e:  # noqa: BLE001  (the card on a battlefield: both kinds are asked there)
            for kind in ("could-produce", "can-activate"):
                if kind in kinds:
                    report.tally(kind).asked += 1
                    _crash(report, kind, card, e)
            continue
        if "could-produce" in kinds and has_mana and not produce_asked:
            produce_asked = True
            _ask(report, "could-produce", card, lambda q=probe: q)
        if "can-activate" in kinds:
            for index, ability in enumerate(abilities, 1):
                _ask(report, "can-activate", card,
                     lambda f=face, i=index, a=ability: board.can_activate(card, f, i, a))
    return report


# ------------------------------------------------------------------------------------------- many cards

#: The cards of the sweep under way, read by forked workers by index (never pickled).
_ITEMS: Sequence[Card] = ()
_KINDS: Sequence[str] = KINDS


def _sweep_range(bounds: tuple[int, int]) -> CoverageReport:
    report = CoverageReport()
    for item in _ITEMS[bounds[0]:bounds[1]]:
        sweep_card(item, _KINDS, report)
    return report


def warm() -> None:
    """Load what every question needs once, before forking, so that each worker does not load it again."""
    card_db()
    board.pool()
    import z3  # noqa: F401  (the solver's module is imported by the first question otherwise)


def sweep(cards: Sequence[Card], *, kinds: Sequence[str] = KINDS, workers: int = 1,
          progress: Callable[[int], None] | None = None, chunk: int = CHUNK) -> CoverageReport:
    """Sweep ``cards``: every question of ``kinds`` posed to each, answered, counted. ``workers`` > 1 runs
    chunks of ``chunk`` cards in that many forked processes (where the platform forks; else in this one);
    ``progress(n)`` is called as each ``n`` cards are done."""
    global _ITEMS, _KINDS
    start = time.monotonic()
    report = CoverageReport()
    warm()
    ranges = [(i, min(i + chunk, len(cards))) for i in range(0, len(cards), chunk)]
    forks = "fork" in multiprocessing.get_all_start_methods()
    if workers > 1 and forks and len(ranges) > 1:
        _ITEMS, _KINDS = cards, tuple(kinds)
        try:
            with multiprocessing.get_context("fork").Pool(workers) as pool:
                for part in pool.imap_unordered(_sweep_range, ranges):
                    report.add(part)
                    if progress:
                        progress(part.cards)
        finally:
            _ITEMS, _KINDS = (), KINDS
    else:
        workers = 1
        for lo, hi in ranges:
            for item in cards[lo:hi]:
                sweep_card(item, kinds, report)
            if progress:
                progress(hi - lo)
    for kind in kinds:
        report.tally(kind)
    report.kinds = {k: report.kinds[k] for k in KINDS if k in report.kinds}
    report.crashes.sort(key=lambda c: (c.kind, c.type, c.message, c.card))
    report.seconds = time.monotonic() - start
    report.workers = workers
    return report
