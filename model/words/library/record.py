"""Words about libraries, hands and players: a player's instructions (119.3 life, 121.1 drawing, 701.9
discarding, 701.17 milling), library instructions (701.22 scry, 701.25 surveil, looking at the top cards and
putting them back in any order, 701.24 shuffle, 701.23 search), searches whose found cards are exiled
(701.23a, 406.3) with the shuffle that follows them (701.24a), and the search of a player's graveyard, hand and
library for the cards with one name (701.23a-b and the example of 701.23b). Read by ``words.library.read``
and performed by ``words.library.perform`` and ``engine.hands``.

Two static words about drawing and the hand: dredge (702.52a-b), a replacement of its owner's draw that functions
while the card is in their graveyard, performed where a card is drawn (``engine.kernel.players.draw``); and "You
have no maximum hand size." / "Players have no maximum hand size." (402.2), performed by the cleanup step's discard
(514.1, ``engine.turn``, with ``words.library.perform.maximum_hand_size``)."""
from __future__ import annotations

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.rules import counts          # the one count concept: the acts' counts, read as compiled
from mtgjudge.model.words.players import record as words_players
from mtgjudge.model.words.players.record import CARDS
from mtgjudge.model.vocab.abilities import count_word
from mtgjudge.model.vocab.phrases import ANY_NUMBER
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.word import Word


ENGINE = frozenset({"engine"})
#: Who a player's instructions name: the controller, a target player or opponent, each player, each opponent;
#: "defending player" (508.5), the player a triggered ability's event was about (``event``, below).
WHO = ("you", "target player", "target opponent", "each player", "each opponent", "its controller",
       "its owner", "defending player") + words_players.WHO
#: The subjects that name the player a triggered ability's event was about (``event: True``, 603.2): "that player",
#: the player dealt combat damage (510.2); "defending player", an attacking creature's (508.5).
EVENT_WHO = ("that player", "defending player")
#: The verbs of a player's instructions (``acts``: (verb, N, at random)).
VERBS = ("draw", "lose_life", "gain_life", "discard", "mill", "scry", "surveil", "energy", "monarch",
         "discard_hand", "exile_top") + words_players.VERBS
#: The verbs whose N may be X (107.3a: the value chosen as the spell was cast): "Target player draws X cards."
X_VERBS = ("draw", "lose_life", "gain_life", "discard", "mill")
#: Where a search puts the cards it finds.
SEARCH_TO = ("hand", "battlefield", "battlefield_tapped", "top", "split")


def _cards(n: int) -> str:
    return f"{count_word(n)} card{'s' if n != 1 else ''}"


def _r_act(verb: str, n: int | str | tuple, at_random: bool, third: bool) -> str:
    more = words_players.render(verb, n, at_random, third)      # (players) the verbs and amounts it adds
    if more is not None:
        return more
    s = "s" if third else ""
    if verb == "discard_hand":
        return f"discard{s} {'their' if third else 'your'} hand"
    if verb == "exile_top" and isinstance(n, int):      # 406.3, 701.13a: the top N cards of their own library
        return f"exile{s} the top {'card' if n == 1 else count_word(n) + ' cards'} of " \
               f"{'their' if third else 'your'} library"
    if n == "X":
        return {"draw": f"draw{s} X cards", "lose_life": f"lose{s} X life", "gain_life": f"gain{s} X life",
                "discard": f"discard{s} X cards" + (" at random" if at_random else ""),
                "mill": f"mill{s} X cards"}[verb]
    assert isinstance(n, int)   # a counted amount (a tuple) was rendered by words_players.render, "X" just above
    return {"draw": f"draw{s} {_cards(n)}", "lose_life": f"lose{s} {n} life", "gain_life": f"gain{s} {n} life",
            "discard": f"discard{s} {_cards(n)}" + (" at random" if at_random else ""),
            "mill": f"mill{s} {_cards(n)}", "scry": f"scr{'ies' if third else 'y'} {n}",
            "surveil": f"surveil{s} {n}", "energy": f"get{s} " + "{E}" * n,
            "monarch": f"become{s} the monarch"}[verb]


