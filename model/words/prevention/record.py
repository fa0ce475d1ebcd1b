"""Words of the prevention family: prevention shields created by resolving spells and
abilities (615), read by the grammar's section "prevent" (``phrases.lark``, start ``prevent_effect``) and
performed by ``model/words/prevention/perform.py``; and the prevention effect of a permanent's static ability
on damage to itself (615.1, 611.3a), read by ``read.static_prevention`` and applied where damage is prevented
(``engine.shields.prevent``)."""
from __future__ import annotations

from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.word import Word

ENGINE = frozenset({"engine"})

def _r_prevent_to_self(s) -> str:
    by = f" by {s.arg('by')}" if s.arg("by") else ""
    return f"Prevent all {'combat ' if s.arg('combat') else ''}damage that would be dealt to this{by}"


#: What preventing damage to a permanent can change: the damage's results (120.3: its destruction by lethal damage
#: or deathtouch, 704.5g-h; -1/-1 counters from wither and infect, 702.80, 702.90; its source's lifelink, 702.15b)
#: and the combat damage step (510.2); never a declaration (508.1, 509.1 read no prevention effect).
PREVENTION_SCOPES = frozenset({Scope.COMBAT, Scope.LIFE, Scope.DIES, Scope.POWER_TOUGHNESS})

WORDS: tuple[Word, ...] = (
    # 615.1, 611.3a: "Prevent all damage that would be dealt to ~." / "Prevent all combat damage that would be dealt
    # to ~." / "... to ~ by creatures.": a static ability's prevention effect, in force while the permanent is on the
    # battlefield. ``combat``: combat damage only (510.2); ``by``: only damage from sources the noun phrase names as
    # the damage would be dealt (615.1a).
    # 615.12: "Damage that would be dealt by ~ can't be prevented.": no prevention effect applies to the damage its
    # source deals (applied where damage is prevented, ``engine.shields.prevent``).
    Word("damage_unpreventable", "static", {}, lambda s: "Damage that would be dealt by this can't be prevented",
         PREVENTION_SCOPES, ENGINE),
    # 615.5: "If damage would be dealt to ~, prevent that damage. Remove a +1/+1 counter from ~." (the Phantoms):
    # a prevention effect with an additional effect, once for damage dealt at once by several sources and even when
    # the damage can't be prevented (Phantom Centaur rulings 2004-10-04). ``while_countered``: only while it has a
    # +1/+1 counter on it. Read, not performed: every damage event and every reading of power and toughness
    # with one on the battlefield is unsupported; declaring reads nothing of it (508.1, 509.1).
    Word("prevent_and_remove_counter", "static", {"while_countered": bool},
         lambda s: "If damage would be dealt to this" + (" while it has a +1/+1 counter on it" if
                                                         s.arg("while_countered") else "")
         + ", prevent that damage and remove a +1/+1 counter from it", PREVENTION_SCOPES, text_only=True),
    Word("prevent_damage_to_self", "static", {"combat": bool, "by": str}, _r_prevent_to_self, PREVENTION_SCOPES,
         ENGINE),
    # 615.1, 615.1a: "Prevent all combat damage that would be dealt this turn." (Fog): a shield until the
    # cleanup step (514.2) that prevents every combat damage event (510.1) of this turn.
    # ``by``: only combat damage dealt by sources of that description ("by attacking creatures"), kept as the
    # selector describes it.
    # ``to_players``: only combat damage dealt to players ("dealt to players this turn").
    Word("prevent_combat_damage", "effect", {"by": str, "to_players": bool},
         lambda a: "Prevent all combat damage that would be dealt " + ("to players " if a.get("to_players") else "")
         + "this turn" + (f" by each {a['by']}" if a.get("by") else ""),
         frozenset({Scope.COMBAT}), ENGINE),
)
