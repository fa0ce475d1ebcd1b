"""Reading a card's own text about when it may be cast (``words.timing.record``): "Cast ~ only [clause] and only
[clause]." (``cast_only``), every clause one the record lists; "You may cast ~ as though it had flash." alone, with
"if you pay {N} more to cast it", or followed by the cleanup-step sacrifice of the permanent it becomes, word for
word (``flash_permission``). A condition first ("As long as you control a green or blue permanent, ...",
"Ferocious — If ...") or any other rider is no reading: the line stays unmodelled."""
from __future__ import annotations

import re

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.vocab.abilities import Ability
from mtgjudge.model.vocab.parse import parse_static
from mtgjudge.model.words.timing.record import SACRIFICE_RIDER

_CAST_ONLY = re.compile(r"Cast ~ only (?P<clauses>.+?)\.")
_FLASH = re.compile(r"You may cast ~ as though it had flash(?: if you pay (?P<extra>(?:\{\d+\})+) more to cast it)?\."
                    r"(?P<rider> " + re.escape(SACRIFICE_RIDER) + r")?")


def timing_static(norm: str, printed: str) -> Ability | None:
    """The line as a ``cast_only`` or ``flash_permission`` static, or None when it is not one read whole."""
    line = norm.strip()
    m = _CAST_ONLY.fullmatch(line)
    try:
        if m is not None:
            static = parse_static({"kind": "cast_only", "clauses": m.group("clauses").split(" and only ")})
        elif (f := _FLASH.fullmatch(line)) is not None and not (f.group("extra") and f.group("rider")):
            static = parse_static({"kind": "flash_permission",
                                   **({"extra": f.group("extra")} if f.group("extra") else {}),
                                   **({"sacrificed": True} if f.group("rider") else {})})
        else:
            return None
    except DefinitionError:
        return None
    return Ability("static", static=static, source_text=printed)
