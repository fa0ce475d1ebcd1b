"""Reading the statics of untapping (502.3): "~ doesn't untap during your untap step.", "Enchanted creature
doesn't untap during its controller's untap step." (and "Enchanted permanent/artifact/land", "Equipped
creature"), "You may choose not to untap ~ during your untap step.", each read whole. A condition ("... if
you control ...") or another step ("untap steps", another player's) leaves the line unmodelled."""
from __future__ import annotations

from mtgjudge.model import patterns
from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.vocab.abilities import Ability
from mtgjudge.model.vocab.parse import parse_static

_SELF = patterns.compile(r"^~ doesn't untap during your untap step\.?$")
_ATTACHED = patterns.compile(r"^(?P<subject>Enchanted|Equipped) (?P<kind>creature|artifact|land|permanent) doesn't "
                             r"untap during its controller's untap step\.?$")
_MAY = patterns.compile(r"^You may choose not to untap ~ during your untap step\.?$")


def untap_static(norm: str, printed: str) -> Ability | None:
    """The line as a ``no_untap`` static, or None when it is not one read whole here."""
    s = norm.strip()
    args: dict | None = None
    if _SELF.match(s):
        args = {"subject": "self"}
    elif _MAY.match(s):
        args = {"subject": "self", "may": True}
    else:
        m = _ATTACHED.match(s)
        if m is not None:
            args = {"subject": m.group("subject").lower(), "type": m.group("kind")}
    if args is None:
        return None
    try:
        return Ability("static", static=parse_static({"kind": "no_untap", **args}), source_text=printed)
    except DefinitionError:
        return None
