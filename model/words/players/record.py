"""A player's instructions: the verbs and amounts the grammar's section
"players" adds to the word ``player_acts`` (``words.library.record``), checked and written here; performed by
``words.players.perform``.

An act is (verb, amount, detail) or (verb, amount, detail, subject) where its verb phrase has a subject of its
own ("You draw two cards, then each other player draws a card."). The amount is a number, "X" (107.3a), a count
("count", words, N) (N for each one counted; 608.2h, read by ``rules.counts``) or ("that_many", N) (the number
of cards the same player discarded or shuffled away by the act before, minus N) or ("that_much", 0) (the total
life the players of the act before lost by it, a number of its own: the life gained is that total, Syndic of
Tithes's ruling 2013-04-15; as the first act, the damage the ability's trigger event dealt) or ("where", words) (107.3e:
"X ..., where X is <count>", counted once as the instruction begins)."""
from __future__ import annotations

import re

from mtgjudge.model.errors import DefinitionError, Unsupported
from mtgjudge.model.selectors import Selector, TargetSpec
from mtgjudge.model.vocab import phrases
from mtgjudge.model.vocab.abilities import count_word, plural_noun

#: The verbs this module adds (701.21a sacrifice, 107.1a half a life total, 701.24a shuffle zones into the
#: library, 701.9a discard every card of a quality, 122.1f poison counters, 119.5 a life total set, 400.6 a
#: graveyard's cards of a quality returned to the battlefield or the hand; 701.21a permanents chosen and the
#: rest sacrificed; 401.4 cards of the hand put on top of the library, in an order their owner chooses).
VERBS = ("sacrifice", "lose_half", "shuffle_in", "discard_all", "poison", "life_becomes", "return_all", "keep",
         "put_top", "choose", "chosen")
#: The subjects this module adds: every player but the instruction's controller (102.2-102.3); "that player":
#: the ability's one target player, named by the instruction before (608.2c, ``words.players.read``);
#: "any number of target players" (601.2c: each player chosen does it).
WHO = ("each other player", "that player", "any number of target players", "any number of target opponents")
#: Verbs whose amount may be a count or "that many".
COUNTED_VERBS = ("draw", "gain_life", "lose_life", "discard", "sacrifice", "life_becomes")
#: A count's words naming the acting player ("they control", "their graveyard"), read as the controller's words
#: for that player (``words.players.perform.count_for``).
THEIR = {"they": "you", "their": "your"}


#: A count's words naming the target player ("tapped creature target opponent controls", "cards in target
#: opponent's hand"), read as the controller's words for that player.
_TARGETS = re.compile(r"\btarget (?:player|opponent)(?:'s\b| controls\b)", re.I)


#: The argument of ``player_acts`` that keeps the kinds of permanents and the qualities of cards its acts name,
#: read once as the card is compiled (``compiled_kinds``), so that the engine reads selectors, never a phrase:
#: triples (how, phrase, selectors), ``how`` "permanents" (a kind chosen, sacrificed or kept, as
#: ``phrases.parse_np`` reads it: "creature", "nonland permanent") or "cards" (a quality of the cards discarded
#: from a hand or returned from a graveyard, as the target grammar reads cards: ``card_phrase``).
KINDS = "kinds"


def card_phrase(quality: str, with_: str = "") -> str:
    """The phrase of the cards a choice from a hand may take, read by the target grammar as cards in a graveyard
    (the zone is the hand's at resolution: only the characteristics are matched)."""
    return f"{quality + ' ' if quality else ''}card from a graveyard{' ' + with_ if with_ else ''}"


#: The argument of a word that chooses cards of a quality (``quality``, ``with``) from a hand or a library, which
#: keeps them read once as the card is compiled (``with_cards``): (the ``card_phrase``, its TargetSpec); absent
#: where the target grammar does not read the phrase, and choosing such cards is then unsupported (``cards_of``).
CARDS = "cards"


def with_cards(a: dict) -> dict:
    """The arguments ``a`` with the cards their quality names read into ``CARDS`` (or none kept). Whatever
    ``CARDS`` held before is replaced."""
    out = {k: v for k, v in a.items() if k != CARDS}
    phrase = card_phrase(str(a.get("quality", "")), str(a.get("with", "")))
    try:
        out[CARDS] = (phrase, phrases.parse_target(phrase))
    except DefinitionError:
        pass
    return out