def _r_player_acts(a: dict) -> str:
    who = a["who"]
    third = who != "you"
    # "You gain 2 life and draw a card", but "you draw a card and you lose 1 life"
    with_you = who == "you" and any(x[0] in _SAID_WITH_YOU for x in a["acts"])
    you_first_only = with_you and a["acts"][0][0] in _SAID_WITH_YOU
    said = []
    for i, x in enumerate(a["acts"]):
        act = (f"{x[3]} " if len(x) > 3 else "") + _r_act(x[0], x[1], x[2], third if len(x) == 3 else x[3] != "you")
        if with_you and len(x) == 3 and (i == 0 or not you_first_only):
            act = "you " + act        # "You gain 3 life", "you draw a card and you lose 1 life" (but "Draw a card")
        if i:
            # a card drawn, then one discarded (a loot), a scry then a draw: Oracle says "then" between them
            then = x[0] in _THEN and a["acts"][i - 1][0] in _THEN and len(x) == 3
            act = (", then " if then else " and ") + act
        said.append(act)
    acts = words_players.where_last("".join(said))
    if a.get("may") and who == "you":
        return "You may " + acts.removeprefix("you ")        # "You may gain 2 life", "You may draw a card"
    return ("You may " if a.get("may") else "") + (f"{who[0].upper()}{who[1:]} {acts}" if who != "you" else
                                                   acts[0].upper() + acts[1:])


#: A player's instructions Oracle text says with their subject "you" ("You gain 3 life"; "Draw a card" has none).
_SAID_WITH_YOU = ("gain_life", "lose_life", "energy", "monarch", "poison")
#: A player's instructions on their library and hand that Oracle text chains with "then".
_THEN = ("draw", "discard", "scry", "surveil", "mill", "discard_hand")


def _v_player_acts(a: dict) -> dict:
    if a.get("who") not in WHO:
        raise DefinitionError(f"who must be one of {', '.join(WHO)}")
    acts = a.get("acts")
    # (players) a verb phrase may have a subject of its own (a fourth item); one target player at most
    subjects = {a["who"]} | {x[3] for x in acts or () if isinstance(x, tuple) and len(x) == 4}
    if not subjects <= set(WHO) or len([w for w in subjects if words_players.targets_players(w)]) > 1:
        raise DefinitionError(f"who must be one of {', '.join(WHO)}, with one target player at most")
    counted = {words_players.count_target(x[1]) for x in acts or () if isinstance(x, tuple) and len(x) > 1} - {None}
    if len(counted | {w for w in subjects if words_players.targets_players(w)}) > 1:
        raise DefinitionError("one target player at most, as a subject or in a count")
    if (any(words_players.targets_players(w) for w in subjects) or bool(counted)) != bool(a.get("target")):
        raise DefinitionError("a target player's instructions need target (player or opponent), and only they")
    if (a["who"] == "defending player" and not a.get("event")) or (a.get("event") and a["who"] not in EVENT_WHO):
        raise DefinitionError("event: the subject is the trigger event's player (that player, defending player)")
    if a.get("event") and (len(subjects) > 1 or a.get("target")):
        raise DefinitionError("event: the trigger event's player, the acts' only subject, and no target")
    if not acts or not all(isinstance(x, tuple) and len(x) in (3, 4) and x[0] in VERBS and (
            isinstance(x[1], int) and x[1] >= 1 or x[1] == "X" and x[0] in X_VERBS
            or words_players.valid_amount(x[0], x[1])) and (
            x[0] not in words_players.VERBS or words_players.valid_detail(x[0], x[2])) for x in acts) \
            or not words_players.valid_sequence(acts):
        raise DefinitionError(f"acts must be (verb, N, at random) with a verb of {', '.join(VERBS)} and N >= 1 "
                              f"(or X for {', '.join(X_VERBS)})")
    return words_players.compiled_kinds(
        counts.compiled(a, *(t for x in acts if (t := words_players.count_phrase(x[1])) is not None)), acts)


def _v_n(a: dict) -> None:
    if not isinstance(a.get("n"), int) or a["n"] < 1:
        raise DefinitionError("n must be 1 or more")


def _v_n_or_x(a: dict) -> None:
    """A number of cards looked at: 1 or more, or X (107.3a)."""
    if a.get("n") != "X":
        _v_n(a)
    if "k" in a and not (a["k"] == "X" or isinstance(a["k"], int) and a["k"] >= 0):
        raise DefinitionError("k must be 0 or more, or X")


