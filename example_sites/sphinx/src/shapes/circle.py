"""Circles."""

import math


def area(radius: float) -> float:
    """The area of a circle of *radius*."""
    return math.pi * radius**2


class Circle:
    """A circle of a given *radius*."""

    def __init__(self, radius: float) -> None:
        self.radius = radius

    def area(self) -> float:
        """This circle's area."""
        return area(self.radius)