def with_cards_of(a: dict, selector: Selector) -> dict:
    """As ``with_cards``, for cards the engine names by a selector it made as it resolves (a rule's own search, "a
    card with mana value N", 702.53a), not by a phrase to read."""
    phrase = card_phrase(str(a.get("quality", "")), str(a.get("with", "")))
    return {**{k: v for k, v in a.items() if k != CARDS},
            CARDS: (phrase, TargetSpec(phrase, objects=(selector,), zone="graveyard"))}


def cards_of(e) -> TargetSpec:
    """The cards the effect ``e``'s quality names, as read when its card was compiled (``CARDS``); Unsupported
    naming the phrase where the grammar did not read it."""
    kept = e.arg(CARDS)
    if kept is None:
        phrase = card_phrase(str(e.arg("quality", "")), str(e.arg("with", "")))
        raise Unsupported(f"the cards {phrase!r} are not in the verifier's vocabulary")
    return kept[1]


def _named(acts) -> list[tuple[str, str]]:
    """The (how, phrase) pairs of ``KINDS`` that the acts name, each once."""
    out: list[tuple[str, str]] = []
    for a in acts:
        verb, detail = a[0], a[2] if len(a) > 2 else None
        items: tuple = ()
        if verb in ("sacrifice", "choose") and isinstance(detail, tuple):
            items = detail
        elif verb in ("keep", "chosen") and isinstance(detail, tuple) and detail and isinstance(detail[0], tuple):
            items = detail[0]
            if verb == "keep" and len(detail) > 1 and isinstance(detail[1], str):
                out.append(("permanents", detail[1]))
        out += [("permanents", i[1]) for i in items if isinstance(i, tuple) and len(i) == 2 and isinstance(i[1], str)]
        quality = detail if verb == "discard_all" else detail[0] if verb == "return_all" and detail else None
        if isinstance(quality, str):
            out.append(("cards", quality))
    return list(dict.fromkeys(out))


def compiled_kinds(a: dict, acts) -> dict:
    """The arguments ``a`` of a player's acts with the kinds and qualities they name read into ``KINDS`` (none
    if they name none). DefinitionError for a phrase the grammar does not read as the engine reads it (a kind
    that is not one kind of permanent: "creature or planeswalker"), so that the line stays unmodelled rather
    than failing as it resolves. Whatever ``KINDS`` held before is replaced."""
    out = dict(a)
    out.pop(KINDS, None)
    read: list[tuple[str, str, tuple[Selector, ...]]] = []
    for how, phrase in _named(acts):
        if how == "permanents":
            read.append((how, phrase, (phrases.parse_np(phrase),)))
        else:
            read.append((how, phrase, tuple(phrases.parse_target("target " + card_phrase(phrase)).objects)))
    if read:
        out[KINDS] = tuple(read)
    return out


def kinds_of(e, how: str, phrase: str) -> tuple[Selector, ...]:
    """The selectors of ``phrase`` (``how``: "permanents" or "cards") that the effect ``e`` kept as it was
    compiled (``KINDS``)."""
    for h, text, sels in e.arg(KINDS, ()) or ():
        if (h, text) == (how, phrase):
            return sels
    raise DefinitionError(f"{phrase!r} was not read as {how} as the card was compiled")


def count_text(words: str) -> str:
    """A count's words with the acting player's pronouns, or the target player, written as the controller's
    ("creature they control", "creature target opponent controls" -> "creature you control"): what
    ``rules.counts`` reads, for that player."""
    words = _TARGETS.sub(lambda m: "your" if m.group(0).endswith("'s") else "you control", words)
    return " ".join(THEIR.get(w.lower(), w) for w in words.split())


def count_phrase(n) -> str | None:
    """The phrase ``rules.counts`` reads of an act's amount ``n``: a count's ("for each ...", "equal to ...",
    with the acting player's words as the controller's: ``count_text``), "where X is"'s as written (counted once,
    for the controller); None for another amount."""
    if isinstance(n, tuple) and n[0] == "count":
        return count_text(n[1])
    if isinstance(n, tuple) and n[0] == "where":
        return n[1]
    return None


def count_target(n) -> str | None:
    """The target phrase a count names ("target opponent"), or None."""
    m = re.search(r"\btarget (player|opponent)\b", n[1], re.I) if isinstance(n, tuple) and n[0] == "count" else None
    return m.group(0).lower() if m else None


