"""Words of tokens (111): creating tokens an effect describes (111.1, 111.3), N of them or X (107.3a), tapped
(110.5b) or predefined by name (111.10), one for each counter (608.2h), created by a target player (111.2), and
investigating (701.16a: a Clue, 111.10f). Read by ``words.tokens.read`` (and the grammar's sections
``tokens_create`` and ``perm_effect``, ``phrases.lark``), performed by ``words.tokens.perform``; the token the
words describe is built by ``words.tokens.describe``. Also here for now: "those creatures" after a group
(608.2c), read with the tokens' sentences (its tap and untap words are ``words.tapping``'s)."""
from __future__ import annotations

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.rules import counts          # the one count concept: "where X is ...", read as compiled
from mtgjudge.model.vocab.abilities import Effect, count_word
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.word import Word

ENGINE = frozenset({"engine"})


def _v_those(a: dict) -> None:
    missing = [k for k in ("again", "np", "effect") if k not in a]
    if missing:
        raise DefinitionError(f"needs {', '.join(missing)} (the word is the compiler's reading of the sentence after a "
                              "group, 608.2c)")


def _v_n(a: dict) -> None:
    if "n" in a and a["n"] < 1:
        raise DefinitionError(f"n must be 1 or more, not {a['n']}")


def _tokens(token: str, n: int) -> str:
    """"1/1 white Soldier creature token with flying" for n of them: "tokens with flying"."""
    if n <= 1:
        return token
    head, sep, rest = token.partition(" token")
    return f"{head} tokens{rest}" if sep else token + "s"


def _v_create(a: dict) -> dict:
    """``n`` (1 if not given) or ``x``, not both; "where X is" only with an X; a predefined token's words are its."""
    _v_n(a)
    _v_predefined(a)
    if a.get("x") and "n" in a:
        raise DefinitionError("needs one of n (a number) and x (X tokens), not both")
    uses_x = bool(a.get("x")) or "X/X" in a.get("token", "")
    if a.get("x_count") and not uses_x:
        raise DefinitionError("'where X is' with no X")
    return counts.compiled(a, a.get("x_count") or "")


#: 111.10: the predefined tokens an effect may create by name, each as the words that describe it (111.3; "~" is
#: the token itself), with its rule. Not here, so that a line creating one stays unmodelled: Powerstone (111.10h: its
#: restriction on spending is not read from a token's words), Incubator (111.10i: double-faced) and the Roles
#: (Auras, 111.10j-r).
PREDEFINED: dict[str, tuple[str, str]] = {
    "Treasure": ("111.10a", 'colorless Treasure artifact token with "{T}, Sacrifice ~: Add one mana of any color."'),
    "Food": ("111.10b", 'colorless Food artifact token with "{2}, {T}, Sacrifice ~: You gain 3 life."'),
    "Gold": ("111.10c", 'colorless Gold artifact token with "Sacrifice ~: Add one mana of any color."'),
    "Walker": ("111.10d", "2/2 black Zombie creature token named Walker"),
    "Shard": ("111.10e", 'colorless Shard enchantment token with "{2}, Sacrifice ~: Scry 1, then draw a card."'),
    "Clue": ("111.10f", 'colorless Clue artifact token with "{2}, Sacrifice ~: Draw a card."'),
    "Blood": ("111.10g", 'colorless Blood artifact token with "{1}, {T}, Discard a card, Sacrifice ~: Draw a card."'),
    "Map": ("111.10s", 'colorless Map artifact token with "{1}, {T}, Sacrifice ~: Target creature you control explores. '
                       'Activate only as a sorcery."'),
    "Junk": ("111.10t", 'colorless Junk artifact token with "{T}, Sacrifice ~: Exile the top card of your library. You '
                        'may play that card this turn. Activate only as a sorcery."'),
    "Lander": ("111.10u", 'colorless Lander artifact token with "{2}, {T}, Sacrifice ~: Search your library for a basic '
                          'land card, put it onto the battlefield tapped, then shuffle."'),
    "Mutagen": ("111.10v", 'colorless Mutagen artifact token with "{1}, {T}, Sacrifice ~: Put a +1/+1 counter on target '
                           'creature. Activate only as a sorcery."'),
}


