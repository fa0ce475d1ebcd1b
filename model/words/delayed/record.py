"""Words of delayed triggered abilities (603.7) and of what a player can't do this turn (101.2, 611.2a).
Read from Oracle text by ``words.delayed.read``; performed by ``words.delayed.perform``.

``delayed``: a resolving spell or ability creates a delayed triggered ability that triggers once, at ``at``
(``WHEN``), and then does ``effect`` (a word of the encoding with no target and no "it": "draw a card") or
``act`` ("exile", "sacrifice", "controller_sacrifices", "return_to_battlefield", "bounce") to what the instruction
before it named (603.7c):
``it`` (the object it acted on, 608.2c) or ``made`` (the tokens it created).

("It doesn't untap during its controller's next untap step", ``skip_untap``, is tapping's: ``words.tapping``.)
"""
from __future__ import annotations

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.word import Word

ENGINE = frozenset({"engine"})
#: When a delayed trigger triggers, and how its text says it.
WHEN = {"next_turn_upkeep": "at the beginning of the next turn's upkeep",
        "next_upkeep": "at the beginning of the next upkeep",
        "your_next_upkeep": "at the beginning of your next upkeep",
        "next_end_step": "at the beginning of the next end step",
        "your_next_end_step": "at the beginning of your next end step",
        "next_cleanup_step": "at the beginning of the next cleanup step"}
#: What it may do to the objects it refers to.
ACTS = {"exile": "Exile", "sacrifice": "Sacrifice", "return_to_battlefield": "Return",
        # whoever controls it then (a flash permission's rider, 702.8a: "the controller of the permanent it
        # becomes sacrifices it"), where "sacrifice" is the trigger's controller's, who must control it (701.21a)
        "controller_sacrifices": "Its controller sacrifices",
        "bounce": "Return",           # to its owner's hand: dash's (702.109a), made by the engine
        "draw_up_to": "Its controller may draw up to",    # the controller of "it" then (608.2h) chooses 0..n
        "cast": "You may cast"}       # rebound (702.88a): made by the engine, not read from a sentence


def _v_delayed(a: dict) -> None:
    if a.get("at") not in WHEN:
        raise DefinitionError(f"at must be one of {', '.join(WHEN)}")
    if sum(1 for k in ("effect", "act", "unread") if k in a) != 1:
        raise DefinitionError("needs exactly one of effect, act, unread")
    if "unread" in a:
        if not isinstance(a["unread"], str) or not a["unread"] or a.get("it") or a.get("made") or a.get("those"):
            raise DefinitionError("unread is the instruction's text, referring to nothing the word names")
    elif "effect" in a:
        e = a["effect"]
        if not isinstance(e, Effect) or e.arg("it") or e.arg("target") or e.arg("target2") or e.kind == "delayed":
            raise DefinitionError("effect must be a word with no target and no 'it'")
        if a.get("it") or a.get("made") or a.get("those"):
            raise DefinitionError("an effect refers to nothing")
    else:
        if a["act"] not in ACTS:
            raise DefinitionError(f"act must be one of {', '.join(ACTS)}")
        if (a["act"] == "draw_up_to") != bool(a.get("n")):
            raise DefinitionError("n goes with draw_up_to, and only with it")
        if a.get("counter") and a["act"] != "return_to_battlefield":
            raise DefinitionError("a counter only on a card returned to the battlefield")
        if sum(1 for k in ("it", "made", "those") if a.get(k)) != 1:
            raise DefinitionError("an act refers to exactly one of it, made, those")


def _r_delayed(a: dict) -> str:
    if "unread" in a:
        inner = a["unread"]
    elif "effect" in a:
        inner = a["effect"].text()
    else:
        what = "them" if a.get("made") or a.get("those") else "it"
        if a["act"] == "draw_up_to":
            what = f"{a.get('n', 0)} cards"
        inner = f"{ACTS[a['act']]} {what}" + {"return_to_battlefield": " to the battlefield under its owner's control",
                                               "bounce": " to its owner's hand",
                                               "cast": " from exile without paying its mana cost"}.get(a["act"], "")
        if a.get("counter"):
            inner += f" with a {a['counter']} counter on it"
    if "unread" in a:       # written first: "At the beginning of your next upkeep, pay {3}{U}{U}. If you don't, ..."
        return f"{WHEN[a['at']][0].upper()}{WHEN[a['at']][1:]}, {inner[0].lower()}{inner[1:]}"
    return f"{inner[0].upper()}{inner[1:]} {WHEN[a['at']]}"


#: What a player can't do this turn (``player_cant``).
CANT = {"play_lands": "play lands", "cast_spells": "cast spells", "cast_creature_spells": "cast creature spells"}


def _v_cant(a: dict) -> None:
    if a.get("what") not in CANT:
        raise DefinitionError(f"what must be one of {', '.join(CANT)}")
    if bool(a.get("target")) == bool(a.get("opponents")):
        raise DefinitionError("needs exactly one of target, opponents")


def _r_cant(a: dict) -> str:
    who = f"Target {a['target']}" if a.get("target") else "Your opponents"
    return f"{who} can't {CANT[a['what']]} this turn"


WORDS = (
    # 101.2, 611.2a: a player (a target player or opponent, or each opponent) can't do this this turn
    Word("player_cant", "effect", {"target": str, "opponents": bool, "what": str}, _r_cant,
         frozenset({Scope.CASTING, Scope.LAND_PLAYS}), ENGINE, _v_cant),
    # 603.7: a delayed triggered ability created as the spell or ability resolves
    Word("delayed", "effect", {"at": str, "effect": object, "act": str, "it": bool, "made": bool,
                              "counter": str, "n": int, "those": bool, "unread": str},
         _r_delayed, frozenset({Scope.UPKEEP, Scope.RESOLUTION}), ENGINE, _v_delayed),
)
