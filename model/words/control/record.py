"""Words of gaining control for the rest of the game (613.1b, 611.2a): of a target permanent, and of every
permanent a phrase names that the spell's controller owns. Control for a stated duration ("until end of turn")
is ``words.until``'s."""
from __future__ import annotations

from mtgjudge.model.selectors import SELECTS
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.word import Word
from mtgjudge.model.vocab.words_game import _target_words, _v_target

ENGINE = frozenset({"engine"})

WORDS = (
    # 613.1b, 611.2a: "Gain control of target creature." (for the rest of the game: no duration is stated)
    Word("gain_control", "effect", {"target": str}, lambda a: f"Gain control of {_target_words(a['target'])}",
         frozenset({Scope.RESOLUTION}), ENGINE, _v_target),
    # 613.1b, 611.2a: "Gain control of all permanents you own." (``affects``: the kinds, ``phrases.parse_nps``)
    Word("gain_control_owned", "effect", {SELECTS: tuple, "affects": str}, lambda a: f"Gain control of all {a['affects']} you own",
         frozenset({Scope.RESOLUTION}), ENGINE),
)
