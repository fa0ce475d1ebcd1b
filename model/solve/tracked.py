"""A z3 solver whose constraints are named by the rules they encode, so that an unsat core is the list of
rules that forbid something (design.md, "Solving").

Every check is bounded by a time limit; reaching it raises :class:`SearchBound`, which the kinds turn into
an `unsupported` answer that says so.
"""
from __future__ import annotations

import time
from typing import Any

from mtgjudge.model.explain import Step

from mtgjudge.model import deadline as question_bound
from mtgjudge.model.errors import SearchBound
from mtgjudge.model.lazy_dataclass import dataclass

#: Default bound for one solver check, in milliseconds.
DEFAULT_TIMEOUT_MS = 5000


@dataclass
class Requirement:
    step: Step
    constraint: Any          # a z3 BoolRef
    tracker: Any = None      # the z3 Bool naming it


class TrackedSolver:
    """Constraints tracked by Step (rule numbers + words); checks under assumptions, minimal cores.

    Every check of one solver shares one deadline: ``timeout_ms`` from its creation, or ``deadline`` (a
    ``time.monotonic()`` instant) when given, so that several solvers answering one question share one."""

    def __init__(self, timeout_ms: int = DEFAULT_TIMEOUT_MS, deadline: float | None = None) -> None:
        import z3  # imported here: only questions that need a solver pay for loading it

        self.z3 = z3
        self.solver = z3.Solver()
        self.timeout_ms = timeout_ms
        self.deadline = deadline if deadline is not None else time.monotonic() + timeout_ms / 1000
        self.requirements: list[Requirement] = []

    def add(self, constraint: Any) -> None:
        """A structural constraint (domains of choice variables): never part of a reason."""
        self.solver.add(constraint)

    def require(self, step: Step, constraint: Any) -> Requirement:
        """A constraint that a rule imposes; it appears in reasons when it blocks."""
        tracker = self.z3.Bool(f"req{len(self.requirements)}")
        self.solver.add(self.z3.Implies(tracker, constraint))
        req = Requirement(step, constraint, tracker)
        self.requirements.append(req)
        return req

    def _check(self, reqs: list[Requirement], doing: str = "") -> str:
        # z3's own timeout is what is left of this solver's deadline or of the question's bound, the shorter
        question_bound.check(doing or "the solver")
        left = question_bound.seconds_left(self.deadline - time.monotonic())
        if left <= 0:
            raise SearchBound(f"{doing or 'the solver'} reached the solver's bound of {self.timeout_ms} ms")
        self.solver.set("timeout", max(1, int(left * 1000)))
        result = self.solver.check(*[r.tracker for r in reqs])
        if result == self.z3.unknown:
            question_bound.check(doing or "the solver")
            raise SearchBound(f"{doing or 'the solver'} reached the solver's bound of {self.timeout_ms} ms "
                              f"({self.solver.reason_unknown()})")
        return "sat" if result == self.z3.sat else "unsat"

    def check(self) -> bool:
        """Are all requirements satisfiable together?"""
        return self._check(self.requirements) == "sat"

    def model(self) -> Any:
        return self.solver.model()

    def _core_of(self, reqs: list[Requirement]) -> list[Requirement]:
        names = {str(b) for b in self.solver.unsat_core()}
        return [r for r in reqs if str(r.tracker) in names]

    def minimal_core(self) -> list[Requirement]:
        """After an unsat check: a set of requirements that is unsat and from which none can be dropped.

        It starts from z3's own core and drops one requirement at a time while the rest stay unsat; after
        each such check the rest shrinks to that check's own core. Every check stays within the solver's one
        deadline, past which SearchBound says so (a reason that could be dropped is never shown)."""
        return self.shrunk_core()[0]

    def shrunk_core(self) -> tuple[list[Requirement], bool]:
        """After an unsat check: an unsat set of requirements, shrunk as ``minimal_core`` shrinks it, and
        whether it is minimal. At the solver's deadline the set shrunk so far is returned (not minimal): every
        set the shrinking keeps is unsat (a core of an unsat check), so its reasons hold, though some may be
        droppable."""
        core = self._core_of(self.requirements)
        doing = "finding a minimal set of reasons"
        i = 0
        while i < len(core):
            trial = core[:i] + core[i + 1:]
            try:
                result = self._check(trial, doing)
            except SearchBound:
                return core, False
            if result == "unsat":
                core = self._core_of(trial)
            else:
                i += 1
        return core, True

    def holding(self) -> list[Requirement]:
        """After a sat check: the requirements (all hold in the model)."""
        return list(self.requirements)
