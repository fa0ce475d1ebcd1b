"""Sagas (CR 714): chapter abilities (714.2: "{rN}—[Effect]", a triggered ability of lore counters), the lore
counter a Saga enters with (714.3a), the one put on each Saga as its controller's precombat main phase begins
(714.3c) and the sacrifice after its final chapter (714.4). The reader is ``read``, the engine's rules ``perform``.
"""