def _r_create(a: dict) -> str:
    n = a.get("n", 1)
    if a.get("predefined"):      # "Create a Treasure token", "Create two tapped Food tokens" (111.10)
        return (f"Create {count_word(n)}" + (" tapped" if a.get("tapped") else "")
                + f" {a['predefined']} token{'s' if n != 1 else ''}")
    return ("Create " + ("X" if a.get("x") else count_word(n)) + (" tapped" if a.get("tapped") else "")
            + f" {_tokens(a['token'], 2 if a.get('x') else n)}"
            + (f", where X is {a['x_count']}" if a.get("x_count") else ""))


def _v_predefined(a: dict) -> None:
    if a.get("predefined"):
        if a["predefined"] not in PREDEFINED or a.get("token") != PREDEFINED[a["predefined"]][1]:
            raise DefinitionError(f"'{a['predefined']}' is not a predefined token with those words (111.10)")
        if a.get("x") or a.get("x_count"):
            raise DefinitionError("a predefined token's count is a number here")


WORDS: tuple[Word, ...] = (
    # 111.1: "Create two 1/1 white Soldier creature tokens": ``token`` one token's description (111.3), ``n`` how
    # many (1 if not given) or ``x``: X of them (107.3a; "Create X 1/1 green Saproling creature tokens."); "X/X" in
    # ``token`` where its power and toughness are X ("Create an X/X green Ooze creature token."); ``x_count``:
    # "..., where X is <count>" (107.3c, counted as it resolves, 608.2h), else X is the spell's as it was cast;
    # ``tapped``: they enter tapped (110.5b: "Create thirteen tapped 2/2 black Zombie creature tokens.");
    # ``predefined``: the token is one of 111.10's, by name ("Create a Treasure token"), ``token`` its words.
    Word("create_tokens", "effect", {"n": int, "x": bool, "token": str, "tapped": bool, "x_count": str,
                                     "predefined": str, counts.ARG: tuple},
         _r_create, frozenset({Scope.ENTERS}), ENGINE, validate=_v_create),
    # 111.1, 608.2h: "Create a 1/1 colorless Thopter artifact creature token with flying for each +1/+1 counter
    # on this": ``token`` the token's description, ``counter`` the kind counted on the source as it last existed.
    Word("create_token_per_counter", "effect", {"token": str, "counter": str},
         lambda a: f"Create a {a['token']} for each {a['counter']} counter on this", frozenset({Scope.ENTERS}), ENGINE),
    # 111.2: "Target opponent creates three 2/2 white Knight creature tokens with first strike": that player's.
    Word("player_creates_tokens", "effect", {"target": str, "n": int, "token": str},
         lambda a: f"Target {a['target']} creates {count_word(a['n'])} "
                   f"{a['token'] if a['n'] == 1 else a['token'].replace(' token', ' tokens', 1)}", frozenset(), ENGINE),
    # 701.16a: "Investigate": create a Clue token (111.10f).
    Word("investigate", "effect", {}, lambda a: "Investigate", frozenset({Scope.ENTERS}), ENGINE),
    # 608.2c: "Untap those creatures.", "They gain haste until end of turn." right after an instruction that acted
    # on the permanents a noun phrase names: ``again`` the sentence with that noun phrase written for the pronoun,
    # ``effect`` its word (read as the card is compiled), ``np`` the noun phrase.
    Word("those_group", "effect", {"again": str, "np": str, "effect": Effect},
         lambda a: f"{a['again']} (the {a['np']} of the instruction before)",
         frozenset({Scope.POWER_TOUGHNESS, Scope.COMBAT, Scope.UNTAP}), ENGINE, validate=lambda a: _v_those(a)),
)
