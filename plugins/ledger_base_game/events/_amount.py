"""What the events that move an amount for one Hero share: the amount, checked against the
event's own limit. Not an event itself: vitality's and stars' events build on it."""

from typing import ClassVar

from ledger.model import HeroEvent
from ledger.rules.stamina import MAX_AMOUNT
from ledger.text import check_amount


class Amount(HeroEvent, frozen=True, kw_only=True):
    """An event that moves ``amount`` of something for one Hero."""

    amount: int
    what: ClassVar[str] = "amount"
    maximum: ClassVar[int] = MAX_AMOUNT

    def checked(self) -> int:
        amount = self.amount
        if type(amount) is int and 1 <= amount <= self.maximum:  # the usual amount, at once
            return amount
        return check_amount(amount, self.what, self.maximum)
