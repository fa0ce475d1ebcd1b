"""Performing instructions that depend on a condition checked on resolution (608.2c) and coin flips (705), the
words of ``words.conditions.record`` (read by ``words.conditions.read``).

- ``if_state``: the instruction after it is followed only in the branches where the condition is true as it is
  reached (each branch is its own game: an instruction before may have changed what the condition counts);
- ``state_instead``: in each branch, the marker's own instruction (on the same target) if the condition is true,
  else the instruction after it;
- ``coin_flip`` then any number of ``if_won`` / ``if_lost`` each before its instruction: the flip is won in one
  branch and lost in the other (705.1: the result is random, so each is a possible outcome), and each
  instruction is followed only in the branches of its result;
- ``vote`` then any number of ``if_vote`` ("If time gets more votes, ..."): every count of the players' votes
  is a branch (701.38a: each player chooses), each instruction followed where its option got more votes (or
  the vote is tied, where the marker says so).

A condition is checked as intervening "if" clauses are (``intervening.condition_holds``)."""
from __future__ import annotations

from itertools import combinations_with_replacement
from functools import partial
from typing import Callable

from mtgjudge.model.engine.game import Game, merge
from mtgjudge.model.engine.intervening import condition_holds
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.engine.kernel.context import Ctx, Performer

Ctx = Ctx

#: The markers' kinds; ``run_marked`` reads each with the instruction after it (on its own one does nothing).
MARKERS = ("if_state", "state_instead", "coin_flip", "if_won", "if_lost", "vote", "if_vote")
MARKER_HANDLERS = {k: (lambda g, e, c: [g]) for k in MARKERS}
#: The markers that read the result of a coin flip or a vote made by the marker before them.
_RESULT_MARKERS = ("if_won", "if_lost", "if_vote")


def holds(game: Game, marker: Effect, controller: str, source: str | None, source_moves: int | None = None) -> bool:
    """608.2c: is the condition of ``marker`` (read as the card was compiled) true now for ``controller``, the
    controller of the resolving spell or ability? (One check with intervening "if" clauses:
    ``intervening.condition_holds``.)"""
    return condition_holds(game, marker, controller, source, "608.2c", source_moves)


def _said(game: Game, condition: str, true: bool) -> Game:
    return game.log(("608.2c",), f"'if {condition}' is {'true' if true else 'false'}")


def run_marked(branches: list[Game], effects: tuple[Effect, ...], uses: list, i: int, it, perform: Callable,
               ctx: Ctx):
    """``effects[i]`` is a marker: it and the instructions it governs, on every branch (``perform`` performs one
    instruction, as ``resolve.run_effects`` does). Returns the branches, what "it" names next and the index
    after them."""
    marker = effects[i]
    if marker.kind == "coin_flip":
        return _flip(branches, effects, uses, i, it, perform)
    if marker.kind == "vote":
        return _vote(branches, effects, uses, i, it, perform, ctx)
    if marker.kind in _RESULT_MARKERS:
        raise Unsupported(f"{marker.text()!r} with no coin flipped or vote before it is not performed")
    if i + 1 >= len(effects) or effects[i + 1].kind in MARKERS:
        raise Unsupported(f"{marker.text()!r} with no instruction after it is not performed")
    nxt, cond = effects[i + 1], marker.arg("condition")
    out: list[Game] = []
    its = set()
    for g in branches:
        true = holds(g, marker, ctx.controller, ctx.source, ctx.source_moves)
        g = _said(g, cond, true)
        inst = (marker.arg("effect") if true else nxt) if marker.kind == "state_instead" else (nxt if true else None)
        if inst is None:
            out.append(g)
            its.add(it)
            continue
        done, it_g = perform([g], inst, uses[i + 1], it)
        out += done
        its.add(it_g)
    # "it" after them names one object only if every branch leaves the same one
    return merge(out), (its.pop() if len(its) == 1 else (None, True)), i + 2


def _results(branches: list[Game], effects: tuple[Effect, ...], uses: list, i: int, it, perform: Callable,
             results: list[tuple[str, Callable[[Effect], bool]]]):
    """``effects[i]`` makes a result (a coin flip, a vote) and the markers after it each govern the instruction
    after them: every result a branch (``results``: how it reads and which markers it satisfies), each
    instruction followed in the branches whose result satisfies its marker."""
    chain: list[tuple[Effect, int]] = []
    j = i + 1
    while j < len(effects) and effects[j].kind in _RESULT_MARKERS:
        if j + 1 >= len(effects) or effects[j + 1].kind in MARKERS:
            raise Unsupported(f"{effects[j].text()!r} with no instruction after it is not performed")
        chain.append((effects[j], j + 1))
        j += 2
    out: list[Game] = []
    its = set()
    for label, satisfies in results:
        games, it_r = [g.choose(label) for g in branches], it
        for marker, k in chain:
            if satisfies(marker) and games:
                games, it_r = perform(games, effects[k], uses[k], it_r)
        out += games
        its.add(it_r)
    return merge(out), (its.pop() if len(its) == 1 else (None, True)), j


def _flip(branches, effects, uses, i, it, perform):
    """705.1: a coin flip is won in one branch and lost in the other (its result is random)."""
    return _results(branches, effects, uses, i, it, perform, [
        ("the coin flip is won (705.1)", lambda m: m.kind == "if_won"),
        ("the coin flip is lost (705.1)", lambda m: m.kind == "if_lost")])


def _vote(branches, effects, uses, i, it, perform, ctx: Ctx):
    """701.38a: starting with the spell's controller, in turn order, each player in the game votes for one of
    the options: every count of votes a branch (the instructions read only which option got more votes)."""
    options = effects[i].arg("options")
    game = branches[0]
    st = game.state
    for o in st.objects:                 # "While voting, you get an additional vote" (701.38d), vote triggers
        for a in o.printed.abilities:
            if a.kind == "unmodelled" and "vote" in (a.source_text or "").lower():
                raise Unsupported(f"{o.name}'s text {a.source_text!r} may change how players vote (701.38)")
    voters = [p for p in st.player_names if p not in st.left]
    results: list[tuple[str, Callable[[Effect], bool]]] = []
    for tally in combinations_with_replacement(range(len(options)), len(voters)):
        votes = {opt: tally.count(k) for k, opt in enumerate(options)}
        label = "the votes: " + ", ".join(f"{votes[o]} for {o}" for o in options) + " (701.38a)"
        results.append((label, partial(vote_satisfies, votes=votes)))
    return _results(branches, effects, uses, i, it, perform, results)


def vote_satisfies(marker: Effect, votes: dict[str, int]) -> bool:
    """"If <option> gets more votes" (than each other option); "... or the vote is tied": more than one option
    got the most votes (Plea for Power ruling 2014-05-29)."""
    mine = votes[marker.arg("option")]
    others = [n for o, n in votes.items() if o != marker.arg("option")]
    tied = sum(1 for n in votes.values() if n == max(votes.values())) > 1
    return all(mine > n for n in others) or (bool(marker.arg("or_tied")) and tied)


PERFORMERS: dict[str, Performer] = dict(MARKER_HANDLERS)
#: The marker words that govern the instructions after them, each with the function that performs them.
MARKER_RUNNERS = {k: run_marked for k in MARKERS}
