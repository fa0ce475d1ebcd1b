"""The card vocabulary, one folder per rules concept: each holds the concept's records (``record``), its reader
of Oracle text (``read``) and its performer (``perform``), listed by the vocabulary (``vocab.words``), the
reader of effect sentences (``oracle.lines``) and the engine's dispatch table (``engine.performers``)."""
