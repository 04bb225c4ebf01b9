"""Air Alliance runways: which plane may leave an airport, where a landing goes, and how the others move up."""

# An airport's runways are a list of plane colours (None = free), one entry per place:
# - Y (number 1): [01a, 01b, 02]. Only the two 01 planes may leave; when one does, the plane on 02 moves to
#   the freed 01. A landing takes a free 01, else 02.
# - reverse Y (numbers 2 and 3): [01, 02, 03], packed to the front. Only 01 may leave; the queue moves up.
#   A landing joins the end of the queue.
# - V (numbers 4 to 6): [r1, r2], independent. Either plane may leave; a landing takes a free runway.

from __future__ import annotations

from engine.rules.air_alliance.data import Shape

Runways = list[str | None]

CAPACITY = {Shape.Y: 3, Shape.REVERSE_Y: 3, Shape.V: 2}
# Each place in words a newcomer follows (the board prints 01, 02 and 03): a Y's two 01 runways both take off.
PLACE_WORDS = {Shape.Y: ("a takeoff runway", "a takeoff runway", "the waiting spot"),
               Shape.REVERSE_Y: ("first in line", "second in line", "third in line"),
               Shape.V: ("runway 1", "runway 2")}
# The places a plane may take off from, when one stands there: a Y's two 01s, a reverse Y's 01, either V runway.
LEAVING = {Shape.Y: (0, 1), Shape.REVERSE_Y: (0,), Shape.V: (0, 1)}
# The pairs a priority takeoff may switch, by shape (see swaps): fixed tables, asked about on every menu.
SWAP_PAIRS: dict[Shape, tuple[tuple[int, int], ...]] = {
    Shape.Y: ((0, 2), (1, 2)), Shape.REVERSE_Y: ((0, 1), (0, 2), (1, 2)), Shape.V: (),
}


def empty(shape: Shape) -> Runways:
    return [None] * CAPACITY[shape]


def leaving_places(shape: Shape, runways: Runways) -> list[int]:
    """The places whose plane may take off now."""
    return [i for i in LEAVING[shape] if runways[i] is not None]


def can_leave(shape: Shape, runways: Runways, colour: str) -> bool:
    return colour is not None and any(runways[i] == colour for i in LEAVING[shape])


def has_room(runways: Runways) -> bool:
    return None in runways


def take_off(shape: Shape, runways: Runways, colour: str) -> None:
    """A plane of this colour leaves from a place it may leave; the others move up as the shape says."""
    place = next(i for i in leaving_places(shape, runways) if runways[i] == colour)
    remove_at(shape, runways, place)


def remove_at(shape: Shape, runways: Runways, place: int) -> None:
    """Empty one place and move the waiting planes up: used for take-offs and for planes leaving the game."""
    runways[place] = None
    if shape is Shape.Y and place in (0, 1) and runways[2] is not None:
        # "As soon as one of the 01 runways is open, move the plane on 02 (if any) to 01."
        runways[place], runways[2] = runways[2], None
    elif shape is Shape.REVERSE_Y:
        queue = [colour for colour in runways if colour is not None]
        runways[:] = [*queue, *[None] * (len(runways) - len(queue))]


def land(shape: Shape, runways: Runways, colour: str) -> None:
    """A plane lands on the first free place: a free 01 before 02 on a Y, the end of a reverse Y's queue."""
    runways[runways.index(None)] = colour


def swaps(shape: Shape, runways: Runways) -> list[tuple[int, int]]:
    """The pairs of places a priority takeoff may switch: planes of different colours, where order matters.

    Ruling: switching two planes changes nothing on a V airport (both runways may always leave), nor between
    the two 01 runways of a Y, nor between two planes of one colour, so those switches are not offered.
    """
    return [(i, j) for i, j in SWAP_PAIRS[shape]
            if runways[i] is not None and runways[j] is not None and runways[i] != runways[j]]


def swap(runways: Runways, first: int, second: int) -> None:
    runways[first], runways[second] = runways[second], runways[first]


def planes(runways: Runways) -> list[str]:
    return [colour for colour in runways if colour is not None]
