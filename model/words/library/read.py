"""Sentences of an effect about libraries, hands and players, read by the phrase grammar
(``player_effect``, ``library_effect`` in ``vocab/phrases.lark``) into words of ``words.library.record``: a
player's instructions ("Target player draws two cards and loses 2 life.", "Draw two cards, then discard a
card.", "Each opponent discards a card.") and library instructions ("Scry 2.", "Search your library for a
basic land card, put it onto the battlefield tapped, then shuffle.").

Two lines of static abilities about drawing and the hand, each read whole: "Dredge N" (702.52a; ``dredge_line``) and
"You have no maximum hand size." / "Players have no maximum hand size." (402.2; ``hand_size_static``). A variant
(X, a condition, a maximum hand size that is a number, increased or reduced, or for a time) is not read: its
line stays unmodelled (the keyword table's row for dredge, ``oracle.scopes``' row for a maximum hand size)."""
from __future__ import annotations

import re
from lark import Token, v_args
from mtgjudge.model import patterns
from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.words.players.read import counts_read, qualities_read
from mtgjudge.model.words.players.record import card_phrase
from mtgjudge.model.vocab import phrases
from mtgjudge.model.words.players import record as words_players
from mtgjudge.model.words.library import record as words_library
from mtgjudge.model.vocab.abilities import Ability, Effect
from mtgjudge.model.vocab.parse import parse_effect, parse_static
from mtgjudge.model.words.library.record import DREDGE


_KIND = {"look": "look_top", "look_at": "look_at", "shuffle": "shuffle", "search": "search"}


#: "You may put a land card from your hand onto the battlefield." (305.4), "Put a creature card from your hand onto
#: the battlefield tapped."
_FROM_HAND = patterns.compile(r"^(?P<may>you may )?put an? (?P<quality>[a-z -]+?) card from your hand onto the "
                              r"battlefield(?P<tapped> tapped)?\.?$", re.I)


def _event_subject(who: str, acts, found: tuple[str, ...], earlier) -> bool | None:
    """Is the subject of a player's instructions the player the trigger event was about ("that player", "defending
    player": ``words_library.EVENT_WHO``, 603.2)? True where the trigger names that player (its antecedent,
    ``lines.read_effect_words``' ``event_player``), it is the acts' only subject and no target was chosen before
    or in the sentence (whose "that player" would be ambiguous, 608.2c); None (not read) where such a subject is
    not that; False for another subject."""
    subjects = {who} | {x[3] for x in acts if len(x) == 4}
    named = subjects & set(words_library.EVENT_WHO)
    if not named:
        return False
    if len(subjects) != 1 or found or any(w is not None and w.arg("target") for w in earlier):
        return None
    if not any(w is not None and w.kind == "trigger_player" and w.arg("who") == who for w in earlier):
        return None
    return True


def library_word(sentence: str, found: tuple[str, ...], earlier=()) -> Effect | None:
    """The word a whole sentence is, or None. ``found``: the sentence's target phrases (``find_targets``): only
    "target player" / "target opponent" as the subject of a player's instructions; ``earlier``: the words read
    before it (a trigger event's player as its antecedent: ``_event_subject``)."""
    s = sentence.strip()
    m = _FROM_HAND.match(s)
    if m is not None and not found:
        if not _card_quality(m.group("quality"), ""):
            return None
        return parse_effect({"put_from_hand": {"quality": m.group("quality"), **({"may": True} if m.group("may") else {}),
                                               **({"tapped": True} if m.group("tapped") else {})}})
    try:
        r = phrases.parse(s, "player_effect")
    except DefinitionError:
        r = None
    if r is not None:
        who = r["who"]
        acts = r["acts"]
        if not counts_read(acts) or not qualities_read(acts):   # a count or a quality the engine can't read
            return None
        event = _event_subject(who, acts, found, earlier)
        if event is None:
            return None
        if who == "you" and any(x[0] == "exile_top" for x in acts):
            return None     # "Exile the top card of your library.": the ``exile_top`` word's (701.13a, impulse draw)
        if who == "its controller" and any(len(a) == 4 for a in acts):
            return None     # "Its controller loses 2 life and you gain 2 life.": words.references.read reads it (608.2h)
        if len(acts) == 1 and acts[0][0] == "sacrifice" and acts[0][1] == 1 and len(acts[0][2]) == 1 \
                and acts[0][2][0][0] == 1 and who in ("you", "each player", "each opponent"):
            # one permanent of one kind: perm_sentences' sacrifice_own / sacrifice_each (701.21a); "you may" around
            # it, words.optional.read's
            return None
        args = {"who": who, "acts": r["acts"], **({"may": True} if r["may"] else {}), **({"event": True} if event else {})}
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
            # "reveals three cards from their hand and you choose one of them" (Blackmail): the revealing player
            # picks which cards are shown
            some.update({"revealed": h["some"]} if h.get("some") else {})
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


