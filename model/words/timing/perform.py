"""What the engine does for a spell cast by its own flash permission (``words.timing.record``): the permanent a spell
with the cleanup-step rider becomes is sacrificed at the beginning of the next cleanup step (a delayed triggered
ability, 603.7a; 514.3a: it triggers as that step begins), when the spell was cast by that permission at a time a
sorcery couldn't have been cast (``rules.timing.cast_by_flash_permission``, decided as it was cast and kept by the
spell: ``GameObject.cast_as_though_flash``). Its extra cost is payment's (``rules.costs.total_cost``) and when it
may be cast is timing's (``rules.timing.cast_timing``)."""
from __future__ import annotations

from mtgjudge.model.engine.game import Game
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.objects import GameObject
from mtgjudge.model.vocab.abilities import StaticEffect
from mtgjudge.model.words.delayed.perform import for_the_permanent

#: The static words this module gives meaning to (the engine's part of ``flash_permission``).
FLASH_PERMISSION_WORDS = ("flash_permission",)


def sacrificed_at_cleanup(game: Game, spell: GameObject, permission: StaticEffect | None) -> Game:
    """As ``spell`` (the stack object as it resolved) becomes a permanent: the delayed sacrifice of its rider
    (``permission``: its flash permission as it resolved, ``rules.timing.flash_permission``) when it
    was cast by its own permission where a sorcery couldn't have been cast; nothing otherwise (its permission has
    no rider, or it was cast as a sorcery is, or by flash from elsewhere: Armor of Thorns ruling 2009-10-01).
    Unsupported for a spell the question put on the stack with such a rider: how it was cast is not given."""
    if permission is None or not permission.arg("sacrificed", False):
        return game
    if spell.cast_as_though_flash is None:
        raise Unsupported(f"{spell.name} ({spell.id}) was put on the stack by the question: whether it was cast by its "
                          "own permission at a time a sorcery couldn't have been cast (which sacrifices the permanent "
                          "it becomes, 702.8a) is not given")
    if not spell.cast_as_though_flash:
        return game
    return for_the_permanent(game, spell.id, "next_cleanup_step", "controller_sacrifices", spell.name,
                             spell.controller, "702.8a",
                             f"{spell.name} was cast by its own permission at a time a sorcery couldn't have been cast")
