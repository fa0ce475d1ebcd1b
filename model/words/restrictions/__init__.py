"""Static abilities of permanents that forbid what players could otherwise do (101.2: "can't" wins over "can"):
"Activated abilities of artifacts can't be activated." (602.5). The record is ``record``, the reader ``read``;
the rule that applies them is ``mtgjudge.model.rules.restrictions``."""
