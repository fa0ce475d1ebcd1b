"""Reading a Saga's chapter lines (714.2): "I — <effect>" and "II, III — <effect>" (714.2c: one chapter ability
for each numeral), each a triggered ability whose event is ``chapter`` N (``vocab.abilities.TriggerEvent``) and
whose effect is read as any triggered ability's is. A chapter whose effect is not read whole stays unmodelled,
its trigger still known (its ``trigger_event``, read as the card is compiled), so that it is unsupported only when lore counters reach it. The
reminder line "(As this Saga enters and after your draw step, add a lore counter. ...)" is the rules' own
(714.3a, 714.3c, 714.4): reminder text, no ability."""
from __future__ import annotations

from dataclasses import replace

import re
from typing import Callable

from mtgjudge.model.vocab.abilities import Ability, TriggerEvent, roman

_NUMERALS = {roman(n): n for n in range(1, 11)}
_CHAPTER = re.compile(r"^(?P<numerals>(?:I|II|III|IV|V|VI|VII|VIII|IX|X)(?:, (?:I|II|III|IV|V|VI|VII|VIII|IX|X))*)"
                      r" — (?P<effect>.+)$")


def chapter_numbers(text: str) -> tuple[tuple[int, ...], str] | None:
    """The chapter numbers and the effect text of a chapter line ("II, III — Draw a card." -> ((2, 3), "Draw a
    card.")); None for any other line."""
    m = _CHAPTER.match(text.strip())
    if m is None:
        return None
    return tuple(_NUMERALS[x] for x in m.group("numerals").split(", ")), m.group("effect")


#: Reads a triggered ability's effect text: (effect words, target phrases), or None when not read whole.
EffectReader = Callable[[str], "tuple[list, list] | None"]


def chapter_abilities(norm: str, printed: str, read_effect: EffectReader,
                      unmodelled: Callable[[str], Ability]) -> list[Ability] | None:
    """The chapter abilities of a chapter line, one for each numeral (714.2c); None if ``norm`` is no chapter
    line. An effect ``read_effect`` does not read whole gives the line's unmodelled ability for each numeral, with the
    numeral as its trigger event."""
    found = chapter_numbers(norm)
    if found is None:
        return None
    numbers, effect = found
    read = read_effect(effect)
    if read is None or not read[0] or not all(read[0]):
        # unmodelled, each still the chapter ability of its numeral (714.2c): the Saga's final chapter (714.2d)
        # and the lore counter that would trigger it are known
        return [replace(unmodelled(printed), trigger_event=TriggerEvent("chapter", n=n)) for n in numbers]
    effects, targets = read
    return [Ability("triggered", effects=tuple(effects), trigger=roman(n), trigger_event=TriggerEvent("chapter", n=n),
                    targets=tuple(targets), source_text=printed) for n in numbers]
