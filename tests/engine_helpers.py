"""Helpers for the engine's tests: the one final game of a list, where an object is, and the answer to a question
written in a test."""
from __future__ import annotations

from mtgjudge.model.engine.game import Game
from mtgjudge.model.rules import counts
from mtgjudge.model.selectors import SELECTS
from mtgjudge.model.vocab.grammar import COSTS, parse_cost_text
from mtgjudge.model.vocab.phrases import parse_nps, parse_target
from mtgjudge.model.words.players.record import CARDS, card_phrase
from mtgjudge.queries.format.files import load_text
from mtgjudge.queries.runner import run_question


def one(games: list[Game]) -> Game:
    """The only final game (the test's actions leave no choice)."""
    assert len(games) == 1, [g.choices for g in games]
    return games[0]


def written_args(word) -> dict:
    """A word's arguments as its text gives them: the counts and kinds of permanents it read as it was compiled
    (``rules.counts.compiled``, ``selectors.SELECTS``, ``words.players.record.CARDS``, ``grammar.COSTS``) left out, once each is checked to be its phrase's."""
    a = dict(word.args)
    for text, count in a.pop(counts.ARG, ()):
        assert count == counts.parse(text), (text, count)
    for text, kinds in a.pop(SELECTS, ()):
        assert kinds == parse_nps(text), (text, kinds)
    for key, x_parts, parts, _why in a.pop(COSTS, ()):
        assert parts == parse_cost_text(a[key], x_parts), (key, parts)
    if CARDS in a:
        text, spec = a.pop(CARDS)
        assert text == card_phrase(a.get("quality", ""), a.get("with", "")) and spec == parse_target(text), (text, spec)
    return a


def zone(g: Game, oid: str) -> str:
    return g.state.obj(oid).zone


def ask_text(text: str):
    """The result of the one question written in ``text`` (a test's YAML), as ``mtgjudge ask`` answers it."""
    (q,) = load_text(text)
    assert not isinstance(q, Exception), q
    return run_question(q)
