"""Searching, looking at and revealing libraries beyond the e-library readers (issue 9 round 4, helper
library2), read by the phrase grammar (section "library2" of ``vocab/phrases.lark``: start symbols
``looked2_effect`` and ``search2_effect``) into the words of ``vocab.words_library`` and
``vocab.words_library2``.

- After "Look at / Reveal the top N cards of your library." (608.2c: "them" are those cards): what is put into
  the hand and where the rest go ("the other on the bottom", "the rest on top in any order", "one on top of your
  library, and one on the bottom"), a choice of cards of a quality ("You may reveal a creature card and/or a land
  card from among them and put the revealed cards into your hand.", "any number of", "up to two"), and "Put all
  creature and land cards revealed this way into your hand and the rest on the bottom ..." (``take_looked``).
- A search (701.23) whose quality or qualifier the e-library grammar does not read ("a multicolored card", "a
  card with converted mana cost less than or equal to the number of lands you control", "with different
  names"): the same ``search`` word; a search whose found cards are exiled, of your library or of a target
  player's ("Search target player's library for up to seven cards and exile them."): ``search_exile``, and
  "Then that player shuffles their library." right after it (``searched_library_shuffles``); a search of your
  library and/or graveyard for a card with a name ("... for a card named Chandra, Bold Pyromancer, reveal it, and
  put it into your hand.", ``search_named_zones``), then "If you searched your library this way, shuffle it."

Qualities and qualifiers are labels of cards nobody knows here: the engine never decides with them which card
is found (see ``engine.library``), only names the unknown card by them.
"""
from __future__ import annotations

import re

from lark import Token, v_args

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.vocab import phrases
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.vocab.parse import parse_effect


@v_args(inline=True)
class _Library2(phrases._Meaning):
    """The meaning of the grammar's section "library2" (the e-library rules it reuses keep their meaning)."""

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
    def l2_r_bottom(self, *_): return "bottom"
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
    def shuffle_searched2(self, *_): return {}
    def look_x2(self, *_): return {"n": "X"}
    def have_shuffle2(self, *_): return {}

    # ---- a search
    def l2_c_up_to_x(self, *_): return ("X", True)
    def l2_c_x(self, *_): return ("X", False)
    def l2_step(self, step): return step
    def l2_st_exile(self, *_): return "step:exile"

    def search2_effect(self, *parts):
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


_MEANING = _Library2()


def _parse(text: str, start: str):
    try:
        tree = phrases.parser().parse(phrases._ADJECTIVES.sub(r"\1 ", text), start=start)
    except Exception:       # LarkError: not in the vocabulary
        return None
    try:
        return _MEANING.transform(tree)
    except Exception as e:      # VisitError wrapping a DefinitionError: read, but not meaningful
        if isinstance(getattr(e, "orig_exc", None), DefinitionError):
            return None
        raise


def looked2_after(sentence: str, earlier: list) -> Effect | None:
    """608.2c: what is done with the cards "Look at / Reveal the top N cards of your library." looked at, read
    only right after it (a ``take_looked`` word: k of the N into the hand, the rest where it says)."""
    prev = earlier[-1] if earlier else None
    if prev is None or prev.kind not in ("look_at", "take_looked") or prev.arg("target"):
        return None
    r = _parse(sentence.strip(), "looked2_effect")
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


def search2_word(sentence: str, found: tuple[str, ...]) -> Effect | None:
    """701.23: a search the e-library grammar does not read (see the module): a ``search`` word (found cards into
    the hand), or ``search_exile``; None otherwise."""
    r = _parse(sentence.strip(), "search2_effect")
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
    if steps and steps[0] == "step:reveal":
        steps = steps[1:]           # 701.20a: revealing the found card changes nothing but who knows it
    shuffle = bool(steps) and steps[-1] == "step:shuffle"
    if shuffle:
        steps = steps[:-1]
    if len(steps) != 1:
        return None             # found cards that go nowhere, or several places
    base = {"n": r["n"], "up_to": r["up_to"], "quality": r["quality"], "shuffle": shuffle,
            **({"with": r["with"]} if r["with"] else {}), **({"may": True} if r["may"] else {})}
    try:
        if steps[0] == "step:exile":
            if whose != "you":
                base["target"] = whose[len("target "):]
            return parse_effect({"search_exile": base})
        if steps[0] != "step:hand" or whose != "you":
            return None         # onto the battlefield: the e-library reader's (basic lands only)
        return parse_effect({"search": {**base, "to": "hand"}})
    except DefinitionError:
        return None


def searched2_after(sentence: str, earlier: list) -> Effect | None:
    """"Then that player shuffles their library." right after ``search_exile`` of a target player's library
    (608.2c: that player is the one whose library was searched); "You may have that player shuffle their library."
    right after looking at the top cards of a target player's library; "If you searched your library this way,
    shuffle it." right after ``search_named_zones``."""
    prev = earlier[-1] if earlier else None
    if prev is not None and prev.kind == "search_named_zones":
        # "If you searched your library this way, shuffle it." (the present tense is the e-library rule's)
        if _parse(sentence.strip(), "shuffle_searched2") is None:
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
#: back in any order" is the look-and-put-back instruction itself (e-library).
_LOOK_THEN = re.compile(r"^(look at the top \w+ cards? of your library), then (put (?!them back\b).+)$", re.I)
#: "Shuffle your library, then scry 1." (Peregrination): two instructions in the order written.
_SHUFFLE_THEN = re.compile(r"^(shuffle your library), then (scry \d+\.?)$", re.I)


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
