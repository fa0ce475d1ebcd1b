"""The costs a spell's own text adds or offers (issue 9, helper costs): alternative costs (118.9), additional
costs (118.8, 601.2b, 601.2f-h) and cost reductions of the spell itself (601.2f). Expected answers come from
the CR and Gatherer rulings, derived by hand."""
from __future__ import annotations

import pytest

from mtgjudge.model.oracle.lines import LineContext, compile_line
from mtgjudge.model.oracle.scopes import scopes_of
from mtgjudge.model.vocab.scopes import Scope


def _spell_line(text: str):
    """The abilities an instant's line compiles to (text already normalized: the spell is "~")."""
    return compile_line(text, text, LineContext(spell=True))


# ---------------------------------------------------------------- alternative costs (118.9)

ALTERNATIVE = [
    # Daze, Gush, Fireblast, Flameshot, Snuff Out, Invigorate, Land Grant, Cobra Trap (2018 Oracle wording)
    "You may return an Island you control to its owner's hand rather than pay ~'s mana cost.",
    "You may return two Islands you control to their owner's hand rather than pay ~'s mana cost.",
    "You may sacrifice two Mountains rather than pay ~'s mana cost.",
    "You may discard a Mountain card rather than pay ~'s mana cost.",
    "If you control a Swamp, you may pay 4 life rather than pay ~'s mana cost.",
    "If you control a Forest, rather than pay ~'s mana cost, you may have an opponent gain 3 life.",
    "If you have no land cards in hand, you may reveal your hand rather than pay ~'s mana cost.",
    "If a noncreature permanent under your control was destroyed this turn by a spell or ability an opponent "
    "controlled, you may pay {G} rather than pay ~'s mana cost.",
]


@pytest.mark.parametrize("line", ALTERNATIVE)
def test_an_alternative_cost_only_offers_a_way_to_cast(line):
    """118.9: an alternative cost is a way to cast the spell instead of paying its mana cost; its condition says
    when that way exists. Cast for its mana cost, nothing of it applies (601.2b: it was not chosen)."""
    (ab,) = _spell_line(line)
    assert ab.kind == "unmodelled" and ab.unmodelled_kind == "static"
    assert ab.scope == (Scope.CAST_OPTIONS,)


@pytest.mark.parametrize("line", [
    # near misses: an instruction that says "rather than", a cost the spell always adds, a cost of another ability
    "You may draw a card rather than pay ~'s mana cost. Destroy target creature.",
    "As long as you have seven or more cards in hand, you may pay {0} rather than pay cycling costs.",
    "If you control a Swamp, you may pay 4 life rather than pay ~'s mana cost. ~ deals 2 damage to you.",
])
def test_other_rather_than_lines_keep_every_scope(line):
    assert scopes_of(line, "static") != (Scope.CAST_OPTIONS,)
