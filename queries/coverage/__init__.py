"""``mtgjudge cards coverage``: how much of the card pool the verifier answers. For every card it poses the
questions a judge would start with on a board it builds (``board``), answers them as ``ask`` does and
counts per kind answered, unsupported (with the most frequent reasons, as templates: ``reasons``) and
crashed (``core.sweep``); ``report`` prints the table or the JSON object, ``cli`` is the command, ``progress``
its progress bar.

The package imports none of them: every command builds the command's parser (``cli``), and only the command
itself needs the sweep.
"""
