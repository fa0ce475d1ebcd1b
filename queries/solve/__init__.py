"""Solver back ends: z3 for decisions with reasons (unsat cores), python-constraint for enumeration."""
