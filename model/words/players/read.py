"""Sentences about a player's instructions that refer to the one before.

"Target opponent chooses a creature they control." is read by the player rules (``library_sentences.library_word``)
as a choice (``choose``) that does nothing on its own: what is done with the chosen permanents is the next
sentence's (608.2c), read here only right after it:

- "Destroy that creature." / "Destroy it." -> the same players choose and the chosen permanents are destroyed
  (701.8a; Imperial Edict);
- "Destroy the rest." -> the same players choose and every other permanent of the kind they control is
  destroyed (Divine Reckoning).

The choice and what is done with it are one word (performed by ``words.players.perform``: every choice a branch); its
subject is "that player" where the choice's is a target player (the ability's one target, 608.2c), so the word
has no target of its own."""
from __future__ import annotations

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.rules import counts
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.vocab.parse import parse_effect
from mtgjudge.model.words.players.record import compiled_kinds, count_phrase

_THAT = ("destroy that creature.", "destroy it.", "destroy that permanent.")


def counts_read(acts) -> bool:
    """Are the counts of a player's acts ("for each ...", "equal to ...", "where X is ...") all ones
    ``rules.counts`` reads, other than "... this way" (what the instruction before did: words.references.perform', 608.2c)?"""
    for a in acts:
        n = a[1] if len(a) > 1 else None
        if isinstance(n, tuple) and n[0] in ("count", "where"):
            try:
                # "where X is" is counted once, for the controller: its words are read as written
                c = counts.parse(count_phrase(n) or "")
            except DefinitionError:
                return False
            if c.kind == "this_way":
                return False
    return True


def _reads(parse, phrase: str) -> bool:
    try:
        parse(phrase)
    except DefinitionError:
        return False
    return True


def qualities_read(acts) -> bool:
    """Does the phrase grammar read every kind and quality of a player's acts as the engine reads it: what is
    sacrificed, chosen or kept as one kind of permanent ("creature or planeswalker" is not one), what is
    discarded or returned as a quality of cards (``words.players.record.compiled_kinds``)? A reading whose engine
    would refuse a phrase is no reading."""
    return _reads(lambda a: compiled_kinds({}, a), acts)


_REST = ("destroy the rest.",)


def chosen_after(sentence: str, earlier: list) -> Effect | None:
    """The word of "Destroy that creature." / "Destroy the rest." right after a player's choice, or None."""
    prev = earlier[-1] if earlier else None
    if prev is None or prev.kind != "player_acts" or len(prev.arg("acts")) != 1 or prev.arg("acts")[0][0] != "choose" \
            or prev.arg("may"):
        return None
    said = sentence.strip().lower()
    said = said if said.endswith(".") else said + "."
    (_, _, items), = prev.arg("acts")
    kind = items[0][1]
    act: tuple      # (verb, N, detail): the act "player_acts" performs
    if said in _THAT:
        if "creature" in said and "creature" not in kind:
            return None
        act = ("chosen", 1, (items, "destroy"))
    elif said in _REST:
        act = ("keep", 1, (items, kind, "destroy"))
    else:
        return None
    who = "that player" if prev.arg("target") else prev.arg("who")
    if not qualities_read((act,)):
        return None
    try:
        return parse_effect({"player_acts": {"who": who, "acts": (act,)}})
    except DefinitionError:
        return None
