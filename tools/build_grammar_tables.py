"""Rebuild model/vocab/phrases.tables.json.gz: the phrase grammar's LALR tables, shipped with the package so that
no process builds them (0.6-0.8 s with an empty cache). Run after changing model/vocab/phrases.lark or its start
symbols, or with another version of Lark (tests/test_cache.py checks the shipped tables are the grammar's; tables
of another grammar or Lark are never read, only built again):
    python tools/build_grammar_tables.py
"""
from __future__ import annotations

from mtgjudge.model.vocab import phrases


def main() -> None:
    entry = phrases.write_shipped_tables()
    print(f"{entry} -> {phrases.SHIPPED_TABLES} ({phrases.SHIPPED_TABLES.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
