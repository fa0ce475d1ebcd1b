"""Words of the colors of mana spent to cast a spell: sunburst (702.44) and converge (an ability word, 207.2c).

702.44a: "Sunburst" means "If this object is entering as a creature, ignoring any type-changing effects that would
affect it, it enters with a +1/+1 counter on it for each color of mana spent to cast it. Otherwise, it enters with a
charge counter on it for each color of mana spent to cast it." Converge (and the same words with no ability word)
says the counter itself: "This enters with a +1/+1 counter on it for each color of mana spent to cast it."

Both are the static word ``enters_with_colors_spent`` (614.1c), its ``counter`` a kind of counter or ``sunburst``
(the kind decided as it enters, 702.44a). How many colors were spent is a consequence of how the spell was paid,
which its caster chose (601.2g-h): the payment model lists the numbers a payment allows
(``payment.enumeration.colors_spent``), the engine records the one of each branch on the spell
(``GameObject.colors_spent``, ``engine.paying.pay``), and the permanent reads it as it enters from the stack
(``words.colors_spent.perform``)."""
from __future__ import annotations

from mtgjudge.model.errors import DefinitionError, Unsupported
from mtgjudge.model.objects import GameObject
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.abilities import StaticEffect
from mtgjudge.model.vocab.word import Word

ENGINE = frozenset({"engine"})

#: The ``counter`` of sunburst: +1/+1 counters on an object entering as a creature, charge counters otherwise.
SUNBURST = "sunburst"
#: 702.44a: the kinds of counter sunburst puts: entering as a creature, and otherwise.
SUNBURST_KINDS = ("+1/+1", "charge")


def _v_enters(a: dict) -> None:
    kind = a.get("counter")
    if not isinstance(kind, str) or not kind or " " in kind:
        raise DefinitionError(f"enters_with_colors_spent: counter must be a kind of counter or {SUNBURST}, not {kind!r}")


def _r_enters(s: StaticEffect) -> str:
    if s.arg("counter") == SUNBURST:
        return "Sunburst"
    return f"This enters with a {s.arg('counter')} counter on it for each color of mana spent to cast it"


WORDS: tuple[Word, ...] = (
    # 614.1c, 702.44a-b: a replacement effect of the object's own as it enters: one counter for each color of mana
    # spent to cast the spell it was; none if it was not a resolving spell
    Word("enters_with_colors_spent", "static", {"counter": str}, _r_enters, frozenset({Scope.ENTERS}), ENGINE,
         _v_enters),
)


def colors_spent_to_cast(spell: GameObject) -> tuple[int, str]:
    """The number of colors of mana spent to cast ``spell``, an object on the stack (702.44a; converge), and why
    (for the log): what its caster's payment spent (``GameObject.colors_spent``); 0 for a copy of a spell, which was
    not cast (707.10; the converge rulings of 2015-08-25: "The number of colors spent to cast the original spell is
    not copied"). Unsupported where it is not known (a spell the question put on the stack without saying)."""
    if spell.zone != "stack":
        raise Unsupported(f"the colors of mana spent to cast {spell.name} ({spell.id}), which is no longer a spell, "
                          "are not kept")
    if spell.spell_copy:
        return 0, "it is a copy of a spell, which was not cast: no mana was spent to cast it (707.10)"
    if spell.colors_spent is None:
        raise Unsupported(f"how many colors of mana were spent to cast {spell.name} ({spell.id}) is not known (say "
                          "colors_spent: for a spell on the stack; 702.44a)")
    return spell.colors_spent, f"{spell.colors_spent} color(s) of mana were spent to cast it"
