"""Finding a card by name, the one way every caller does: the built-in definitions (``data/*.yaml``) first,
then the card store (cards imported from card data files, ``store.py``). A built-in definition is an
override: it wins over an imported card of the same name, whole or face.

Names match without regard to case, punctuation or spacing (:func:`~mtgjudge.model.names.normalize`, as the
question format says); a multi-faced card is found by either face's name or by "A // B".
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache

from mtgjudge.model import deadline
from mtgjudge.model.cards.loader import BuiltIn, CardDefinitionError, built_in_entries, known_names
from mtgjudge.model.cards.store import CardStore, open_store
from mtgjudge.model.names import close_matches, normalize
from mtgjudge.model.objects import CardDef


class CardDB:
    """Every card the product has, looked up by name: ``cards`` are the built-in ones (definitions, or
    entries made when first found), ``store`` the imported ones (None: none)."""

    def __init__(self, cards: Iterable[CardDef | BuiltIn], known: Iterable[str] | Callable[[], Iterable[str]] = (),
                 store: CardStore | None = None) -> None:
        self.store = store
        self._entries: dict[str, BuiltIn] = {}
        self._by_norm: dict[str, tuple[BuiltIn, int]] = {}
        for c in cards:
            entry = c if isinstance(c, BuiltIn) else BuiltIn(c, c.source, c.source)
            if normalize(entry.name) in self._by_norm:
                raise CardDefinitionError(f"{entry.source}: card {entry.name!r} is defined twice")
            self._entries[entry.name] = entry
            self._by_norm[normalize(entry.name)] = (entry, 0)
            for i, face in enumerate(entry.face_names):
                self._by_norm.setdefault(normalize(face), (entry, i))
        self._known = known
        self._pool: list[tuple[str, str]] | None = None

    @property
    def known(self) -> dict[str, str]:
        """Every printed card's name by its normalized form (read when first needed: 19,000 names)."""
        if not isinstance(self._known, dict):
            names = self._known() if callable(self._known) else self._known
            self._known = {normalize(n): n for n in names}
        return self._known

    def find(self, name: str) -> tuple[CardDef, int] | None:
        """The card and face a name refers to, or None: a built-in card first, else an imported one."""
        found = self._by_norm.get(normalize(name))
        if found is not None:
            return found[0].card(), found[1]
        return self.store.find(name) if self.store is not None else None

    @property
    def names(self) -> tuple[str, ...]:
        """The built-in cards' names."""
        return tuple(self._entries)

    def built_in(self) -> list[CardDef]:
        """Every built-in card, made (compiling those given by Oracle text that were not asked for yet)."""
        return [e.card() for e in self._entries.values()]

    def is_built_in(self, card: CardDef) -> bool:
        """Is this card one of the built-in definitions (not an imported card)?"""
        entry = self._entries.get(card.name)
        return entry is not None and entry.card() is card

    def is_known_card(self, name: str) -> str | None:
        """The printed name if ``name`` is a real card (whether the product has a definition for it or not:
        ask :meth:`find` first)."""
        return self.known.get(normalize(name))

    def complete(self, text: str, n: int = 20) -> list[str]:
        """Up to ``n`` names of cards the product has (built-in or imported; a multi-faced card by either
        face's name or by "A // B") for a name being typed: those that begin with ``text`` first, then those
        that contain it, each list in alphabetical order."""
        key = normalize(text)
        if not key:
            return []
        pool = self._completions()
        starts = [shown for norm, shown in pool if norm.startswith(key)]
        inside = [shown for norm, shown in pool if key in norm and not norm.startswith(key)] if len(starts) < n else []
        return list(dict.fromkeys(starts + inside))[:n]

    def _completions(self) -> list[tuple[str, str]]:
        """(normalized, shown) of every name a card answers to, sorted by the shown name (read once)."""
        if self._pool is None:
            shown: dict[str, str] = dict(self.store.names()) if self.store is not None else {}
            for entry in self._entries.values():
                shown[normalize(entry.name)] = entry.name
                for face in entry.face_names:
                    shown.setdefault(normalize(face), face)
            self._pool = sorted(shown.items(), key=lambda kv: kv[1].casefold())
        return self._pool

    def suggest(self, name: str, n: int = 3) -> list[str]:
        """The closest names, for "did you mean" (reads every imported name: only for a name that is no card)."""
        pool = {**self.known, **(self.store.names() if self.store is not None else {}),
                **{k: v[0].name for k, v in self._by_norm.items()}}
        # 0.8: a typo or two ("Lightnig Bolt", "Moutain"); below it the names only share letters ("The One
        # Ring" and "Entering" score 0.67), which suggests nothing a user meant
        close = close_matches(normalize(name), pool, n=n, cutoff=SIMILAR)
        return list(dict.fromkeys(pool[c] for c in close))


#: How alike two normalized names must be (difflib's ratio) for one to be suggested for the other.
SIMILAR = 0.8


def card_db() -> CardDB:
    """The cards in use: the built-in ones and the store chosen now (``store.store_path``)."""
    return _card_db(open_store())


@lru_cache(maxsize=8)
def _card_db(store: CardStore) -> CardDB:
    with deadline.paused():     # the built-in cards' index, made once per process (and store)
        return CardDB(built_in_entries(), known_names, store)
