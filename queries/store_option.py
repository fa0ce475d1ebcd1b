"""The ``--cards PATH`` option, which chooses the card store for every command."""
from __future__ import annotations

import argparse

from mtgjudge.model.cards.store import ENV_VAR, default_path, use_store


def add_store_option(parser: argparse.ArgumentParser, root: bool = False) -> None:
    """The ``--cards PATH`` option; on the root parser and on each command, so that it may stand before or
    after the command's name (a command's copy leaves the root's value alone unless given)."""
    parser.add_argument("--cards", metavar="PATH", default=None if root else argparse.SUPPRESS,
                        help=f"the card store to use (default: ${ENV_VAR}, else {default_path()})")


def choose_store(args: argparse.Namespace) -> None:
    """Use the store that ``--cards`` names, if it was given (else ``$MTGJUDGE_CARDS`` or the default)."""
    use_store(getattr(args, "cards", None))