@v_args(inline=True)
class _LibraryMore(phrases.meaning_class()):  # type: ignore[misc]  # a Lark transformer: the compiler imports Lark
    """The meaning of the grammar's section on searching and looking (the library rules it reuses keep their meaning)."""

    # ---- the cards looked at
    def l2_k_reveal(self, *parts):
        take = next(p for p in parts if isinstance(p, dict))
        return {**take, "may": True, "rest": ""}

    def l2_k_put(self, k, _them, others, rest):
        return {"k": k, "quality": "", "may": False, "rest": rest, "others": others}

    def l2_k_top_bottom(self, k, _them, top, bottom):
        # Telling Time: k into the hand, the others stay in the library (one on top, one on the bottom)
        return {"k": k, "quality": "", "may": False, "rest": "library", "others": "rest", "total": k + top + bottom}

    def l2_k_all(self, quality, cards, others, rest):
        return {"k": "all", "quality": quality, "may": False, "rest": rest, "others": others}

    def l2_k_rest(self, rest):
        return {"only_rest": True, "rest": rest}

    def l2_t_one_each(self, *parts):
        # "a creature card and/or a land card": up to one card of each quality (a label: "creature or land")
        qualities = [p for p in parts if isinstance(p, str) and not isinstance(p, Token)]
        withs = [p for p in parts if isinstance(p, tuple)]
        if withs and len(qualities) > 1:
            raise DefinitionError("a qualifier on one of two qualities is not read")
        label = " or ".join(qualities) + (" " + withs[0][1] if withs else "")
        return {"k": len(qualities), "quality": label.strip()}

    def l2_t_any(self, *parts):
        return {"k": "all", "quality": self._label(parts)}

    def l2_t_up_to(self, n, *parts):
        return {"k": n, "quality": self._label(parts)}

    @staticmethod
    def _label(parts) -> str:
        q = next(p for p in parts if isinstance(p, str) and not isinstance(p, Token))
        w = next((p[1] for p in parts if isinstance(p, tuple)), "")
        return f"{q} {w}".strip()

    def l2_them(self, *_): return None
    def l2_o_rest(self, *_): return "rest"
    def l2_o_other(self, *_): return "other"
    def l2_r_bottom(self, *parts): return "bottom_random" if parts else "bottom"
    def l2_r_top(self, *_): return "top"

    def l2_and(self, *_): return "or"      # "instant and/or sorcery", "creature and land": a card of either kind

    def l2_quality(self, *words):
        out = []
        for w in words:
            if isinstance(w, Token):
                out.append(str(w).lower())
            else:
                out.append(w)
        return " ".join(out)

    def l2_with(self, w): return w
    def l2_w_names(self, *_): return ("with", "with different names")
    def l2_w_keyword(self, kw): return ("with", f"with {str(kw).lower()}")

    def l2_or_card(self, *parts):
        q = next((p for p in parts if isinstance(p, str) and not isinstance(p, Token)), "")
        w = next((p[1] for p in parts if isinstance(p, tuple)), "")
        return ("or", f"{q} {w}".strip() or "any")

    def l2_w_count(self, _mv, rest): return ("with", f"with mana value less than or equal to {str(rest).strip()}")

    # ---- a search of a library and a graveyard for a card with a name
    def search_named2(self, *parts):
        may = isinstance(parts[0], Token) and parts[0].type == "YOU_MAY"
        zones = next(p for p in parts if p in ("either", "both"))
        name = next(str(p) for p in parts if isinstance(p, Token) and p.type == "L2_NAME")
        return {"may": may, "zones": zones, "name": name.strip()}

    def l2_z_either(self, *_): return "either"
    def l2_z_both(self, *_): return "both"
    def shuffle_searched_more(self, *_): return {}
    def look_x2(self, *_): return {"n": "X"}
    def have_shuffle2(self, *_): return {}

    # ---- a search
    def l2_c_up_to_x(self, *_): return ("X", True)
    def l2_c_x(self, *_): return ("X", False)
    def l2_step(self, step): return step
    def l2_st_exile(self, *_): return "step:exile"

    def search_more_effect(self, *parts):
        may = isinstance(parts[0], Token) and parts[0].type == "YOU_MAY"
        whose = next(p for p in parts if isinstance(p, str) and p in ("you", "target player", "target opponent"))
        n, up_to = next(p for p in parts if isinstance(p, tuple) and len(p) == 2 and p[0] not in ("with",))
        quality = next((p for p in parts if isinstance(p, str) and not isinstance(p, Token)
                        and p not in ("you", "target player", "target opponent") and not p.startswith("step:")), "")
        cards = next(p for p in parts if isinstance(p, Token) and p.type == "CARDS")
        if n != "X":
            self._agree(n, cards)
        with_ = next((p[1] for p in parts if isinstance(p, tuple) and p[0] == "with"), "")
        other = next((p[1] for p in parts if isinstance(p, tuple) and p[0] == "or"), None)
        if other is not None:       # "X card or Y card": one label for either (a card nobody knows)
            if n != 1:
                raise DefinitionError("several cards of either of two qualities are not read")
            quality, with_ = f"{' '.join(x for x in (quality, with_) if x)} or {other}", ""
        steps = [p for p in parts if isinstance(p, str) and p.startswith("step:")]
        return {"may": may, "whose": whose, "n": n, "up_to": up_to, "quality": quality, "with": with_,
                "steps": steps}


