"""Power and toughness defined by a characteristic-defining ability (604.3, 613.4a): "~'s power and toughness
are each equal to the number of creatures you control." Its record (``record``), its reader (``read``); the
layers apply it in layer 7a (``rules.layers``)."""
