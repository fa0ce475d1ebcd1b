"""Card definitions in the product's own encoding, and their loader (see README.md here for the format)."""
from mtgjudge.model.cards.loader import CardDB, card_db

__all__ = ["CardDB", "card_db"]
