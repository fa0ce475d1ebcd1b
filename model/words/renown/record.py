"""Words of renown (702.112a): "Renown N" means "When this creature deals combat damage to a player, if it isn't
renowned, put N +1/+1 counters on it and it becomes renowned." Renowned is a designation of the permanent
(702.112b: ``GameObject.renowned``), which it keeps until it leaves the battlefield (400.7: a new object isn't).

The keyword is compiled as that triggered ability (``words.renown.read``): its intervening "if" (603.4) is the
ability's ``intervening`` ``not_renowned`` (``words.kicker.perform.intervening_holds``), checked again as its one
effect ``renown`` resolves (702.112c: a second instance does nothing; ``words.renown.perform``)."""
from __future__ import annotations

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.vocab.abilities import count_word
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.word import Word

ENGINE = frozenset({"engine"})
#: The ability's ``intervening``: "if it isn't renowned".
INTERVENING = "not_renowned"
#: 702.112a: the trigger condition.
TRIGGER = "When ~ deals combat damage to a player"


def _v_renown(a: dict) -> None:
    if not isinstance(a.get("n"), int) or isinstance(a.get("n"), bool) or a["n"] < 1:
        raise DefinitionError(f"renown: n must be a positive number, not {a.get('n')!r}")


def _r_renown(a: dict) -> str:
    n = a["n"]
    return f"Put {count_word(n)} +1/+1 counter{'s' if n != 1 else ''} on it and it becomes renowned"


WORDS: tuple[Word, ...] = (
    Word("renown", "effect", {"n": int}, _r_renown, frozenset({Scope.POWER_TOUGHNESS}), ENGINE, _v_renown),
)


def keyword_of(keyword: str, trigger: str, intervening: str, effects: tuple) -> str | None:
    """"Renown N" for the triggered ability that is exactly its meaning; None for any other ability."""
    name, _, n = keyword.partition(" ")
    if name != "Renown" or trigger != TRIGGER or intervening != INTERVENING or len(effects) != 1:
        return None
    e = effects[0]
    return keyword if e.kind == "renown" and str(e.arg("n")) == n else None
