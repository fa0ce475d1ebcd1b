"""Words of choices and conditional countering: countering with a condition and choices made as a spell
resolves. Read by ``words.choices.read``, performed by ``words.choices.perform``.

- ``target_if``: "Counter target spell if it's blue.", "Destroy target permanent if it's blue." (``verb``:
  counter, 701.6a, or destroy, 701.8a; 608.2c: the condition is checked as the spell resolves, the target may be
  any the phrase names). ``cond``: ``quality`` (``what``: a quality of the
  spell, "blue"), ``poisoned`` ("if its controller is poisoned", 122.1f), ``shares_color`` ("if it shares a
  color with a creature you control", ``what``: the noun phrase, 105.2) or ``more_creatures`` ("if you control
  more creatures than that spell's controller"; a spell's condition).
- ``choose_value``: "Choose a creature type." (608.2d: a choice made as the spell resolves; later instructions
  name "the chosen type" / "that type", read as the source's chosen creature type, ``Selector.chosen_type``).
- ``enters_choosing`` (a static): "As ~ enters, choose a creature type." / "... choose a color." (614.12, 614.1c:
  a replacement effect of its own entering; the choice is made as it enters and the permanent remembers it,
  ``GameObject.chosen``, read by its other lines: "of the chosen type", "of the chosen color").
"""
from __future__ import annotations

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.word import Word
from mtgjudge.model.vocab.words_game import v_counter

ENGINE = frozenset({"engine"})

#: The conditions ``counter_if`` reads, and how each reads on a card.
CONDITIONS = {"quality": "it's {what}", "poisoned": "its controller is poisoned",
              "shares_color": "it shares a color with {what}",
              "more_creatures": "you control more creatures than that spell's controller"}
#: The verbs of ``target_if``, and the zone of the object each acts on.
VERBS = {"counter": "stack", "destroy": "battlefield"}
#: What ``choose_value`` may choose (608.2d).
CHOOSABLE = ("creature type",)


#: What ``enters_choosing`` may choose as the permanent enters (614.12), and the key of ``GameObject.chosen`` each
#: is remembered under (the key the other lines read: ``Selector.chosen_type``, mana of the chosen color).
ENTERING_CHOICES = {"creature type": "creature type", "color": "color"}


def _target_words(phrase: str) -> str:
    return phrase if phrase.startswith("target ") else f"target {phrase}"


def _v_target_if(a: dict) -> None:
    v_counter(a)
    cond = a.get("cond")
    if a.get("verb") not in VERBS:
        raise DefinitionError(f"target_if: verb must be one of {sorted(VERBS)}, not {a.get('verb')!r}")
    if cond not in CONDITIONS:
        raise DefinitionError(f"target_if: cond must be one of {sorted(CONDITIONS)}, not {cond!r}")
    if ("{what}" in CONDITIONS[cond]) != bool(a.get("what")):
        need = "needs" if "{what}" in CONDITIONS[cond] else "takes no"
        raise DefinitionError(f"target_if: cond {cond!r} {need} what")
    if a["verb"] != "counter" and cond != "quality":
        raise DefinitionError(f"target_if: cond {cond!r} is a spell's ('that spell's controller')")


def _v_choose(a: dict) -> None:
    if a.get("kind") not in CHOOSABLE:
        raise DefinitionError(f"choose_value: kind must be one of {CHOOSABLE}, not {a.get('kind')!r}")


def _v_entering(a: dict) -> None:
    if a.get("what") not in ENTERING_CHOICES:
        raise DefinitionError(f"enters_choosing: what must be one of {sorted(ENTERING_CHOICES)}, not {a.get('what')!r}")


WORDS = (
    Word("target_if", "effect", {"verb": str, "target": str, "cond": str, "what": str},
         lambda a: f"{a['verb'].capitalize()} {_target_words(a['target'])} if "
                   f"{CONDITIONS[a['cond']].format(what=a.get('what', ''))}",
         frozenset({Scope.RESOLUTION, Scope.DIES}), ENGINE, _v_target_if),
    Word("choose_value", "effect", {"kind": str}, lambda a: f"Choose a {a['kind']}", frozenset({Scope.RESOLUTION}),
         ENGINE, _v_choose),
    # 614.12, 614.1c: "As ~ enters, choose a creature type." (a replacement effect of its own entering)
    Word("enters_choosing", "static", {"what": str}, lambda s: f"As this enters, choose a {s.arg('what')}",
         frozenset({Scope.ENTERS_ITSELF}), ENGINE, _v_entering),
)
