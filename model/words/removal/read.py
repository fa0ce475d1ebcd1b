"""Effect sentences of removal: destroying, exiling or returning to its owner's hand a target permanent (701.8a,
701.13a, 400.6), two of them with one instruction, every permanent a phrase names ("all"/"each": "Destroy all
artifacts, creatures, and lands", read by ``phrases.parse_nps``) or of a target player's; a target player
sacrificing one of theirs, sacrificing the object itself (701.21a, "Sacrifice ~.") and returning it to its
owner's hand (400.6, "Return ~ to its owner's hand."); exiling a target player's
graveyard (406.2), and cards
returned from a graveyard whose target phrase has a qualifier ("target creature card with mana value 3 or less
from your graveyard", 400.6) or names any graveyard ("target creature card from a graveyard ... to its owner's
hand").

Each pattern is read whole by ``lines.effect_word``; its target phrase must be the one ``oracle.targets``
finds and the phrase grammar reads (``target_np``), so a phrase the grammar does not read leaves the
sentence unread. The first pattern that matches a sentence is its reading, so each function here gives the
rows of one place in ``lines``' order of patterns (``early_patterns`` first, ``sentence_patterns`` after
the others)."""
from __future__ import annotations

import re
from mtgjudge.model import patterns

#: one use of "target" choosing up to N cards (601.2c): the count the regrow word already reads
_UP_TO = r"(?:up to (?:one|two|three|four|five) |two |three )?"


def target_patterns(tgt: str) -> tuple:
    """(pattern, word, argument keys) for ``lines.effect_word``, given its target expression: one use of
    "target" destroyed, exiled or returned to its owner's hand."""
    return (
        (patterns.compile(rf"^Destroy {tgt}\.$", re.I), "destroy", ("target",)),                              # 701.8a
        (patterns.compile(rf"^Exile {tgt}\.$", re.I), "exile", ("target",)),                                  # 701.13a
        (patterns.compile(rf"^Return {tgt} to (?:its|their) owners?'s? hands?\.$", re.I), "bounce", ("target",)),  # 400.6
    )


def all_patterns() -> tuple:
    """(pattern, word, argument keys) for ``lines.effect_word``: "all" or "each", a list of phrases ("artifacts,
    creatures, and lands"), qualifiers with numbers ("with mana value 3 or less") and "don't"
    (``phrases.parse_nps`` reads the phrase whole); a phrase with "target" in it is another pattern's ("Exile all
    cards from target player's graveyard.")."""
    return (
        (patterns.compile(r"^Destroy (?:all|each) (?!.*\btarget)([a-z0-9, '-]+?)\.$", re.I), "destroy_all", ("affects",)),  # 701.8a
        (patterns.compile(r"^Exile (?:all|each) (?!.*\btarget)([a-z0-9, '-]+?)\.$", re.I), "exile_all", ("affects",)),      # 406.3
        (patterns.compile(r"^Return (?:all|each) (?!.*\btarget)([a-z0-9, '-]+?) to (?:their|its) owners?'s? hands?\.$", re.I),
         "bounce_all", ("affects",)),                                                                          # 400.6
    )


def edict_patterns() -> tuple:
    """(pattern, word, argument keys) for ``lines.effect_word``: 701.21a, "Target player sacrifices a creature."
    (one kind: "an artifact and a land" is two permanents, read by the player rules)."""
    return (
        (patterns.compile(r"^(target (?:player|opponent)) sacrifices an? ((?:(?!\band\b)[a-z -])+?)\.$", re.I), "edict",
         ("target", "affects")),
    )