_MEANING = _LibraryMore()


def _parse(text: str, start: str):
    try:
        tree = phrases.parse_tree(text, start)
    except DefinitionError:     # not in the vocabulary
        return None
    try:
        return _MEANING.transform(tree)
    except Exception as e:      # VisitError wrapping a DefinitionError: read, but not meaningful
        if isinstance(getattr(e, "orig_exc", None), DefinitionError):
            return None
        raise


def looked_more_after(sentence: str, earlier: list) -> Effect | None:
    """608.2c: what is done with the cards "Look at / Reveal the top N cards of your library." looked at, read
    only right after it (a ``take_looked`` word: k of the N into the hand, the rest where it says)."""
    prev = earlier[-1] if earlier else None
    if prev is None or prev.kind not in ("look_at", "take_looked") or prev.arg("target"):
        return None
    r = _parse(sentence.strip(), "looked_more_effect")
    if r is None:
        return None
    if r.get("only_rest") or prev.kind == "take_looked":
        # "Then put the rest on the bottom of your library in any order." after the cards taken said nothing of
        # the rest
        if not r.get("only_rest") or prev.kind != "take_looked" or prev.arg("rest"):
            return None
        return parse_effect({"looked_rest": {"rest": r["rest"]}})
    n = prev.arg("n")
    k = n if r["k"] == "all" else r["k"]
    if n == "X":        # X cards (107.3a): "all" of them, or k of them and "the rest" (any number of cards)
        if "total" in r or r.get("others") == "other":
            return None
    elif k > n or r.get("total", n) != n or (r.get("others") == "other" and n != k + 1):
        return None     # the counts must agree with the cards looked at ("the other": one card is left)
    try:
        return parse_effect({"take_looked": {"n": n, "k": k, "quality": r["quality"], "may": r["may"],
                                             "rest": r["rest"]}})
    except DefinitionError:
        return None


def look_x_word(sentence: str, found: tuple[str, ...]) -> Effect | None:
    """"Look at the top X cards of your library." (a ``look_at`` word whose N is X, 107.3a)."""
    if found or _parse(sentence.strip(), "look_x2") is None:
        return None
    try:
        return parse_effect({"look_at": {"n": "X"}})
    except DefinitionError:
        return None


