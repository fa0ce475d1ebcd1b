"""Sentences of an effect about libraries, hands and players (e-library), read by the phrase grammar
(``player_effect``, ``library_effect`` in ``vocab/phrases.lark``) into words of ``vocab.words_library``: a
player's instructions ("Target player draws two cards and loses 2 life.", "Draw two cards, then discard a
card.", "Each opponent discards a card.") and library instructions ("Scry 2.", "Search your library for a
basic land card, put it onto the battlefield tapped, then shuffle.")."""
from __future__ import annotations

import re

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.vocab import phrases
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.vocab.parse import parse_effect
from mtgjudge.model.vocab import words_players
from mtgjudge.model.oracle.player_sentences import counts_read

_KIND = {"look": "look_top", "look_at": "look_at", "shuffle": "shuffle", "search": "search"}


def library_word(sentence: str, found: tuple[str, ...]) -> Effect | None:
    """The word a whole sentence is, or None. ``found``: the sentence's target phrases (``find_targets``): only
    "target player" / "target opponent" as the subject of a player's instructions."""
    s = sentence.strip()
    try:
        r = phrases.parse(s, "player_effect")
    except DefinitionError:
        r = None
    if r is not None:
        who = r["who"]
        acts = r["acts"]
        if not counts_read(acts):       # (players) a count rules.counts doesn't read: not this reading
            return None
        if who == "its controller" and any(len(a) == 4 for a in acts):
            return None     # "Its controller loses 2 life and you gain 2 life.": oracle.refs reads it (608.2h)
        if len(acts) == 1 and acts[0][0] == "sacrifice" and acts[0][1] == 1 and len(acts[0][2]) == 1 \
                and acts[0][2][0][0] == 1 and who in ("you", "each player", "each opponent"):
            # one permanent of one kind: perm_sentences' sacrifice_own / sacrifice_each (701.21a); "you may" around
            # it, oracle.optional's
            return None
        args = {"who": who, "acts": r["acts"], **({"may": True} if r["may"] else {})}
        # (players) the one target player may be the subject of a later verb phrase (its act's fourth item)
        targeted = [w for w in (who,) + tuple(x[3] for x in r["acts"] if len(x) == 4)
                    if words_players.targets_players(w)]
        # (players) or named by a count: "Draw a card for each tapped creature target opponent controls."
        targeted += [t for t in (words_players.count_target(x[1]) for x in r["acts"]) if t]
        if targeted:
            if found != (targeted[0],) or len(targeted) > 1:
                return None
            # "target player" is kept as "player"; a counted phrase ("any number of target players") whole
            args["target"] = targeted[0][len("target "):] if targeted[0].startswith("target ") else targeted[0]
        elif found:
            return None
        try:
            return parse_effect({"player_acts": args})
        except DefinitionError:
            return None
    if s.lower().startswith("add ") and not found:
        try:
            m = phrases.parse(s, "mana_effect")
        except DefinitionError:
            return None
        if m.mode != "fixed" or not m.fixed or m.instead or m.instead_if or m.per or m.amount != 1 \
                or not all(c in "WUBRGC" for c in m.fixed):
            return None
        return parse_effect({"add_mana": {"mana": "".join(m.fixed)}})
    if len(found) == 1 and s.lower().rstrip(".") in (f"put {found[0]} on top of its owner's library",
                                                      f"put {found[0]} on top of your library"):
        # 401.4 aside: one object put on top of its owner's library (a permanent, or a card in a graveyard).
        phrase = found[0][len("target "):] if found[0].startswith("target ") else None
        try:
            spec = phrases.parse_target(found[0])
        except DefinitionError:
            return None
        mine = s.lower().rstrip(".").endswith("your library")
        if phrase is None or spec.players or spec.zone not in ("battlefield", "graveyard") or \
                (mine and (spec.zone != "graveyard" or spec.zone_owner != "you")):
            return None
        return parse_effect({"put_on_library": {"target": phrase}})
    if len(found) == 1 and s.lower().rstrip(".") == f"exile {found[0]}":
        # 406.3: a card in a graveyard exiled (the battlefield's "Exile target creature" is the removal word's).
        try:
            spec = phrases.parse_target(found[0])
        except DefinitionError:
            return None
        if spec.zone != "graveyard" or spec.players or not re.match(r"(?:(?:up to )?\w+ )?target ", found[0]):
            return None     # "up to three target cards from a single graveyard": each card exiled (hands)
        return parse_effect({"exile_card": {"target": found[0][len("target "):] if found[0].startswith("target ")
                                            else found[0]}})
    if len(found) == 1 and found[0] in ("target player", "target opponent"):
        try:
            h = phrases.parse(s, "hand_effect")
        except DefinitionError:
            h = None
        if h is not None and h["step"] == "reveal":
            return parse_effect({"reveal_hand": {"target": found[0][len("target "):]}})
        if h is not None and h["step"] == "reveal_choose":
            q, w = h["quality"], h["with"]
            if not _card_quality(q, w):
                return None
            some = {"n": h["n"]} if h.get("n", 1) != 1 else {}
            some.update({"up_to": True} if h.get("up_to") else {})
            return parse_effect({"choose_from_hand": {"quality": q, **({"with": w} if w else {}), **some,
                                                      "target": found[0][len("target "):]}})
    try:
        r = phrases.parse(s, "library_effect")
    except DefinitionError:
        return None
    whose = r.pop("whose", "you")
    if found != ((whose,) if whose != "you" else ()):
        return None
    args = {k: v for k, v in r.items() if k != "action" and not (k == "may" and not v)}
    if whose != "you":
        args["target"] = whose[len("target "):]
    try:
        return parse_effect({_KIND[r["action"]]: args})
    except DefinitionError:
        return None


