"""Question files, format v1 (the contract in the spec's question-format.md): reading files, checking
shapes with file:line, building the state, reading actions and assertions, and the question envelope.

``fields`` (the validator and :class:`~mtgjudge.queries.format.fields.QuestionError`), ``state``,
``actions``, ``questions`` (the envelope, whose keys per kind come from the kind registry) and ``files``
(:func:`~mtgjudge.queries.format.files.load_text`, ``load_file``, ``load_paths``).
"""
