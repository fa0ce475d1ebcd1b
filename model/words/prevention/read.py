"""Effect sentences of prevention shields (615): the phrase grammar's ``prevent_effect``.
"... this turn by attacking creatures" keeps its noun phrase (the grammar's ``np``). Near misses stay unread:
a noun phrase the grammar does not read ("by non-Spider creatures"), a target ("by creatures target opponent
controls"), "... unless ...", "if {G} was spent", redirection ("dealt to you instead")."""
from __future__ import annotations

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.vocab import phrases
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.vocab.parse import parse_effect


def prevent_sentence(sentence: str) -> Effect | None:
    """The word of a prevention sentence the grammar reads whole, or None."""
    try:
        r = dict(phrases.parse(sentence.strip(), "prevent_effect"))
    except DefinitionError:
        return None
    kind = r.pop("word")
    return parse_effect({kind: r} if r else kind)