def looked_after(sentence: str, earlier: list) -> Effect | None:
    """608.2c: "them" / "the rest" are the cards "Look at the top N cards of your library." looked at: a sentence
    saying what is done with them is read only right after it (or, for "Put the rest ...", after the sentence
    that took some of them)."""
    prev = earlier[-1] if earlier else None
    if prev is None or prev.kind not in ("look_at", "take_looked") or prev.arg("target"):
        return None
    try:
        r = phrases.parse(sentence.strip(), "looked_effect")
    except DefinitionError:
        return None
    try:
        if r.get("only_rest"):
            if prev.kind != "take_looked" or prev.arg("rest"):
                return None
            return parse_effect({"looked_rest": {"rest": r["rest"]}})
        if prev.kind != "look_at":
            return None
        k = prev.arg("n") if r["k"] == "all" else r["k"]      # "all [quality] cards revealed this way"
        return parse_effect({"take_looked": {"n": prev.arg("n"), "k": k, "quality": r["quality"],
                                             "may": r["may"], "rest": r["rest"]}})
    except DefinitionError:
        return None


def card_phrase(quality: str, with_: str = "") -> str:
    """The phrase of the cards a choice from a hand may take, read by the target grammar as cards in a graveyard
    (the zone is the hand's at resolution: only the characteristics are matched)."""
    return f"{quality + ' ' if quality else ''}card from a graveyard{' ' + with_ if with_ else ''}"


def _card_quality(quality: str, with_: str) -> bool:
    try:
        phrases.parse_target(card_phrase(quality, with_))
    except DefinitionError:
        return False
    return True


def hand_after(sentence: str, earlier: list) -> Effect | None:
    """608.2c: "it" is the hand the sentence before revealed, "that card" the card chosen from it: "You choose a
    nonland card from it." only right after "Target opponent reveals their hand.", "That player discards that
    card." / "Exile that card." only right after the choice."""
    prev = earlier[-1] if earlier else None
    if prev is None or prev.kind not in ("reveal_hand", "choose_from_hand"):
        return None
    try:
        r = phrases.parse(sentence.strip(), "hand_effect")
    except DefinitionError:
        return None
    try:
        if r["step"] == "choose" and prev.kind == "reveal_hand":
            q, w = r["quality"], r["with"]
            if not _card_quality(q, w):                 # the quality reads as cards'
                return None
            args = {"quality": q, **({"with": w} if w else {}), **({"may": True} if r["may"] else {})}
            if r["exile"]:      # "You choose a nonland card from it and exile that card.": the choice and its use
                return parse_effect({"chosen_to": {**args, "to": "exile", "chosen": True}})
            return parse_effect({"choose_from_hand": args})
        several = prev.kind == "choose_from_hand" and bool(prev.arg("n", 1) != 1 or prev.arg("up_to"))
        if r["step"] in ("discard", "exile") and prev.kind == "choose_from_hand" and bool(r.get("those")) == several:
            # "that card" after one card chosen, "those cards" after several (608.2c)
            return parse_effect({"chosen_to": {"quality": prev.arg("quality", ""), "to": r["step"],
                                               **{k: prev.arg(k) for k in ("n", "up_to") if prev.arg(k)},
                                               **({"with": prev.arg("with")} if prev.arg("with") else {}),
                                               **({"may": True} if prev.arg("may") else {})}})
    except DefinitionError:
        return None
    return None
