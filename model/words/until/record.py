"""The word of continuous effects that last until end of turn (611.2a): what one sentence of a resolving spell
or ability does to its subject until the cleanup step (514.2). Read from Oracle text by ``words.until.read``;
performed by ``words.until.perform``; applied in the layers by ``rules.layers`` (613.1f, 613.4c-d)."""
from __future__ import annotations

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.rules import counts          # the one count concept: "for each ...", read as compiled
from mtgjudge.model.mana import COLOR_NAMES
from mtgjudge.model.selectors import SELECTS
from mtgjudge.model.vocab.abilities import KEYWORDS
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.word import Word

ENGINE = frozenset({"engine"})
#: Who the effect applies to: exactly one of these arguments.
SUBJECTS = ("target", "affects", "it", "self", "those")
#: What it does: at least one of these.
CHANGES = ("power", "keywords", "switch", "cant_block", "cant_be_blocked", "must_attack", "must_be_blocked", "control",
           "x_power", "x_toughness", "must_be_blocked_if_able", "cant_attack", "must_block",
           "colors",           # "becomes black": 613.1e, layer 5
           "loses")            # "loses flying": 613.1f, layer 6


def _v_until(a: dict) -> dict:
    subjects = [k for k in SUBJECTS if a.get(k)]
    if len(subjects) != 1:
        raise DefinitionError(f"needs exactly one of {', '.join(SUBJECTS)}")
    if ("power" in a) != ("toughness" in a):
        raise DefinitionError("power and toughness go together")
    if (a.get("per") or a.get("per_basic_land_type")) and (a.get("x_power") or a.get("x_toughness")):
        raise DefinitionError("X and 'for each' together")
    if a.get("control") and not (a.get("target") or a.get("it") or a.get("those")):
        raise DefinitionError("control changes only of a target (or 'it')")
    if not any(a.get(k) for k in CHANGES) and not a.get("toughness"):
        raise DefinitionError(f"changes nothing: needs one of {', '.join(CHANGES)}")
    kws = a.get("keywords", ())
    if isinstance(kws, list):
        kws = tuple(kws)
    for k in kws:
        if str(k).capitalize() not in KEYWORDS:
            raise DefinitionError(f"{k!r} is not a keyword the verifier knows")
    if "keywords" in a:
        a = {**a, "keywords": tuple(str(k).capitalize() for k in kws)}
    for k in a.get("loses", ()):      # a keyword the verifier knows, removed in layer 6
        if str(k).capitalize() not in KEYWORDS:
            raise DefinitionError(f"{k!r} is not a keyword the verifier knows")
    if "loses" in a:
        a = {**a, "loses": tuple(str(k).capitalize() for k in a["loses"])}
    # "for each creature blocking it" of "~ gets ...": "it" is the source (``read``)
    return counts.compiled(a, a.get("per") or "", a.get("x_count") or "", it_is_source=bool(a.get("self")))


def _subject(a: dict) -> str:
    if a.get("target"):
        if "target" in a["target"]:     # a counted phrase kept whole ("up to two target creatures")
            return a["target"][0].upper() + a["target"][1:]
        return a["target"] if a["target"] == "any target" else f"Target {a['target']}"
    if a.get("those"):
        return "Those creatures"
    if a.get("affects"):
        return a["affects"][0].upper() + a["affects"][1:]
    return "It" if a.get("it") else "This"


def _pt(n: int, x: int, other: int = 0) -> str:
    return ("+X" if x > 0 else "-X") if x else (f"{n:+d}" if n or other >= 0 else "-0")


#: The combat restrictions and requirements an until-end-of-turn effect records (508.1c-d, 509.1b-c), as written.
_COMBAT_RULES = {"cant_block": "can't block", "cant_be_blocked": "can't be blocked", "must_attack": "attacks if able",
                 "must_be_blocked": "must be blocked by all creatures able to block it",
                 "must_be_blocked_if_able": "must be blocked if able", "cant_attack": "can't attack",
                 "must_block": "blocks if able"}