def _v_search(a: dict) -> dict:
    if a.get("n") != "X" or a.get("to") != "hand":      # X cards (107.3a): into a hand only
        _v_n(a)
    if a.get("with") and a.get("to") not in ("hand", "top"):
        raise DefinitionError("a qualified card (\"with ...\") is read only into a hand or on top of the library")
    if a.get("to") not in SEARCH_TO:
        raise DefinitionError(f"to must be one of {', '.join(SEARCH_TO)}")
    return words_players.with_cards(a)


def _r_search(a: dict) -> str:
    q = a.get("quality", "")
    many = a["n"] == "X" or a["n"] > 1
    count = f"{'up to ' if a.get('up_to') else ''}X" if a["n"] == "X" else "any number of" if a["n"] >= ANY_NUMBER \
        else f"{'up to ' if a.get('up_to') else ''}{count_word(a['n'])}"
    what = f"{count} {q + ' ' if q else ''}card{'s' if many else ''}" \
        + (f" {a['with']}" if a.get("with") else "")
    if q == "named ~":
        return (("You may search" if a.get("may") else "Search") + f" your library for {count} card{'s' if many else ''}"
                f" named ~, {'reveal ' + ('them' if many else 'it') + ', ' if a.get('reveal') else ''}"
                f"put {'them' if many else 'it'} "
                + {"hand": "into your hand", "battlefield": "onto the battlefield", "top": "on top of your library"}.get(
                    a["to"], a["to"]) + (", then shuffle" if a.get("shuffle") else ""))
    to = {"hand": "into your hand", "battlefield": "onto the battlefield",
          "battlefield_tapped": "onto the battlefield tapped", "top": "on top of your library",
          "split": "one onto the battlefield tapped and the other into your hand"}[a["to"]]
    if a["to"] == "top" and a.get("shuffle"):
        # 701.24b: the library is shuffled, then the card found goes on top
        return (("You may search" if a.get("may") else "Search") + f" your library for {what}, then shuffle and "
                f"put {'those cards' if many else 'that card'} on top")
    reveal = f"reveal {'them' if many else 'it'}, " if a.get("reveal") else ""
    put = "put" if a["to"] == "split" else f"put {'them' if many else 'it'}"
    return (("You may search" if a.get("may") else "Search") + f" your library for {what}, {reveal}{put} {to}"
            + (", then shuffle" if a.get("shuffle") else ""))


_REST = {"bottom": "on the bottom of your library in any order",
         "bottom_random": "on the bottom of your library in a random order", "graveyard": "into your graveyard", "": "",
         "top": "on top of your library in any order", "library": "on top of and on the bottom of your library"}


def _chosen_cards(a: dict) -> str:
    """"a nonland card", "up to two cards": what a choice from a hand takes."""
    n = a.get("n", 1)
    quality = a["quality"] + " " if a.get("quality") else ""
    if n == 1:
        return f"a {quality}card"
    return f"{'up to ' if a.get('up_to') else ''}{n if n == 'X' else count_word(n)} {quality}cards"


def _r_take_looked(a: dict) -> str:
    k = a["k"] if a["k"] == "X" else count_word(a["k"])
    many = a["k"] == "X" or a["k"] != 1
    if a.get("may") or a.get("quality"):
        cards = f"{k} {a['quality'] + ' ' if a.get('quality') else ''}card{'s' if many else ''}"
        first = (("You may reveal " if a.get("may") else "Reveal ") + f"{cards} from among them and put "
                 f"{'them' if many else 'it'} into your hand")
        return first + (f". Put the rest {_REST[a['rest']]}" if a.get("rest") else "")
    k = "one" if a["k"] == 1 else k
    return f"Put {k} of them into your hand" + (f" and the rest {_REST[a['rest']]}" if a.get("rest") else "")


def _whose(a: dict) -> str:
    return f"target {a['target']}'s" if a.get("target") else "your"


def _may(text: str):
    return lambda a: ("You may " + text[0].lower() + text[1:] if a.get("may") else text).format(**a)