def search_more_word(sentence: str, found: tuple[str, ...]) -> Effect | None:
    """701.23: a search the library grammar does not read (see the module): a ``search`` word (found cards into
    the hand), or ``search_exile``; None otherwise."""
    r = _parse(sentence.strip(), "search_more_effect")
    if r is None:
        looked = look_x_word(sentence, found)
        if looked is not None:
            return looked
        named = _parse(sentence.strip(), "search_named2") if not found else None
        if named is None:
            return None
        try:
            return parse_effect({"search_named_zones": {k: v for k, v in named.items() if v is not False}})
        except DefinitionError:
            return None
    whose = r["whose"]
    if found != ((whose,) if whose != "you" else ()):
        return None
    steps = r["steps"]
    reveal = bool(steps) and steps[0] == "step:reveal"
    if reveal:
        steps = steps[1:]           # 701.20a: revealing the found card changes nothing but who knows it
    shuffle = bool(steps) and steps[-1] == "step:shuffle"
    if shuffle:
        steps = steps[:-1]
    if len(steps) != 1:
        return None             # found cards that go nowhere, or several places
    base = {"n": r["n"], "up_to": r["up_to"], "quality": r["quality"], "shuffle": shuffle,
            **({"with": r["with"]} if r["with"] else {}), **({"may": True} if r["may"] else {}),
            **({"reveal": True} if reveal else {})}
    try:
        if steps[0] == "step:exile":
            if whose != "you":
                base["target"] = whose[len("target "):]
            return parse_effect({"search_exile": base})
        if steps[0] != "step:hand" or whose != "you":
            return None         # onto the battlefield: the library reader's (basic lands only)
        return parse_effect({"search": {**base, "to": "hand"}})
    except DefinitionError:
        return None


def searched_more_after(sentence: str, earlier: list) -> Effect | None:
    """"Then that player shuffles their library." right after ``search_exile`` of a target player's library
    (608.2c: that player is the one whose library was searched); "You may have that player shuffle their library."
    right after looking at the top cards of a target player's library; "If you searched your library this way,
    shuffle it." right after ``search_named_zones``."""
    prev = earlier[-1] if earlier else None
    if prev is not None and prev.kind == "search_named_zones":
        # "If you searched your library this way, shuffle it." (the present tense is the library rule's)
        if _parse(sentence.strip(), "shuffle_searched_more") is None:
            return None
        return parse_effect({"shuffle": {"if_done": True}})
    if prev is not None and prev.kind in ("look_top", "look_at") and prev.arg("target"):
        # "You may have that player shuffle their library." after looking at a target player's library
        if _parse(sentence.strip(), "have_shuffle2") is None:
            return None
        return parse_effect({"searched_library_shuffles": {"it": 1, "may": True}})
    if prev is None or prev.kind != "search_exile" or not prev.arg("target") or prev.arg("shuffle"):
        return None
    try:
        phrases.parse(sentence.strip(), "that_player_shuffles")
    except DefinitionError:
        return None
    return parse_effect({"searched_library_shuffles": {"it": 1}})


#: "look at the top three cards of your library, then put one of them into your hand and the rest ..." (Court
#: Hussar): the look, then what is done with the cards, one instruction after the other (608.2c); "then put them
#: back in any order" is the look-and-put-back instruction itself.
_LOOK_THEN = patterns.compile(r"^(look at the top \w+ cards? of your library), then (put (?!them back\b).+)$", re.I)
#: "Shuffle your library, then scry 1." (Peregrination): two instructions in the order written.
_SHUFFLE_THEN = patterns.compile(r"^(shuffle your library), then (scry \d+\.?)$", re.I)


def split_then(parts: list[str]) -> list[str]:
    """The sentences, with the two instructions of "Look at the top N cards of your library, then put ..." and
    "Shuffle your library, then scry N." as two sentences (608.2c: followed in the order written)."""
    out: list[str] = []
    for s in parts:
        m = _LOOK_THEN.match(s) or _SHUFFLE_THEN.match(s)
        if m is None:
            out.append(s)
            continue
        first, second = m.group(1), m.group(2)
        out += [first[0].upper() + first[1:] + ".", second[0].upper() + second[1:]]
    return out


