"""The documentation of mtgjudge, installed with it as package data (``mtgjudge format`` prints the question format)."""
