"""Cards: the built-in definitions in the product's own encoding (``loader.py``, ``data/*.yaml``), card data
files as published (``sources.py``), the store of imported cards (``store.py``), and finding a card by name
among them (``lookup.py``: ``card_db()``).

This package's ``__init__`` imports none of them: the Oracle compiler, which the store uses, reads the
loader's type-line parser, so importing the store here would make the two packages import each other."""