def valid_amount(verb: str, n) -> bool:
    """Is ``n`` an amount ``verb`` takes (a number >= 1, X for the library verbs, a count, "that many")?"""
    if isinstance(n, int):
        return n >= (0 if verb == "life_becomes" else 1)       # 119.5: a life total may become 0
    if not isinstance(n, tuple) or verb not in COUNTED_VERBS:
        return False
    if len(n) == 2 and n[0] == "where":        # 107.3e "where X is <count>": counted once for the instruction
        return isinstance(n[1], str) and bool(n[1])
    if len(n) == 2 and n[0] == "that_many":
        return verb == "draw" and isinstance(n[1], int) and n[1] >= 0
    if n == ("that_much", 0):
        return verb == "gain_life"
    # (whether rules.counts reads the words is the reader's check: words.players.read.counts_read)
    return len(n) == 3 and n[0] == "count" and isinstance(n[1], str) and isinstance(n[2], int) and n[2] >= 1


def valid_detail(verb: str, detail) -> bool:
    """The detail of an act of this module: the permanents sacrificed ((N, quality) pairs, N a number or X),
    the zones shuffled, "up"/"down" for half a life total, the quality of the cards discarded. (Whether the
    grammar reads the qualities is the reader's check: ``words.players.read.qualities_read``.)"""
    if verb == "keep":
        return isinstance(detail, tuple) and len(detail) in (2, 3) and isinstance(detail[1], str) and \
            valid_detail("sacrifice", detail[0]) and detail[2:] in ((), ("destroy",))
    if verb == "choose":
        return valid_detail("sacrifice", detail)
    if verb == "chosen":
        return isinstance(detail, tuple) and len(detail) == 2 and valid_detail("sacrifice", detail[0]) and \
            detail[1] == "destroy"
    if verb == "sacrifice":
        return isinstance(detail, tuple) and bool(detail) and all(
            isinstance(i, tuple) and len(i) == 2 and (i[0] == "X" or isinstance(i[0], int) and i[0] >= 1)
            and isinstance(i[1], str) for i in detail)
    if verb == "shuffle_in":
        return detail in (("graveyard",), ("hand",), ("hand", "graveyard"))
    if verb == "lose_half":
        return detail in ("up", "down")
    if verb == "discard_all":
        return isinstance(detail, str)
    if verb == "return_all":
        return isinstance(detail, tuple) and len(detail) == 2 and isinstance(detail[0], str) \
            and detail[1] in ("battlefield", "hand")
    return detail is False


def _listed(items) -> str:
    """(N, kind) items as Oracle text lists them: "an artifact, a creature, an enchantment, and a land"."""
    said = [(("an" if q[:1].lower() in "aeiou" else "a") if k == 1 else "X" if k == "X" else count_word(k)) + f" {q}"
            for k, q in items]
    return said[0] if len(said) == 1 else " and ".join(said) if len(said) == 2 else \
        ", ".join(said[:-1]) + ", and " + said[-1]


def _singular(kinds: str) -> str:
    """"permanents" -> "permanent": the kind a plural item names."""
    return kinds[:-1] if kinds.endswith("s") else kinds


def _amount(n) -> str:
    if n[0] == "where":
        return f"X, where X is {n[1]}"
    if n[0] == "that_many":
        return "that many" + (f" minus {'one' if n[1] == 1 else count_word(n[1])}" if n[1] else "")
    if n[0] == "that_much":
        return "that much"
    return f"{n[2]} for each {n[1]}"


#: Where a rendered act leaves what X is, for ``where_last`` to say once at the end of its sentence.
WHERE = "\0where X is "


def where_last(text: str) -> str:
    """A sentence whose acts each said ``WHERE`` what X is: the clause said once, at the end ("Target player
    loses X life and you gain X life, where X is ...")."""
    if WHERE not in text:
        return text
    clauses = []
    def keep(m: re.Match[str]) -> str:
        clauses.append(m.group(1))
        return ""
    out = re.sub(re.escape(WHERE) + r"(.*?)(?= and |, |$)", keep, text)
    return out + (f", where X is {clauses[0]}" if len(set(clauses)) == 1 else "".join(f", where X is {c}" for c in clauses))


