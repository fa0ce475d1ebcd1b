"""Words of control (613.1b, layer 2): gaining control for the rest of the game (611.2a) of a target permanent,
and of every permanent a phrase names that the spell's controller owns; and an Aura's static ability "You control
enchanted creature." (611.3a: it applies while the Aura is on the battlefield attached to it). Control for a
stated duration ("until end of turn") is ``words.until``'s."""
from __future__ import annotations

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.selectors import SELECTS
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.word import Word
from mtgjudge.model.vocab.words_game import target_words, v_target

ENGINE = frozenset({"engine"})
#: The words of effects of spells and abilities that may give control of a permanent (613.1b; "until end of
#: turn" only where its ``control`` argument says so).
CONTROL_WORDS = ("gain_control", "gain_control_owned", "until_end_of_turn")
#: What "You control enchanted ..." may name: the kinds of the Aura's enchant abilities that have such a line.
ENCHANTED_KINDS = ("creature", "permanent", "artifact", "land", "enchantment", "Equipment", "artifact creature")


def _v_control_enchanted(a: dict) -> dict:
    if not a.get("enchanted"):
        raise DefinitionError("only of the enchanted permanent (enchanted: true)")
    if a.get("what", "creature") not in ENCHANTED_KINDS:
        raise DefinitionError(f"what: one of {', '.join(ENCHANTED_KINDS)}")
    return a

WORDS = (
    # 613.1b, 611.2a: "Gain control of target creature." (for the rest of the game: no duration is stated)
    Word("gain_control", "effect", {"target": str}, lambda a: f"Gain control of {target_words(a['target'])}",
         frozenset({Scope.RESOLUTION}), ENGINE, v_target),
    # 613.1b, 611.2a: "Gain control of all permanents you own." (``affects``: the kinds, ``phrases.parse_nps``)
    Word("gain_control_owned", "effect", {SELECTS: tuple, "affects": str}, lambda a: f"Gain control of all {a['affects']} you own",
         frozenset({Scope.RESOLUTION}), ENGINE),
    # 613.1b, 611.3a: an Aura's "You control enchanted creature." (``what``: the noun it names, ``ENCHANTED_KINDS``):
    # the Aura's controller controls the permanent it is attached to while it is; applied in layer 2 by
    # ``rules.layers.controllers`` and written into the state by ``engine.controllers``
    Word("control_enchanted", "static", {"enchanted": bool, "what": str},
         lambda s: f"You control enchanted {s.arg('what', 'creature')}",
         frozenset({Scope.CHARACTERISTICS}), frozenset({"layers"}), _v_control_enchanted),
)