_SEARCH_REVEAL = patterns.compile(r"^(search your library for [^.]+ card) and reveal that card\.$", re.I)
_SHUFFLE_TOP = patterns.compile(r"^shuffle your library, then put (?:the|that) card on top of it\.?$", re.I)
#: The same with several cards: "... any number of Goblin cards and reveal those cards. Shuffle your library, then
#: put them on top of it in any order." (their order among cards nobody knows is not told: any order is the same)
_SEARCH_REVEAL_ALL = patterns.compile(r"^(search your library for [^.]+ cards) and reveal (?:those cards|them)\.$", re.I)
_SHUFFLE_TOP_ALL = patterns.compile(r"^shuffle your library, then put (?:them|those cards) on top of it in any order\.?$",
                              re.I)     # "those cards": Congregation at Dawn


def search_then_top(parts: list[str]) -> list[str]:
    """The sentences, with "Search your library for X card and reveal that card." and "Shuffle your library,
    then put the card on top of it." right after it joined into one sentence (see the module)."""
    out: list[str] = []
    for s in parts:
        m = _SEARCH_REVEAL.match(out[-1]) if out else None
        if m and _SHUFFLE_TOP.match(s):
            out[-1] = f"{m.group(1)} and reveal that card, then shuffle your library and put that card on top of it."
            continue
        m = _SEARCH_REVEAL_ALL.match(out[-1]) if out else None
        if m and _SHUFFLE_TOP_ALL.match(s):
            out[-1] = f"{m.group(1)} and reveal those cards, then shuffle your library and put them on top of it."
            continue
        out.append(s)
    return out


#: The instructions on one target whose object the next sentence may call "that artifact" / "that spell".
_NAMED_BY = ("exile", "counter_spell")


def hands_after(sentence: str, earlier: list):
    """608.2c: Splinter's "Search its controller's graveyard, hand, and library for all cards with the same name as
    that artifact and exile them." read only right after an instruction on one target ("Exile target artifact.",
    "Counter target spell."), and "Then that player shuffles their library." only right after that search."""
    prev = earlier[-1] if earlier else None
    if prev is None:
        return None
    try:
        if prev.kind in _NAMED_BY and prev.arg("target") and " target" not in f" {prev.arg('target')}":
            r = phrases.parse(sentence.strip(), "same_name_search")
            return parse_effect({"exile_same_name": {"all": r["all"], "whose": r["whose"], "it": 1}})
        if prev.kind == "exile_same_name":
            phrases.parse(sentence.strip(), "that_player_shuffles")
            return parse_effect({"searched_shuffles": {"whose": prev.arg("whose"), "it": 1}})
    except DefinitionError:
        return None
    return None


#: 702.52a: "Dredge 2" (reminder text already dropped); N a number.
_DREDGE = re.compile(r"^Dredge ([1-9][0-9]?)\.?$")
#: 402.2: "You have no maximum hand size." and "Players have no maximum hand size."
_NO_MAXIMUM = re.compile(r"^(You|Players) have no maximum hand size\.?$")


def dredge_line(body: str, printed: str) -> list[Ability] | None:
    """702.52a: "Dredge N" as its static ability, which functions only while the card is in a graveyard (113.6b),
    marked with the keyword; None for any other line."""
    m = _DREDGE.match(body.strip())
    if m is None:
        return None
    try:
        static = parse_static({"kind": "dredge", "n": int(m.group(1))})
    except DefinitionError:
        return None
    return [Ability("static", static=static, keyword=DREDGE, source_text=printed, zones=("graveyard",))]


def hand_size_static(norm: str, printed: str) -> Ability | None:
    """402.2: "You have no maximum hand size." / "Players have no maximum hand size." as the ``no_maximum_hand_size``
    static (of a permanent: it functions on the battlefield), or None."""
    m = _NO_MAXIMUM.match(norm.strip())
    if m is None:
        return None
    return Ability("static", static=parse_static({"kind": "no_maximum_hand_size", "who": m.group(1).lower()}),
                   source_text=printed)