WORDS: tuple[Word, ...] = (
    # 119.3, 121.1, 701.9a-b, 701.17a, 701.22a, 701.25a: "Scry 2, then draw a card", "Target player draws two cards and loses 2 life", "Draw two cards, then
    # discard a card", "Each opponent discards a card": the acts in the order written, each by every player named.
    # ``event``: the subject is the player the trigger event was about (``EVENT_WHO``: "that player" dealt combat
    # damage, 510.2; "defending player", 508.5), not an earlier target (608.2c).
    Word("player_acts", "effect", {"who": str, "target": str, "acts": object, "may": bool, "event": bool,
                                   counts.ARG: tuple, words_players.KINDS: tuple},
         _r_player_acts,
         frozenset({Scope.LIFE, Scope.DRAW, Scope.DISCARD}), ENGINE, _v_player_acts),
    Word("look_top", "effect", {"n": int, "may": bool, "target": str},
         lambda a: _may(f"Look at the top {count_word(a['n']) if a['n'] != 1 else 'one'} cards of " + _whose(a)
                        + " library, then put them back in any order")(a),
         frozenset(), ENGINE, _v_n),
    # "Look at the top N cards of your library." (looking changes nothing in the game's state, 401.2 aside)
    Word("look_at", "effect", {"n": object, "may": bool, "target": str},
         lambda a: _may("Look at the top " + ("card" if a["n"] == 1 else f"{count_word(a['n']) if isinstance(a['n'], int) else a['n']} cards")
                        + " of " + _whose(a) + " library")(a), frozenset(), ENGINE,
         lambda a: _v_n_or_x(a) if not a.get("target") else _v_n(a)),
    # After "Look at the top N cards of your library.": "You may reveal a creature card from among them and put
    # it into your hand." / "Put one of them into your hand and the rest on the bottom of your library in any
    # order." (``k`` cards of the ``n`` looked at; ``rest``: bottom, graveyard or "" for not said).
    Word("take_looked", "effect", {"n": object, "k": object, "quality": str, "may": bool, "rest": str},
         lambda a: _r_take_looked(a), frozenset(), ENGINE, _v_n_or_x),
    Word("looked_rest", "effect", {"rest": str}, lambda a: f"Put the rest {_REST[a['rest']]}", frozenset(), ENGINE),
    # 701.24a; ``if_done``: "If you do, shuffle your library" (a library of cards nobody knows is the same
    # shuffled or not: the engine performs it there only).
    # 701.20a: "Target opponent reveals their hand."; then "You choose a [quality] card from it." and "That player
    # discards that card." / "Exile that card." (``chosen_to``: graveyard by discarding, 701.9b, or exile).
    Word("reveal_hand", "effect", {"target": str}, lambda a: f"Target {a['target']} reveals their hand", frozenset(),
         ENGINE),
    # "Target opponent reveals their hand and you choose a nonland card from it." (``target``: also revealed)
    # ``with``: a qualifier after the noun ("with mana value 3 or less", 202.3).
    # ``n``: how many cards (a number or "X", 107.3a; "up to" with ``up_to``)
    # ``revealed``: the target player reveals that many cards of their choice, and the choice is made among them
    # 305.4, 400.6, 608.2d: "You may put a land card from your hand onto the battlefield." (the controller picks
    # one card of the quality there, or none where "may"; putting a land onto the battlefield is not playing it).
    Word("put_from_hand", "effect", {"quality": str, "may": bool, "tapped": bool, CARDS: tuple},
         lambda a: f"{'You may put' if a.get('may') else 'Put'} a {a['quality']} card from your hand onto the "
                   f"battlefield{' tapped' if a.get('tapped') else ''}", frozenset({Scope.ENTERS}), ENGINE,
         words_players.with_cards),
    Word("choose_from_hand", "effect", {"quality": str, "with": str, "may": bool, "target": str, "n": object,
                                        "up_to": bool, "revealed": int},
         lambda a: (f"Target {a['target']} reveals {count_word(a['revealed'])} cards from their hand and you choose "
                    "one of them" if a.get("revealed") and a.get("target") else
                    (f"Look at target {a['target']}'s hand and {'you may ' if a.get('may') else ''}choose "
                     if a.get("target") else f"You{' may' if a.get('may') else ''} choose ")
                    + f"{_chosen_cards(a)} from it{' ' + a['with'] if a.get('with') else ''}"), frozenset(), ENGINE),
    # ``chosen``: the choice is made in the same sentence ("You choose a nonland card from it and exile that card.")
    Word("chosen_to", "effect", {"quality": str, "with": str, "may": bool, "to": str, "chosen": bool, "n": object,
                                 "up_to": bool, CARDS: tuple},
         lambda a: (f"You{' may' if a.get('may') else ''} choose a {a['quality'] + ' ' if a.get('quality') else ''}"
                    f"card from it{' ' + a['with'] if a.get('with') else ''} and exile that card") if a.get("chosen")
         else ("That player discards " if a["to"] == "discard" else "Exile ")
         + ("that card" if a.get("n", 1) == 1 else "those cards"),
         frozenset({Scope.DISCARD}), ENGINE, words_players.with_cards),
    # "Put target creature on top of its owner's library", "Put target card from your graveyard on top of your
    # library": the object becomes the top card of its owner's library (400.7: a new object).
    Word("put_on_library", "effect", {"target": str}, lambda a: f"Put target {a['target']} on top of its owner's "
         "library", frozenset(), ENGINE),
    # 406.3: "Exile target card from a graveyard".
    Word("exile_card", "effect", {"target": str}, lambda a: f"Exile {a['target']}" if " target " in f" {a['target']} "
         else f"Exile target {a['target']}", frozenset(), ENGINE),
    # 106.4: a spell's or ability's "Add {B}{B}{B}" (not a mana ability, 605.1): the mana goes to the pool.
    Word("add_mana", "effect", {"mana": str}, lambda a: "Add " + "".join("{%s}" % c for c in a["mana"]),
         frozenset({Scope.MANA}), ENGINE),
    Word("shuffle", "effect", {"may": bool, "if_done": bool},
         lambda a: "If you do, shuffle your library" if a.get("if_done") else _may("Shuffle your library")(a),
         frozenset(), ENGINE),
    # 701.23: "Search your library for [up to] N [quality] card(s), [reveal it,] put it into your hand / onto the
    # battlefield [tapped][, then shuffle]".
    # ``with``: a qualifier after the noun ("with mana value 3 or less"): only a search into a hand or on top.
    # "reveal it" (701.20a): the card found is shown to every player; kept so that the reading says it, though
    # what players know changes no answer the model gives
    Word("search", "effect", {"n": object, "up_to": bool, "quality": str, "to": str, "shuffle": bool, "may": bool,
                              "with": str, "reveal": bool, CARDS: tuple},
         _r_search, frozenset({Scope.ENTERS}), ENGINE, _v_search),
)




