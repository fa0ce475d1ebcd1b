"""Words of tokens counted by X and tapped tokens. Read by the grammar's
section of that name (``phrases.lark``) through ``words.tokens.read``, performed by ``words.tokens.perform``."""
from __future__ import annotations

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.vocab.abilities import Effect, count_word
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.word import Word

ENGINE = frozenset({"engine"})


def _v_those(a: dict) -> None:
    missing = [k for k in ("again", "np", "effect") if k not in a]
    if missing:
        raise DefinitionError(f"needs {', '.join(missing)} (the word is the compiler's reading of the sentence after a "
                              "group, 608.2c)")


def _v_create(a: dict) -> dict:
    if bool(a.get("x")) == ("n" in a):
        raise DefinitionError("needs exactly one of n (a number) and x (X tokens)")
    uses_x = bool(a.get("x")) or "X/X" in a.get("token", "")
    if a.get("x_count") and not uses_x:
        raise DefinitionError("'where X is' with no X")
    return a


WORDS: tuple[Word, ...] = (
    # 111.1, 107.3a: "Create X 1/1 green Saproling creature tokens.", "Create an X/X green Ooze creature token.",
    # "Create thirteen tapped 2/2 black Zombie creature tokens." ``n`` a number of tokens or ``x`` (X of them);
    # ``token`` one token's words ("X/X" where its power and toughness are X); ``tapped``: they enter tapped;
    # ``x_count``: "..., where X is <count>" (107.3c, read as it resolves, 608.2h), else X of the spell's cast.
    Word("create_tokens_more", "effect", {"n": int, "x": bool, "token": str, "tapped": bool, "x_count": str},
         lambda a: "Create " + ("X" if a.get("x") else count_word(a.get("n", 1))) + (" tapped" if a.get("tapped") else "")
         + f" {a['token'] if a.get('n') == 1 else a['token'].replace(' token', ' tokens', 1)}"
         + (f", where X is {a['x_count']}" if a.get("x_count") else ""),
         frozenset({Scope.ENTERS}), ENGINE, validate=_v_create),
    # 608.2c: "Untap those creatures.", "They gain haste until end of turn." right after an instruction that acted
    # on the permanents a noun phrase names: ``again`` the sentence with that noun phrase written for the pronoun,
    # ``effect`` its word (read as the card is compiled), ``np`` the noun phrase.
    Word("those_group", "effect", {"again": str, "np": str, "effect": Effect},
         lambda a: f"{a['again']} (the {a['np']} of the instruction before)",
         frozenset({Scope.POWER_TOUGHNESS, Scope.COMBAT, Scope.UNTAP}), ENGINE, validate=lambda a: _v_those(a)),
    # 701.26a, 608.2c: "Tap that creature", "Tap it": the object the instruction before acted on.
    Word("tap_it", "effect", {"it": bool}, lambda a: "Tap it", frozenset(), ENGINE),
    # 701.26b, 608.2c: "Untap those creatures" after an instruction whose one use of "target" chose several:
    # each of them (``resolve.run_effects`` performs a word with ``those`` on each).
    Word("untap_those", "effect", {"those": bool}, lambda a: "Untap those creatures", frozenset({Scope.UNTAP}), ENGINE),
)
