"""Words of the prevention family: prevention shields created by resolving spells and
abilities (615). Read by the grammar's section "prevent" (``phrases.lark``, start ``prevent_effect``) and
performed by ``model/words/prevention/perform.py``."""
from __future__ import annotations

from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.word import Word

ENGINE = frozenset({"engine"})

WORDS: tuple[Word, ...] = (
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