def _v_search_exile(a: dict) -> None:
    n = a.get("n")
    if not (isinstance(n, int) and n >= 1 or n == "X"):
        raise DefinitionError("n must be 1 or more, or X")
    if a.get("target") not in (None, "player", "opponent"):
        raise DefinitionError("target must be player or opponent")


def _r_search_exile(a: dict) -> str:
    n, q = a["n"], a.get("quality", "")
    count = "any number of" if n == ANY_NUMBER else f"{'up to ' if a.get('up_to') else ''}" \
        + (n if n == "X" else count_word(n))
    whose = f"target {a['target']}'s" if a.get("target") else "your"
    many = n == "X" or n > 1
    return (("You may search" if a.get("may") else "Search") + f" {whose} library for {count} "
            + (q + " " if q else "") + ("cards" if many else "card") + (f" {a['with']}" if a.get("with") else "")
            + (f", reveal {'them' if many else 'it'}," if a.get("reveal") else "")
            + f" and exile {'them' if many else 'it'}" + (", then shuffle" if a.get("shuffle") else ""))


def _v_zones(a: dict) -> None:
    if a.get("zones") not in ("either", "both") or not a.get("name"):
        raise DefinitionError("zones must be either or both, and a name is needed")


def _v_it(a: dict) -> None:
    if a.get("it") != 1:
        raise DefinitionError("it must be 1: the player is the target of the search before")


