"""The rules of §2, §3 and §7 as pure functions: a Hero (or campaign) in, a new one out.

Each function raises a LedgerError a player understands: RuleViolation for an illegal move,
NotFound for a Hero or item that is not there.
Event types call these from their ``apply``; nothing here knows about storage.

Each module is public and is one area of the rules (``stamina``, ``items``, ``steps``...):
plugins call ``stamina.spend(hero, 2)``: a function reads with its module's name.
"""