def _render(a: dict) -> str:
    subject = _subject(a)
    plural = bool(a.get("affects") or a.get("those") or "target" in a.get("target", "")) and \
        not a.get("affects", "").startswith("each ")
    if a.get("control"):
        return f"Gain control of {subject[0].lower() + subject[1:]} until end of turn"
    if a.get("switch"):
        whose = subject[0].lower() + subject[1:]
        return f"Switch {whose}'s power and toughness until end of turn"
    verbs = []
    if a.get("colors"):     # 613.1e
        verbs.append(f"{'become' if plural else 'becomes'} " + " and ".join(COLOR_NAMES[c] for c in a["colors"]))
    if "power" in a:
        pt = [_pt(a["power"], a.get("x_power", 0), a.get("x_toughness") or a["toughness"]),
              _pt(a["toughness"], a.get("x_toughness", 0), a.get("x_power") or a["power"])]
        verbs.append(f"{'get' if plural else 'gets'} {pt[0]}/{pt[1]}")
    if a.get("loses"):      # 613.1f
        verbs.append(f"{'lose' if plural else 'loses'} " + " and ".join(k.lower() for k in a["loses"]))
    if a.get("keywords"):
        verbs.append(f"{'gain' if plural else 'gains'} " + " and ".join(k.lower() for k in a["keywords"]))
    combat = [words for flag, words in _COMBAT_RULES.items() if a.get(flag)]
    per = f" for each {a['per']}" if a.get("per") else (
        " for each basic land type among lands you control" if a.get("per_basic_land_type") else "")
    where = f", where X is {a['x_count']}" if a.get("x_count") else (
        f", where X is its {a['x_stat']}" if a.get("x_stat") else "")
    # 514.2: "until end of turn" and "this turn" end together; Oracle says a combat rule lasts "this turn"
    until = "until end of combat" if a.get("until") == "end_of_combat" else "until end of turn"     # 511.2
    said = [f"{' and '.join(verbs)} {until}{per}"] if verbs else []
    if a.get("cant_block") and a.get("cant_attack"):
        combat = ["can't attack or block"] + [c for c in combat if c not in ("can't block", "can't attack")]
    if combat:
        said.append(" and ".join(c.replace(" if able", "") + " this turn" + (" if able" if c.endswith(" if able") else "")
                                 for c in combat))
    return f"{subject} {' and '.join(said)}{where}"


WORDS = (
    # 611.2a, 514.2: one sentence's effect until end of turn on its subject (``target`` a target phrase,
    # ``affects`` a noun phrase of permanents fixed as it resolves (611.2c), ``it`` the previous instruction's
    # target (608.2c), ``self`` the source): +power/+toughness (613.4c), ``keywords`` gained (613.1f),
    # ``switch`` power and toughness (613.4d), ``cant_block`` / ``cant_be_blocked`` / ``must_attack`` ("attacks this
    # turn if able") / ``must_be_blocked`` ("all creatures able to block it do so"): restrictions and requirements
    # of combat (508.1c-d, 509.1b-c),
    # ``control``: the spell's or ability's controller gains control of it (613.1b); ``x_power`` /
    # ``x_toughness``: X (chosen as the spell was cast, 107.3a) times this is added to ``power`` / ``toughness``;
    # ``per`` (a noun phrase of permanents) / ``per_basic_land_type``: +N/+N for each, counted as it resolves
    # (608.2h); ``x_count``: "..., where X is the number of ..." (107.3e), a count of ``rules.counts``;
    # ``until``: "end_of_combat" for "until end of combat" (511.2, ``rules.durations``).
    Word("until_end_of_turn", "effect",
         {SELECTS: tuple, "target": str, "affects": str, "it": bool, "self": bool, "power": int, "toughness": int, "keywords": object,
          "switch": bool, "cant_block": bool, "cant_be_blocked": bool, "control": bool, "x_power": int,
          "x_toughness": int, "per": str, "per_basic_land_type": bool, "x_count": str, "must_attack": bool, "must_be_blocked": bool,
          "those": bool, "must_be_blocked_if_able": bool, "cant_attack": bool, "must_block": bool, "colors": str,
          "loses": object, "x_stat": str, "until": str, counts.ARG: tuple},
         _render, frozenset({Scope.POWER_TOUGHNESS, Scope.COMBAT}), ENGINE, _v_until),
    # 701.26b, 608.2c: "Untap that creature", "Untap it": the object the instruction before acted on.
    Word("untap_it", "effect", {"it": bool}, lambda a: "Untap it", frozenset({Scope.UNTAP}), ENGINE),
)
