"""The game and its rules: what exists in a Magic game state, and what the Comprehensive Rules allow.

Everything here is an immutable value: answering a question never changes the state it was given.
"""
