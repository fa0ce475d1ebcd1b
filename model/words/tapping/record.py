"""Words of tapping and untapping (701.26, 502.3, 302.6).

``no_untap``: the static "~ doesn't untap during your untap step." and "Enchanted creature doesn't untap during
its controller's untap step." ("Enchanted permanent/artifact/land", "Equipped creature"): a rule of the untap
step (502.3: the active player's permanents untap, except those an effect says don't), obeyed by the untap step
(``engine.turn``, through ``words.tapping.perform.held_in_untap_step``). ``may``: "You may choose not to untap ~
during your untap step.": the active player chooses, each choice a branch. ``subject``: ``self`` (~) or the
object the source is attached to, ``enchanted`` / ``equipped``, with the card type it is named by
(``type``: creature, artifact, land or permanent).

Also here: "tap that creature" (``tap_it``) and "untap those creatures" after one use of "target" that chose
several (``untap_those``), 608.2c, read with the sentences they follow (``words.until.read``,
``words.tokens.read``)."""
from __future__ import annotations

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.vocab.abilities import StaticEffect
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.word import Word

ENGINE = frozenset({"engine"})

#: The objects a ``no_untap`` static holds, and the card types an attached subject may be named by.
SUBJECTS = ("self", "enchanted", "equipped")
KINDS = ("creature", "artifact", "land", "permanent")


def _v_no_untap(a: dict) -> dict:
    subject = a.get("subject", "self")
    if subject not in SUBJECTS:
        raise DefinitionError(f"subject: one of {', '.join(SUBJECTS)}, not {subject!r}")
    if subject == "self":
        if "type" in a:
            raise DefinitionError("type is the card type of an attached subject only")
    elif a.get("type") not in KINDS:
        raise DefinitionError(f"type: one of {', '.join(KINDS)} (the type the attached object is named by)")
    if a.get("may") and subject != "self":
        raise DefinitionError("may: only of ~ itself (\"You may choose not to untap ~ during your untap step\")")
    return {**a, "subject": subject}


def _r_no_untap(s: StaticEffect) -> str:
    subject = s.arg("subject", "self")
    if s.arg("may", False):
        return "You may choose not to untap ~ during your untap step"
    if subject == "self":
        return "~ doesn't untap during your untap step"
    return f"{subject.capitalize()} {s.arg('type')} doesn't untap during its controller's untap step"


WORDS: tuple[Word, ...] = (
    # 502.3: the permanent (~, or the one the source is attached to) doesn't untap in its controller's untap step
    Word("no_untap", "static", {"subject": str, "type": str, "may": bool}, _r_no_untap, frozenset({Scope.UNTAP}),
         ENGINE, _v_no_untap),
    # 701.26a, 608.2c: "Tap that creature", "Tap it": the object the instruction before acted on.
    Word("tap_it", "effect", {"it": bool}, lambda a: "Tap it", frozenset(), ENGINE),
    # 701.26b, 608.2c: "Untap those creatures" after an instruction whose one use of "target" chose several:
    # each of them (``resolve.run_effects`` performs a word with ``those`` on each).
    Word("untap_those", "effect", {"those": bool}, lambda a: "Untap those creatures", frozenset({Scope.UNTAP}), ENGINE),
)