def render(verb: str, n, detail, third: bool) -> str | None:
    """An act of this module as text, or None for a verb that isn't one of them."""
    s = "s" if third else ""
    their = "their" if third else "your"
    if verb == "sacrifice":
        return f"sacrifice{s} " + " and ".join(f"{count_word(k) if k != 'X' else 'X'} {q}" for k, q in detail) \
            + (f" ({_amount(n)})" if n != 1 else "")
    if verb == "choose":
        return f"choose{s} " + " and ".join(f"{count_word(k)} {q}" for k, q in detail) + \
            f" {'they' if third else 'you'} control"
    if verb == "chosen":
        return f"choose{s} " + " and ".join(f"{count_word(k)} {q}" for k, q in detail[0]) + \
            f" {'they' if third else 'you'} control and {detail[1]} it"
    if verb == "keep":
        items, scope = detail[0], detail[1]
        rest = "destroy the rest" if detail[2:] else f"sacrifice{s} the rest"
        they = "they" if third else "you"
        if len(items) == 1 and scope in (items[0][1], _singular(items[0][1])):
            # "chooses three permanents they control, then sacrifices the rest" (the rest of that kind)
            return f"choose{s} {_listed(items)} {they} control, then {rest}"
        among = scope if scope.endswith("s") else plural_noun(scope)
        return f"choose{s} from among the {among} {they} control {_listed(items)}, then {rest}"
    if verb == "lose_half":
        return f"lose{s} half {their} life, rounded {detail}"
    if verb == "shuffle_in":
        return f"shuffle{s} {their} {' and '.join(detail)} into {their} library"
    if verb == "discard_all":
        return f"reveal{s} {their} hand and discard{s} all {detail} cards"
    if verb == "put_top":
        return f"put{s} {count_word(n)} card{'s' if n != 1 else ''} from {their} hand on top of {their} library" + \
            (" in any order" if n > 1 else "")
    if verb == "poison":
        return f"get{s} {count_word(n)} poison counter{'s' if n != 1 else ''}"
    if verb == "life_becomes":
        return f"{their} life total becomes " + (str(n) if isinstance(n, int) else f"the number of {n[1]}")
    if verb == "return_all":
        return f"return{s} all {detail[0]} cards from {their} graveyard to " + \
            ("the battlefield" if detail[1] == "battlefield" else f"{their} hand")
    if isinstance(n, tuple):
        v = {"draw": "draw", "gain_life": "gain", "lose_life": "lose", "discard": "discard"}[verb]
        if n[0] == "count":        # "gains 2 life for each creature", "draws a card for each"
            if n[1].startswith("the "):    # "a number of cards equal to the highest mana value among ..."
                return f"{v}{s} " + (f"life equal to {n[1]}" if "life" in verb else
                                     f"a number of cards equal to {n[1]}")
            noun = "life" if "life" in verb else ("a card" if n[2] == 1 else f"{count_word(n[2])} cards")
            return f"{v}{s} {n[2]} life for each {n[1]}" if noun == "life" else f"{v}{s} {noun} for each {n[1]}"
        if n[0] == "where":        # the clause that says X is said once, at the end (``where_last``)
            return f"{v}{s} X {'life' if 'life' in verb else 'cards'}{WHERE}{n[1]}"
        noun = {"draw": "cards", "gain_life": "life", "lose_life": "life", "discard": "cards"}[verb]
        return f"{v}{s} {_amount(n)} {noun}"
    return None


#: The acts "that many" may follow: what they take from the hand is known before they are performed.
_THAT_MANY_AFTER = ("discard", "discard_hand", "discard_all", "shuffle_in")


def valid_sequence(acts) -> bool:
    """"that many" only right after an act that discards or shuffles away cards of the same player's hand; "that
    much" life right after a number of life lost (by players of its own subject: "each opponent loses 1 life
    and you gain that much life") or first (the damage the ability's trigger event dealt: "Whenever ~ deals damage,
    you gain that much life", which only such a trigger's reader accepts, ``oracle.lines``)."""
    for i, x in enumerate(acts):
        if isinstance(x[1], tuple) and x[1][0] == "that_much" and i:
            prev = acts[i - 1]
            if prev[0] != "lose_life" or not isinstance(prev[1], int) or not x[3:]:
                return False
        if isinstance(x[1], tuple) and x[1][0] == "that_many":
            prev = acts[i - 1] if i else None
            if prev is None or prev[0] not in _THAT_MANY_AFTER or prev[3:] != x[3:] or \
                    prev[0] == "shuffle_in" and prev[2] != ("hand",) or prev[0] == "discard" and not isinstance(prev[1], int):
                return False
    return True


def targets_players(who: str) -> bool:
    """Does the subject choose target players ("target player", "any number of target opponents")?"""
    return who.startswith("target") or who.startswith("any number of target")
