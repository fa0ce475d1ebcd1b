"""Living weapon (CR 702.92a): the keyword read as the triggered ability it means, "When this Equipment enters,
create a 0/0 black Phyrexian Germ creature token, then attach this Equipment to it" (``words.attach.read``).
The corpus (``outcome/living-weapon.yaml``) has what it does; here the reading and the near misses."""
from __future__ import annotations

from mtgjudge.model.cards.sources import CardRecord, FaceRecord
from mtgjudge.model.objects import CardDef
from mtgjudge.model.oracle import compile_card

_REMINDER = ("(When this Equipment enters, create a 0/0 black Phyrexian Germ creature token, then attach this "
             "to it.)")


def _card(text: str) -> CardDef:
    return compile_card(CardRecord("Frob Husk", "normal", (FaceRecord("Frob Husk", "{1}", "Artifact — Equipment",
                                                                      text + "\nEquip {2}", None, None),)))


def test_living_weapon_is_read_as_its_trigger():
    a = _card(f"Living weapon {_REMINDER}").faces[0].abilities[0]
    assert a.kind == "triggered" and a.keyword == "Living weapon" and a.trigger_event is not None
    assert a.trigger_event.event == "enters" and a.trigger_event.who == "self"
    assert [e.kind for e in a.effects] == ["create_tokens", "attach_to_created"]
    assert a.effects[0].arg("token") == "0/0 black Phyrexian Germ creature token"


def test_near_miss_the_trigger_printed_in_full_stays_unmodelled():
    # the same meaning printed as a triggered ability (not the keyword): "then attach this to it" is not read
    a = _card("When Frob Husk enters, create a 0/0 black Phyrexian Germ creature token, then attach "
              "this to it.").faces[0].abilities[0]
    assert a.kind == "unmodelled"


def test_near_miss_living_weapon_with_a_parameter_is_not_read():
    a = _card("Living weapon 2").faces[0].abilities[0]
    assert a.kind == "unmodelled"