def sentence_patterns(num: str, tgt: str) -> tuple:
    """(pattern, word, argument keys) for ``lines.effect_word``, given its number and target expressions."""
    return (
        # 406.2, 400.6: "Exile all cards from target player's graveyard." / "Exile target player's graveyard."
        (patterns.compile(r"^Exile all cards from (target (?:player|opponent))'s graveyard\.$", re.I), "exile_graveyard",
         ("target",)),
        (patterns.compile(r"^Exile (target (?:player|opponent))'s graveyard\.$", re.I), "exile_graveyard", ("target",)),
        # 701.21a: "Sacrifice ~." (the object's own ability: its controller sacrifices it)
        (patterns.compile(r"^Sacrifice ~\.$", re.I), "sacrifice_self", ()),
        # 400.6: "Return ~ to its owner's hand." (the permanent's own ability: it returns itself)
        (patterns.compile(r"^Return ~ to its owner's hand\.$", re.I), "bounce_self", ()),
    )


def early_patterns() -> tuple:
    """Patterns ``lines.effect_word`` tries before its own: a card returned from a graveyard, which its
    "Return target ... to its owner's hand" (a permanent) would otherwise take and leave unread; and two uses of
    "target" in one instruction, which "Destroy target ..." (one use) would take."""
    return (
        # 701.8a, 406.3, 400.6, 115.1: "Destroy all enchantments target player controls.": the kinds a phrase
        # names, of the permanents the target player controls as it resolves (611.2c)
        (patterns.compile(r"^Destroy all ([a-z0-9, '-]+?) (target (?:player|opponent)) controls\.$", re.I), "destroy_all_of",
         ("affects", "target")),
        (patterns.compile(r"^Exile all ([a-z0-9, '-]+?) (target (?:player|opponent)) controls\.$", re.I), "exile_all_of",
         ("affects", "target")),
        (patterns.compile(r"^Return all ([a-z0-9, '-]+?) (target (?:player|opponent)) controls to (?:their|its) owners?'s? "
                    r"hands?\.$", re.I), "bounce_all_of", ("affects", "target")),
        # 701.8a, 608.2d: "Destroy all lands or all creatures.": the controller chooses one as it resolves
        (patterns.compile(r"^Destroy all ([a-z0-9, '-]+?) or all ([a-z0-9, '-]+?)\.$", re.I), "destroy_all_or",
         ("affects", "affects2")),
        # 701.8a, 406.3, 400.6 with 608.2c: "Destroy target creature and target land.": two uses of "target",
        # one instruction: both leave at once (603.10a: what their leaving triggers sees them leave together)
        (patterns.compile(r"^Destroy (target [^.]+?) and (target [^.]+?)\.$", re.I), "destroy_two", ("target", "target2")),
        (patterns.compile(r"^Exile (target [^.]+?) and (target [^.]+?)\.$", re.I), "exile_two", ("target", "target2")),
        (patterns.compile(r"^Return (target [^.]+?) and (target [^.]+?) to their owners' hands\.$", re.I), "bounce_two",
         ("target", "target2")),
        # 400.6: a card with a qualifier ("with converted mana cost 3 or less") from your graveyard
        (patterns.compile(rf"^Return ({_UP_TO}target [a-z0-9 ]+? from your graveyard) to your hand\.$", re.I), "regrow",
         ("target",)),
        (patterns.compile(r"^Return (target [a-z0-9 ]+? from your graveyard) to the battlefield\.$", re.I), "reanimate",
         ("target",)),
        # 400.6, 110.2: from an opponent's graveyard, under the spell's controller's control
        (patterns.compile(r"^Put (target [a-z ]+? from an opponent's graveyard) onto the battlefield under your control\.$",
                    re.I), "reanimate", ("target",)),
        # 400.6: from any graveyard, to the card's owner's hand (the handler moves a card to its owner's)
        (patterns.compile(r"^Return (target [a-z ]+? from a graveyard) to its owner's hand\.$", re.I), "regrow",
         ("target",)),
    )


#: The zone of a word's target where it is not the battlefield (``lines.effect_word``): None, a player.
TARGET_ZONES = {"destroy_all_of": None, "exile_all_of": None, "bounce_all_of": None, "edict": None,
                "exile_graveyard": None}
