"""Words of tapping and untapping (701.26, 502.3, 302.6).

``no_untap``: the static "~ doesn't untap during your untap step." and "Enchanted creature doesn't untap during
its controller's untap step." ("Enchanted permanent/artifact/land", "Equipped creature"): a rule of the untap
step (502.3: the active player's permanents untap, except those an effect says don't), obeyed by the untap step
(``engine.turn``, through ``words.tapping.perform.held_in_untap_step``). ``may``: "You may choose not to untap ~
during your untap step.": the active player chooses, each choice a branch. ``counter``: "~ doesn't untap during your
untap step if it has a depletion counter on it.", held only while it has one. ``subject``: ``self`` (~) or the
object the source is attached to, ``enchanted`` / ``equipped``, with the card type it is named by
(``type``: creature, artifact, land or permanent).

``tap_target`` / ``untap_target``: "Tap target creature.", "Untap target land." (701.26a-b); ``tap_all`` /
``untap_all``: "Tap all creatures your opponents control.", "Untap all lands you control." (701.26).

"tap that creature" (``tap_it``) and "untap those creatures" after one use of "target" that chose several
(``untap_those``), 608.2c: ``tap_it`` is read with the sentence it is joined to (the grammar's "until"
section, ``words.until.read``, as "untap it" is); ``untap_those`` by ``words.tapping.read.untap_those_word``
once ``words.tokens.read.those_targets_after`` has found the targets it names.

``skip_untap``: "It doesn't untap during its controller's next untap step" (611.2, 502.3): ``it``, ``target``
or ``those``; ``steps`` (1 or 2); or ``kinds`` of permanents ``yours`` ("Lands you control don't untap during
your next untap step") or of a target ``player``. Kept in the game state as ``state.UntapSkip``.

Read from Oracle text by ``words.tapping.read``; performed by ``words.tapping.perform``."""
from __future__ import annotations

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.selectors import SELECTS
from mtgjudge.model.vocab.abilities import StaticEffect
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.word import Word
from mtgjudge.model.vocab.words_game import target_words, v_target

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
    if a.get("counter") is not None and (subject != "self" or a.get("may") or not isinstance(a["counter"], str)):
        raise DefinitionError("counter: only of ~ itself (\"~ doesn't untap during your untap step if it has a "
                              "depletion counter on it\")")
    if a.get("may") and subject != "self":
        raise DefinitionError("may: only of ~ itself (\"You may choose not to untap ~ during your untap step\")")
    return {**a, "subject": subject}


def _r_no_untap(s: StaticEffect) -> str:
    subject = s.arg("subject", "self")
    if s.arg("may", False):
        return "You may choose not to untap ~ during your untap step"
    counter = s.arg("counter")
    if subject == "self" and counter:
        article = "an" if counter[0] in "aeiou" else "a"
        return f"~ doesn't untap during your untap step if it has {article} {counter} counter on it"
    if subject == "self":
        return "~ doesn't untap during your untap step"
    return f"{subject.capitalize()} {s.arg('type')} doesn't untap during its controller's untap step"


def _v_skip(a: dict) -> None:
    if sum(1 for k in ("it", "target", "those", "yours", "player") if a.get(k)) != 1:
        raise DefinitionError("needs exactly one of it, target, those, yours, player")
    if bool(a.get("kinds")) != bool(a.get("yours") or a.get("player")):
        raise DefinitionError("kinds go with yours or player, and only with them")
    if a.get("steps", 1) not in (1, 2):
        raise DefinitionError("steps must be 1 or 2")


def _r_skip(a: dict) -> str:
    if a.get("kinds"):
        what = " and ".join(k.lower() + "s" for k in a["kinds"].split(","))
        what = what[0].upper() + what[1:]
        if a.get("yours"):
            return f"{what} you control don't untap during your next untap step"
        return f"{what} target {a['player']} controls don't untap during their next untap step"
    who = f"Target {a['target']}" if a.get("target") else "Those permanents" if a.get("those") else "It"
    n = "next untap step" if a.get("steps", 1) == 1 else "next two untap steps"
    return f"{who} doesn't untap during its controller's {n}"


WORDS: tuple[Word, ...] = (
    # 502.3: the permanent (~, or the one the source is attached to) doesn't untap in its controller's untap step
    Word("no_untap", "static", {"subject": str, "type": str, "may": bool, "counter": str}, _r_no_untap, frozenset({Scope.UNTAP}),
         ENGINE, _v_no_untap),
    # 701.26a, 608.2c: "Tap that creature", "Tap it": the object the instruction before acted on.
    Word("tap_it", "effect", {"it": bool}, lambda a: "Tap it", frozenset(), ENGINE),
    # 701.26b, 608.2c: "Untap those creatures" after an instruction whose one use of "target" chose several:
    # each of them (``resolve.run_effects`` performs a word with ``those`` on each).
    Word("untap_those", "effect", {"those": bool}, lambda a: "Untap those creatures", frozenset({Scope.UNTAP}), ENGINE),
    # 701.26a-b: "Tap target creature", "Untap target land".
    Word("untap_target", "effect", {"target": str}, lambda a: f"Untap {target_words(a.get('target', 'permanent'))}",
         frozenset({Scope.UNTAP}), ENGINE, v_target),
    Word("tap_target", "effect", {"target": str}, lambda a: f"Tap {target_words(a.get('target', 'permanent'))}",
         frozenset(), ENGINE, v_target),
    # 701.26a-b: "Tap ~.", "Untap ~.": the permanent whose ability it is, while it is that object (400.7)
    Word("untap_self", "effect", {}, lambda a: "Untap this", frozenset({Scope.UNTAP}), ENGINE),
    Word("tap_self", "effect", {}, lambda a: "Tap this", frozenset(), ENGINE),
    # 701.26: "Tap all ...", "Untap all ...".
    Word("tap_all", "effect", {SELECTS: tuple, "affects": str}, lambda a: f"Tap all {a['affects']}", frozenset(), ENGINE),
    Word("untap_all", "effect", {SELECTS: tuple, "affects": str}, lambda a: f"Untap all {a['affects']}", frozenset({Scope.UNTAP}),
         ENGINE),
    # 502.3, 611.2: the permanent doesn't untap during its controller's next untap step(s)
    Word("skip_untap", "effect", {"it": bool, "target": str, "steps": int, "those": bool,
                                     "yours": bool, "player": str, "kinds": str}, _r_skip, frozenset({Scope.UNTAP}),
         ENGINE, _v_skip),
)
