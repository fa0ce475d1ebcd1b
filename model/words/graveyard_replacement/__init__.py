"""Replacement effects of going to a graveyard (614.1a): "If a card or token would be put into a graveyard from
anywhere, exile it instead." (Rest in Peace). The record is ``record``, the reader ``read``; the rule is applied
by the one mover of objects, ``mtgjudge.model.engine.zones.move``."""
