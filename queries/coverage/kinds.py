"""The kinds of question the coverage sweep poses: named apart from the sweep, so that every command can build
the sweep's parser (its ``--kinds``) without importing the sweep."""
from __future__ import annotations

#: The kinds of question the sweep poses, in the order it reports them.
KINDS = ("can-play", "could-produce", "can-activate", "outcome", "can-attack", "can-block")
#: The kinds asked only of creature faces: a sweep of these alone skips, uncompiled, a record with no creature face.
COMBAT_KINDS = ("can-attack", "can-block")
