"""When a spell may be cast, by the card's own text (601.3, 113.6e): "Cast this spell only during combat."
(``cast_only``) and "You may cast ~ as though it had flash if you pay {2} more to cast it." (``flash_permission``).
The records are ``record``, the reader ``read``; the rules that apply them are ``mtgjudge.model.rules.timing``
(when it may be cast, and the extra cost of the permission) and the engine (the permanent a spell cast by the
permission becomes, sacrificed at the next cleanup step)."""