WORDS = WORDS + (
    # 701.23a, 406.3: "Search target player's library for up to seven cards and exile them." (``target``: whose
    # library, else yours; ``n``: a number, X (107.3a) or ANY_NUMBER with ``up_to``; ``quality``/``with``: labels of
    # the cards found; ``shuffle``: "then shuffle your library" in the same sentence).
    Word("search_exile", "effect", {"n": object, "up_to": bool, "quality": str, "with": str, "may": bool,
                                    "target": str, "shuffle": bool, "reveal": bool}, _r_search_exile, frozenset(), ENGINE,
         _v_search_exile),
    # 701.23a-b: "[You may] search your library and/or graveyard for a card named <name>, reveal it, and put it
    # into your hand." (``zones``: "either" for "and/or", "both" for "and").
    Word("search_named_zones", "effect", {"name": str, "zones": str, "may": bool},
         lambda a: ("You may search" if a.get("may") else "Search") + " your library "
                   + ("and/or" if a["zones"] == "either" else "and") + f" graveyard for a card named {a['name']}, "
                   "reveal it, and put it into your hand", frozenset(), ENGINE, _v_zones),
    # 701.24a: "Then that player shuffles their library." right after it (``it``: the searched player, 608.2c).
    # ``may``: "You may have that player shuffle their library" (608.2d: a choice).
    Word("searched_library_shuffles", "effect", {"it": int, "may": bool},
         lambda a: "You may have that player shuffle their library" if a.get("may") else
         "Then that player shuffles their library",
         frozenset(), ENGINE, _v_it),
)




def _v_whose(a: dict) -> None:
    if a.get("whose") not in ("controller", "owner"):
        raise DefinitionError("whose must be controller or owner")
    if a.get("it") != 1:
        raise DefinitionError("it must be 1: the cards share the name of the target of the instruction before")


WORDS = WORDS + (
    # ``all``: "all cards" (else "any number of cards"); ``whose``: "its controller's" or "its owner's"; ``it``: the
    # object whose name is searched for is the target of the instruction before (608.2c).
    Word("exile_same_name", "effect", {"all": bool, "whose": str, "it": int},
         lambda a: f"Search its {a['whose']}'s graveyard, hand, and library for "
                   f"{'all' if a.get('all') else 'any number of'} cards with the same name as that card and exile them",
         frozenset(), ENGINE, _v_whose),
    Word("searched_shuffles", "effect", {"whose": str, "it": int},
         lambda a: "Then that player shuffles their library", frozenset(), ENGINE, _v_whose),
)



#: 702.52a: the keyword whose static ability is the ``dredge`` word.
DREDGE = "Dredge"
#: Who a "no maximum hand size" static names: its controller ("You have"), or every player ("Players have").
HAND_SIZE_WHO = ("you", "players")


def _v_dredge(a: dict) -> None:
    n = a.get("n")
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        raise DefinitionError(f"dredge N: N must be a number of 1 or more, not {n!r}")


def _v_hand_size(a: dict) -> None:
    if a.get("who") not in HAND_SIZE_WHO:
        raise DefinitionError(f"who must be one of {', '.join(HAND_SIZE_WHO)}, not {a.get('who')!r}")


WORDS = WORDS + (
    # 702.52a-b: "Dredge N": "As long as you have at least N cards in your library, if you would draw a card, you may
    # instead mill N cards and return this card from your graveyard to your hand." A static ability of the card in
    # its owner's graveyard (113.6b); a replacement effect of each of its owner's draws (614.1a, 121.6), which the
    # drawing player chooses to apply or not (616.1e). Performed as a card would be drawn (``engine.kernel.players``).
    Word("dredge", "static", {"n": int}, lambda s: f"{DREDGE} {s.arg('n')}", frozenset({Scope.DRAW}), ENGINE,
         _v_dredge),
    # 402.2, 514.1: "You have no maximum hand size." (``who`` you: the controller of the permanent) and "Players
    # have no maximum hand size." (``who`` players): no cleanup-step discard for them (``engine.turn``).
    Word("no_maximum_hand_size", "static", {"who": str},
         lambda s: "You have no maximum hand size" if s.arg("who") == "you" else "Players have no maximum hand size",
         frozenset({Scope.HAND_SIZE}), ENGINE, _v_hand_size),
)
