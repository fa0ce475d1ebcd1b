"""A z3 solver whose constraints are named by the rules they encode, so that an unsat core is the list of
rules that forbid something (design.md, "Solving").

Every check is bounded by a time limit; reaching it raises :class:`SearchBound`, which the kinds turn into
an `unsupported` answer that says so.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from mtgjudge.model.explain import Step

from mtgjudge.model import deadline
from mtgjudge.model.errors import SearchBound

#: Default bound for one solver check, in milliseconds.
DEFAULT_TIMEOUT_MS = 5000


@dataclass
class Requirement:
    step: Step
    constraint: Any          # a z3 BoolRef
    tracker: Any = None      # the z3 Bool naming it


class TrackedSolver:
    """Constraints tracked by Step (rule numbers + words); checks under assumptions, minimal cores."""

    def __init__(self, timeout_ms: int = DEFAULT_TIMEOUT_MS) -> None:
        import z3  # imported here: only questions that need a solver pay for loading it

        self.z3 = z3
        self.solver = z3.Solver()
        self.solver.set("timeout", timeout_ms)
        self.timeout_ms = timeout_ms
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

    def _check(self, reqs: list[Requirement], timeout_ms: int | None = None) -> str:
        # z3 gets as its own timeout what is left of the question's time bound, if that is shorter
        own = self.timeout_ms if timeout_ms is None else timeout_ms
        deadline.check("the solver")
        self.solver.set("timeout", max(1, int(deadline.seconds_left(own / 1000) * 1000)))
        result = self.solver.check(*[r.tracker for r in reqs])
        if result == self.z3.unknown:
            deadline.check("the solver")
            raise SearchBound(f"the solver reached its bound of {self.timeout_ms} ms ({self.solver.reason_unknown()})")
        return "sat" if result == self.z3.sat else "unsat"

    def check(self) -> bool:
        """Are all requirements satisfiable together?"""
        return self._check(self.requirements) == "sat"

    def model(self) -> Any:
        return self.solver.model()

    def minimal_core(self) -> list[Requirement]:
        """After an unsat check: a set of requirements that is unsat and from which none can be dropped.

        Minimizing takes one check per requirement of z3's own core; all of them together stay within the
        solver's bound, past which SearchBound says so (a reason that could be dropped is never shown)."""
        core_names = {str(b) for b in self.solver.unsat_core()}
        core = [r for r in self.requirements if str(r.tracker) in core_names]
        deadline = time.monotonic() + self.timeout_ms / 1000
        i = 0
        while i < len(core):
            left = deadline - time.monotonic()
            if left <= 0:
                raise SearchBound(f"finding a minimal set of reasons reached the solver's bound of {self.timeout_ms} ms")
            trial = core[:i] + core[i + 1:]
            if self._check(trial, max(1, int(left * 1000))) == "unsat":
                core = trial
            else:
                i += 1
        return core

    def holding(self) -> list[Requirement]:
        """After a sat check: the requirements (all hold in the model)."""
        return list(self.requirements)
