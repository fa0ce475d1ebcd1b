"""``mtgjudge schema``: a JSON Schema (draft 2020-12) of one question document, built from the same tables
the reader uses (the kinds' keys, the state's, the actions' and the assertions'), for editors' completion
and checks. It describes shapes only: whether a name is a card, an id exists or a cost parses is for the
verifier to say (``mtgjudge ask``). tests/test_schema.py checks that every bundled question fits it."""
from __future__ import annotations

from typing import Any

from mtgjudge.model.state import STEPS
from mtgjudge.queries.format.actions import ACTION_KEYS, ALL_ASSERT_KEYS, ASSERT_ZONES
from mtgjudge.queries.format.questions import COMMON_KEYS, FORMATS
from mtgjudge.queries.format.state import (EFFECT_KEYS, OBJECT_KEYS, PLAYER_KEYS, POOL_KEYS, STACK_ABILITY_KEYS,
                                           STATE_KEYS, THIS_TURN_KEYS, LAST_TURN_KEYS, TURN_KEYS,
                                           ZONE_KEYS)
from mtgjudge.queries.kinds import KINDS

ID_PATTERN = "^[a-z0-9][a-z0-9-]*$"
RULE_PATTERN = r"^\d{3}(\.\d+[a-z]?)?$"

_STR = {"type": "string"}
_INT = {"type": "integer"}
_COUNT = {"type": "integer", "minimum": 0}
_BOOL = {"type": "boolean"}
_REF = {"type": "string", "description": "an id from the state, or a name"}
_REFS = {"oneOf": [_REF, {"type": "array", "items": _REF}]}
_MANA = {"type": "string", "description": "quoted mana like \"{G}{G}\""}
_YES_NO = {"oneOf": [_BOOL, {"enum": ["yes", "no", "true", "false", "illegal"]}]}


def _closed(props: dict[str, Any], order: tuple[str, ...], required: tuple[str, ...] = (), **extra: Any) -> dict:
    out: dict[str, Any] = {"type": "object", "properties": {k: props.get(k, {}) for k in order},
                           "additionalProperties": False}
    if required:
        out["required"] = list(required)
    out.update(extra)
    return out


def _object_entry() -> dict:
    props = {
        "card": {**_STR, "description": "the card's name (a multi-faced card: the face it shows)"},
        "id": {"type": "string", "pattern": ID_PATTERN, "description": "your handle for it, unique in the question"},
        "tapped": _BOOL, "summoning_sick": {**_BOOL, "description": "arrived this turn (CR 302.6)"},
        "owner": _STR, "token": _BOOL, "face_down": _BOOL,
        "renowned": {**_BOOL, "description": "it has become renowned (CR 702.112b)"},
        "counters": {"type": "object", "additionalProperties": _COUNT},
        "damage": _COUNT, "attached_to": _REF,
        "chosen": {"type": "object", "additionalProperties": {"type": ["string", "number"]}},
        "x": _COUNT, "activated_this_turn": {"oneOf": [{"type": "integer", "minimum": 1},
                                                       {"type": "array", "items": {"type": "integer", "minimum": 1}}]},
        "timestamp": {"type": "integer", "minimum": 1}, "targets": _REFS, "controller": _STR,
        "attacking": {**_REF, "description": "combat: the player, planeswalker or battle it attacks (CR 508.1b)"},
        "blocking": {**_REFS, "description": "combat: the attackers it blocks (CR 509.1g)"},
        "blocked": {**_BOOL, "description": "combat, an attacker: blocked (default: some creature blocks it; 509.1h)"},
        "dashed": {**_BOOL, "description": "a spell or permanent with dash: cast for its dash cost (CR 702.109a); "
                                           "on the battlefield only false"},
        "colors_spent": {"type": "integer", "minimum": 0, "maximum": 5,
                         "description": "a spell on the stack: how many colors of mana were spent to cast it "
                                        "(sunburst, converge: CR 702.44a)"},
        "bestowed": {**_BOOL, "description": "a spell with bestow on the stack: cast bestowed, an Aura spell (CR "
                                             "702.103b)"},
        "upkeeps_controlled": {**_COUNT, "description": "how many of its controller's upkeeps have begun since it "
                                                        "came under their control (echo, CR 702.30a)"},
        "encoded_on": {**_REF, "description": "a card with cipher in exile: the permanent it is encoded on (CR "
                                              "702.99b-c)"},
    }
    return {"oneOf": [{**_STR, "description": "a card's name"}, _closed(props, OBJECT_KEYS, ("card",))]}


def _zone(library: bool = False) -> dict:
    entries = {"type": ["array", "null"], "items": {"$ref": "#/$defs/object"}}
    return {"oneOf": [entries, {**_COUNT, "description": "N cards nobody knows"}]} if library else entries


