"""Tokens an effect describes (CR 111.3, 111.4): "a 5/5 green Wurm creature token with trample" defines the
token's power and toughness, colors, card types, subtypes and abilities; it has no other characteristic (no
mana cost, no supertype, no rules text beyond what the words give), and its name is its subtypes plus the
word "Token" (111.4). The card the engine puts onto the battlefield is compiled from those characteristics
as a card's Oracle text is (``model.oracle``), so that the keywords it has are read by the one keyword table.

Descriptions read here use a closed vocabulary: power/toughness, color words, the card types a token can
have, subtypes of those types (205.3), and after "with" keyword abilities of CR 702 (702.1: a token "with
flying" has the keyword ability). Anything else ("for each", a name, a quoted ability, several tokens in one
phrase) is unsupported, naming the words.
"""
from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache
from typing import Iterable

from mtgjudge.model.cards.sources import CardRecord, FaceRecord
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.objects import CardDef
from mtgjudge.model.vocab.keywords import lookup
from mtgjudge.model.vocab.subtypes import subtypes_by_type

_COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
#: The card types a described token can have (111.1: a token is a permanent), in type-line order (205.2a).
_TYPES = ("Artifact", "Enchantment", "Land", "Creature")
_DESCRIPTION = re.compile(r'^(?:(\d+)/(\d+) )?([A-Za-z\' -]+?) token(?: with ([a-z ,]+?))?(?:(?: and| with) "([^"]+)")?'
                          r'(?: named (?P<name>[A-Z][\w\',-]*(?: [A-Z][\w\',-]*)*))?$')


def _keywords(text: str) -> list[str]:
    """"flying, first strike, and lifelink" -> ["Flying", "First strike", "Lifelink"], each one a keyword
    ability without a parameter that CR 702 defines (else unsupported)."""
    parts = [p.strip() for p in re.split(r",|\band\b", text) if p.strip()]
    out = []
    for p in parts:
        word = p[0].upper() + p[1:]
        kw = lookup(word)
        if kw is None or (kw.param and not word.endswith("walk")):
            raise Unsupported(f"the token's ability {p!r} is not a keyword the engine reads")
        out.append(word)
    return out


@lru_cache(maxsize=256)
def token_card(words: str) -> CardDef:
    """The token card the words describe (111.3), or Unsupported naming them: "1/1 white Spirit creature
    token with flying" -> a 1/1 white Creature — Spirit, "Spirit Token" (111.4), with flying."""
    m = _DESCRIPTION.match(words.strip())
    if m is None:
        raise Unsupported(f"the token {words!r} is not read by the engine")
    power, toughness, middle, with_, quoted, own_name = m.groups()
    colors: list[str] = []
    types: list[str] = []
    subtypes: list[str] = []
    colorless = False
    allowed: set[str] = set()
    for w in middle.split():
        if w.lower() in _COLORS and not types and not subtypes:
            colors.append(_COLORS[w.lower()])
        elif w == "colorless" and not colors and not types and not subtypes:
            colorless = True
        elif w == "and" and colors and not types and not subtypes:
            continue
        elif w.capitalize() in _TYPES and w.islower():
            types.append(w.capitalize())
        elif w[0].isupper() and not types:
            subtypes.append(w)
        else:
            raise Unsupported(f"the token {words!r} is not read by the engine (the word {w!r})")
    if not types or not (colors or colorless):
        raise Unsupported(f"the token {words!r} is not read by the engine (its color or card type is not stated)")
    for t in types:
        allowed |= subtypes_by_type().get(t, frozenset())
    for s in subtypes:
        if s not in allowed:
            raise Unsupported(f"the token {words!r} is not read by the engine: {s!r} is not a subtype of its "
                              "card types (205.3)")
    creature = "Creature" in types
    if creature != (power is not None):
        raise Unsupported(f"the token {words!r} is not read by the engine (power and toughness go with creatures)")
    if not subtypes:
        raise Unsupported(f"the token {words!r} has no subtype: its name (111.4) is not known to the engine")
    kws = _keywords(with_) if with_ else []
    if quoted and with_ and not m.group(0).count(" and \""):
        raise Unsupported(f"the token {words!r} is not read by the engine")
    # The face is named by its subtypes, as the defined token kinds are (tokens.yaml); the game names it with
    # "Token" added (111.4: ``model.names.names_of``, ``queries.labels.shown_name``).
    # 111.4: a token the effect names ("named Wood") has that name; its subtypes are still the words'
    name = own_name or " ".join(subtypes)
    ordered = [t for t in _TYPES if t in types]
    face = FaceRecord(name, None, " ".join(ordered) + " — " + " ".join(subtypes), "\n".join(kws + ([quoted] if quoted
                      else [])), power, toughness, None, tuple(colors) or None)
    from mtgjudge.model.oracle import compile_card      # a token's text is compiled as it is made

    card = compile_card(CardRecord(name, "token", (face,)), source="the effect that created it (111.3)")
    if not card.modelled:
        raise Unsupported(f"the token {words!r} could not be built")
    # Each keyword line: the compiler models it, or keeps it unmodelled with the scopes its rule gives (as for a
    # card), so that questions it could change say so. A quoted ability must be read (111.3: it is the token's
    # text): "Sacrifice ~: Add {C}." is a mana ability of the token.
    if quoted and card.faces[0].abilities[-1].kind == "unmodelled":
        raise Unsupported(f"the token {words!r} has an ability the verifier does not read: {quoted!r}")
    return replace(card, token=True)


def named_token(name: str, cards: Iterable[CardDef]) -> CardDef | None:
    """The token kind an effect of one of ``cards`` creates under a name of its own (111.4: "a 0/1 green Wall
    creature token with defender named Wood" makes "Wood"), or None when none of them names it."""
    want = f" named {name.strip()}".lower()
    for card in cards:
        for face in card.faces:
            for ability in face.abilities:
                for effect in ability.effects:
                    words = effect.arg("token")
                    if isinstance(words, str) and words.lower().endswith(want):
                        return token_card(words)
    return None
