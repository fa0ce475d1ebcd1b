"""Words of the removal family of issue 9 (round 4): gaining control of a target permanent (613.1b)."""
from __future__ import annotations

from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.word import Word
from mtgjudge.model.vocab.words_game import _target_words, _v_target

ENGINE = frozenset({"engine"})

WORDS = (
    # 613.1b, 611.2a: "Gain control of target creature." (for the rest of the game: no duration is stated)
    Word("gain_control", "effect", {"target": str}, lambda a: f"Gain control of {_target_words(a['target'])}",
         frozenset({Scope.RESOLUTION}), ENGINE, _v_target),
)