def _state() -> dict:
    pool_item = {"oneOf": [_MANA, _closed({"mana": _MANA, "source": _REF}, POOL_KEYS, ("mana",))]}
    player = _closed({"life": _INT, "lands_played": _COUNT, "poison": _COUNT,
                      "mana_pool": {"oneOf": [_MANA, {"type": "array", "items": pool_item}]},
                      **{z: _zone(z == "library") for z in ZONE_KEYS}}, PLAYER_KEYS)
    player = {"oneOf": [player, {"type": "null"}]}
    turn = _closed({"active": _STR, "number": {"type": "integer", "minimum": 1}, "step": {"enum": list(STEPS)}},
                   TURN_KEYS)
    stack_ability = _closed({"ability": _REF, "index": {"type": "integer", "minimum": 1}, "controller": _STR,
                             "targets": _REFS}, STACK_ABILITY_KEYS, ("ability",))
    effect = _closed({"from": _STR, "controller": _STR, "began_turn": {"type": "integer", "minimum": 1},
                      "objects": _REFS, "ability": {"type": "integer", "minimum": 1},
                      "chosen": {"type": "object"}, "x": _COUNT}, EFFECT_KEYS, ("from",))
    players = {"type": "array", "items": _STR}
    this_turn = _closed({"spells_cast": {"type": "object", "additionalProperties": _COUNT},
                         "damaged": {**players, "description": "the players dealt damage this turn"},
                         "died": {**_COUNT, "description": "how many creatures died this turn (CR 700.4)"},
                         "left": {**players, "description": "the players a permanent they controlled left the "
                                                             "battlefield this turn"},
                         "attacked_with": {**players, "description": "the active player, if they attacked with a "
                                                                     "creature this turn (CR 508.6)"},
                         "attacked": {**players, "description": "the players attacked this step (CR 508.6)"},
                         "dealt_damage": {"type": "object", "additionalProperties": {"type": "array", "items": _STR},
                                          "description": "the permanents dealt damage this turn, each with the "
                                                         "sources that dealt it"}},
                        THIS_TURN_KEYS)
    last_turn = _closed({"spells_cast": {"type": "object", "additionalProperties": _COUNT,
                                         "description": "how many spells each player cast last turn"}},
                        LAST_TURN_KEYS)
    return _closed({"turn": turn, "this_turn": {"oneOf": [this_turn, {"type": "null"}],
                                                "description": "what happened this turn before the question; "
                                                               "absent: not known"},
                    "last_turn": {"oneOf": [last_turn, {"type": "null"}],
                                  "description": "how many spells each player cast the turn before this one; "
                                                 "absent: not known"},
                    "stack": {"type": ["array", "null"], "items": {"oneOf": [stack_ability, {"$ref": "#/$defs/object"}]},
                              "description": "top first"},
                    "effects": {"type": ["array", "null"], "items": effect},
                    "players": {"type": "object", "minProperties": 1, "additionalProperties": player,
                                "description": "each player's name and zones, in turn order"}},
                   STATE_KEYS, ("players",))


def _action() -> dict:
    values = {"cast": _REF, "play": _REF, "activate": _REF, "destroy": _REF, "exile": _REF, "sacrifice": _REF,
              "bounce": _REF, "transform": _REF, "concede": _STR,
              "resolve": {"oneOf": [{"type": "integer", "minimum": 1}, {"const": "all"}]},
              "advance": {"enum": list(STEPS) + ["next-turn"]},
              "damage": {"type": "object", "additionalProperties": {"type": "object", "additionalProperties": _COUNT},
                         "description": "combat: how each creature divides its combat damage (CR 510.1c-d)"},
              "attack": {"type": ["object", "null"], "additionalProperties": _STR,
                         "description": "declare attackers: attacker -> the player, planeswalker or battle it attacks (CR 508.1)"},
              "block": {"type": ["object", "null"], "additionalProperties": _REFS,
                        "description": "declare blockers: blocker -> the attacker(s) it blocks (CR 509.1)"}}
    keys = {"by": _STR, "targets": _REFS, "x": _COUNT, "choices": {"type": "object"}, "paying": _REFS,
            "ability": {"oneOf": [{"type": "integer", "minimum": 1}, _STR]},
            "alternative": {"oneOf": [{"type": "boolean"}, {"type": "integer", "minimum": 1}]},
            "buyback": _BOOL, "entwined": _BOOL, "spliced": _REFS, "fused": _BOOL, "replicated": _COUNT,
            "conspired": {"oneOf": [{"const": False}, _REFS]}}
    return {"oneOf": [_closed({action: values[action], **keys}, (action,) + extra, (action,))
                      for action, extra in ACTION_KEYS.items()]}


