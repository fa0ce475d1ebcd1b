"""Reading sentences of choices and conditional countering: countering or destroying with a condition checked as
the spell resolves ("Counter target spell if it's blue.", "Destroy target permanent if it's blue.", 608.2c) and a
choice made as a spell resolves ("Choose a creature type.", 608.2d). The sentences are read by the phrase grammar
(``target_if``, ``choose_value``, in the section "choose" of ``vocab/phrases.lark``); the words are
``words.choices.record``'s.

"As ~ enters the battlefield, choose a creature type." / "... choose a color." (614.12), a whole line, is the
static ``enters_choosing`` (``enters_choosing_static``, called by ``oracle.lines``' static reader).

Later sentences that name "the chosen type" / "that type" are read by whichever reader reads them, the noun
phrase's qualifier ``q_chosen_type`` naming the type chosen for the source (``Selector.chosen_type``).
"""
from __future__ import annotations

import re

from mtgjudge.model import patterns
from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.vocab import phrases
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.vocab.parse import parse_effect
from mtgjudge.model.words.choices.record import VERBS
from mtgjudge.model.words.references.record import quality_selector

#: A sentence the grammar's ``target_if`` may read (the others are not tried: every sentence comes here first).
_TARGET_IF = patterns.compile(r"^(?:counter|destroy) target [^.]+ if ", re.I)
#: The words of a condition the grammar read, kept as written (the word's ``what``).
_WHAT = {"quality": patterns.compile(r"\bif it['’]s (.+?)\.?$", re.I),
         "shares_color": patterns.compile(r"\bshares a color with (.+?)\.?$", re.I)}


def target_if_word(sentence: str, found: tuple[str, ...]) -> Effect | None:
    """``target_if`` for "Counter target <spell phrase> if <condition>." / "Destroy target <permanent phrase> if
    it's <quality>." with one target; else None."""
    if len(found) != 1 or not found[0].lower().startswith("target ") or not _TARGET_IF.match(sentence.strip()):
        return None
    try:
        r = phrases.parse(sentence.strip(), "target_if")
    except DefinitionError:
        return None
    spec = r["spec"]
    if spec.zone != VERBS[r["verb"]] or spec.players or spec.minimum != 1 or spec.maximum != 1:
        return None
    cond, np = r["cond"]
    args = {"verb": r["verb"], "target": found[0][len("target "):], "cond": cond}
    if cond in _WHAT:
        what = _WHAT[cond].search(sentence.strip()).group(1)
        if np.players or len(np.objects) != 1 or (cond == "quality" and quality_selector(what) is None):
            return None
        if cond == "shares_color" and (np.objects[0].chosen_type or np.objects[0].not_chosen_type):
            return None
        args["what"] = what
    try:
        return parse_effect({"target_if": args})
    except DefinitionError:
        return None


def choose_value_word(sentence: str, found: tuple[str, ...]) -> Effect | None:
    """``choose_value`` for "Choose a creature type." (no target); else None."""
    if found:
        return None
    try:
        kind = phrases.parse(sentence.strip(), "choose_value")
    except DefinitionError:
        return None
    try:
        return parse_effect({"choose_value": {"kind": kind}})
    except DefinitionError:
        return None


#: "That spell's controller discards a card." / "That player discards a card." right after a counter instruction:
#: the countered spell's controller, which the player reader calls "its controller" (608.2h).
_THAT_CONTROLLER = patterns.compile(r"^(?:That spell['’]s controller|That player) (.+)$", re.I)
#: The counter words whose one target "that spell" / "that player" ("its controller") refers to.
_COUNTERING = ("counter_spell", "counter_unless_pays")


def spell_controller_after(sentence: str, earlier: list, read) -> Effect | None:
    """608.2c, 608.2h: "That player discards a card." after "Counter target spell unless its controller pays
    {1}." is read as "Its controller discards a card." (the player reader's ``its controller``: the controller of
    the ability's one target as it last existed); ``read``: the sentence readers (``lines.effect_word``)."""
    prev = earlier[-1] if earlier else None
    counters = prev is not None and (prev.kind in _COUNTERING or (prev.kind == "target_if" and
                                                                   prev.arg("verb") == "counter"))
    m = _THAT_CONTROLLER.match(sentence.strip())
    if not counters or m is None:
        return None
    word = read(f"Its controller {m.group(1)}", (), earlier)
    if word is None or word.kind != "player_acts" or word.arg("who") != "its controller":
        return None
    return word


#: 614.12: "As ~ enters the battlefield, choose a creature type." / "As ~ enters, choose a color." (the whole
#: line; any other words, "a color other than white", "an opponent", leave it to other readers or unmodelled).
_ENTERS_CHOOSING = patterns.compile(r"^As ~ enters(?: the battlefield)?, choose an? (creature type|color)\.?$", re.I)


def enters_choosing_static(norm: str) -> dict | None:
    """The ``enters_choosing`` static's definition for the whole line "As ~ enters, choose a creature type." or
    "... choose a color."; None for any other line."""
    m = _ENTERS_CHOOSING.match(norm.strip())
    return {"kind": "enters_choosing", "what": m.group(1).lower()} if m else None
