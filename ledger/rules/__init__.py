"""The rules of §2, §3 and §7 as pure functions: a Hero (or campaign) in, a new one out.

Each function raises RuleViolation for an illegal move, with a message a player understands.
Event types call these from their ``apply``; nothing here knows about storage.
"""