def _assertion() -> dict:
    props = {"object": _REF, "zone": {"enum": list(ASSERT_ZONES)}, "controller": _STR, "tapped": _BOOL,
             "counters": {"type": "object", "additionalProperties": _COUNT}, "attached_to": {"type": ["string", "null"]},
             "encoded_on": {"type": ["string", "null"]}, "power": _INT, "toughness": _INT, "damage": _COUNT, "keywords": {"type": "array", "items": _STR},
             "attacking": _BOOL, "blocked": _BOOL, "count": _COUNT, "name": _STR, "player": _STR,
             "life": _INT, "hand_size": _COUNT, "library_size": _COUNT, "graveyard_size": _COUNT,
             "stack_size": _COUNT, "prevention": _COUNT, "poison": _COUNT, "lost": _BOOL}
    return _closed(props, ALL_ASSERT_KEYS, minProperties=1)


#: ``expect`` of each kind (the verifier reads more forms; these are the ones the format documents).
_EXPECT: dict[str, dict] = {
    "could-produce": {"type": "array", "items": {"enum": list("WUBRGC")}, "uniqueItems": True},
    "can-activate": _YES_NO, "can-play": _YES_NO, "can-pay": _YES_NO,
    "mana-options": {"oneOf": [{"type": "array", "items": {"type": "string", "description":
                               "quoted mana like \"{G}{G}\", or a term like \"{C}{C} + 9 of [WUBRG]\""}},
                               {"const": "unbounded"}]},
    "outcome": {"oneOf": [{"type": "array", "items": {"$ref": "#/$defs/assertion"}}, {"const": "illegal"}]},
}

_KEY_SCHEMAS: dict[str, dict] = {
    "about": {**_REF, "description": "what the question is about: an id from the state, or a name"},
    "ability": {"oneOf": [{"type": "integer", "minimum": 1}, _STR],
                "description": "which activated ability: 1-based, or a piece of its text"},
    "by": {**_STR, "description": "the player"}, "x": {**_COUNT, "description": "the X"},
    "cost": {**_MANA, "description": "a quoted mana cost like \"{2}{W}\""},
    "possible": {"type": "array", "items": {"$ref": "#/$defs/assertion"}},
    "possible_together": {"type": "array", "items": {"type": "array", "minItems": 1,
                                                     "items": {"$ref": "#/$defs/assertion"}},
                          "description": "lists of assertions, each to hold whole in one final state"},
}


def question_schema() -> dict:
    """The JSON Schema of one question document."""
    kind_keys = tuple(dict.fromkeys(k for kind in KINDS.values() for k in kind.key_names))
    rules = {"oneOf": [{"type": "string", "pattern": RULE_PATTERN},
                       {"type": "array", "items": {"type": "string", "pattern": RULE_PATTERN}}],
             "description": "quoted rule numbers like \"302.6\""}
    props: dict[str, Any] = {
        "id": {"type": "string", "pattern": ID_PATTERN, "description": "unique: lower-case letters, digits and '-'"},
        "ask": {"enum": list(KINDS), "description": "the kind of question"},
        "format": {"enum": list(FORMATS), "description": "the version of the question format"},
        "state": {"$ref": "#/$defs/state"},
        "actions": {"type": "array", "items": {"$ref": "#/$defs/action"}},
        "expect": {"description": "the expected answer (its form depends on ask)"},
        "because": rules, "rules": rules, "source": _STR, "note": _STR,
        **{k: _KEY_SCHEMAS.get(k, {}) for k in kind_keys},
    }
    per_kind = []
    for kind in KINDS.values():
        others = [k for k in kind_keys if k not in kind.key_names]
        then: dict[str, Any] = {"properties": {"expect": {"anyOf": [_EXPECT.get(kind.name, {}), {"const": "illegal"}]},
                                               **{k: False for k in others}}}
        required = [k for k in kind.required if k != "actions"] + (["actions"] if "actions" in kind.required else [])
        if required:
            then["required"] = required
        per_kind.append({"if": {"properties": {"ask": {"const": kind.name}}, "required": ["ask"]}, "then": then})
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "mtgjudge question",
        "description": "One question for mtgjudge (one YAML document; a file may hold several, separated by ---). "
                       "See `mtgjudge format`.",
        **_closed(props, COMMON_KEYS[:2] + ("format",) + tuple(k for k in COMMON_KEYS[2:] if k != "format") + kind_keys,
                  ("id", "ask", "state")),
        "allOf": per_kind,
        "$defs": {"state": _state(), "object": _object_entry(), "action": _action(), "assertion": _assertion()},
    }
