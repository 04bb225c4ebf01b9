"""Air Alliance AI values: cards, trios, planes on the board, reservations and boarding pass icons, in miles."""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any, cast

from engine.rules.air_alliance import runways
from engine.rules.air_alliance.alliance import is_free, partners
from engine.rules.air_alliance.claim import gainable
from engine.rules.air_alliance.data import NPA_COLOURS, Components, Icon, IconKind, PassengerCard, Travel
from engine.rules.air_alliance.flights import allowed, permit_airports, shapes
from engine.rules.air_alliance.options import Kobe
from engine.rules.air_alliance.scoring import ECONOMY_BONUS, ECONOMY_SET, TRIO_BONUS
from engine.rules.air_alliance.state import AirAllianceState

# Weights in miles, set by hand and checked in the arena (python -m engine arena air-alliance --seats ai,greedy).
TRIO_PROGRESS = (0.0, 0.10, 0.40, 1.0)  # share of the trio bonus counted for holding 0-3 of its cards
TRIO_DENIAL = 0.5  # taking the card an opponent needs for a trio: half the bonus they would have had
ECONOMY_PROGRESS = 1_200  # each economy card towards the next Kobe set of five
EXTRA_TURN = 7_000  # a whole turn more: about what a good turn gains
EXTRA_MARKER = 2_500  # Kobe: one marker more
PLANE_ON_BOARD = 900  # a plane that can take off next turn, wherever it stands
PLANE_STUCK = 300  # a plane waiting behind another one
HUB_SHARE = 0.30  # of the miles of claim cards leaving an airport, for a plane able to take off there
UNSEEN_SHARE = 0.10  # of the miles of deck cards leaving an airport: they may turn up before the next turn
PARTNER_SHARE = 0.5  # an NPA of our own alliance at a hub counts for half a plane of ours
ALLIANCE_NPA = 6_000.0  # an NPA of our alliance: flown with any code sharing icon for the rest of the game
ALLIANCE_DENIAL = 3_000.0  # an NPA in another player's alliance: closed to us, theirs alone
RESERVE_SHARE = 0.8  # a reservation is worth this share of the miles it saves for next turn
DENY_SHARE = 0.15  # and keeps a card from the other players


def card(data: Components, card_id: str) -> PassengerCard:
    return data.cards[card_id]


@cache
def trio_members(data: Components, trio: str) -> frozenset[str]:
    return frozenset(c.id for c in data.cards.values() if c.trio == trio)


class Valuer:
    """The values of one seat at one moment: computed once per decision, asked thousands of times by the planner."""

    def __init__(self, state: AirAllianceState, seat: int) -> None:
        self.state, self.seat, self.data = state, seat, state.data
        self.colour = state.airlines[seat].colour
        self.mine = frozenset(state.airlines[seat].cards()) | frozenset(state.gained if state.current == seat else ())
        self.others = [frozenset(a.cards()) for s, a in enumerate(state.airlines) if s != seat]
        self.last_turn = self.is_last_turn()
        self.future = 0.0 if self.last_turn else 1.0
        self.partners = frozenset(partners(state, seat))
        self.usable_npas = frozenset(c for c in NPA_COLOURS if c in self.partners or is_free(state, c))
        self.gain_cache: dict[frozenset[str], float] = {}
        self.place_cache: dict[tuple[Any, ...], float] = {}
        self.hub = self.hub_weights()

    def is_last_turn(self) -> bool:
        """No turn of ours follows this one: the last round's turn (its extra turn aside) or the game is over."""
        state = self.state
        if state.in_last_round and state.current == self.seat:
            return True
        return bool(state.last_round and state.final_turns is not None and self.seat not in state.final_turns
                    and state.current != self.seat)

    # --- cards and trios ------------------------------------------------------------------------------------

    def holding(self, cards: frozenset[str]) -> float:
        """Miles of a hand of cards, with the trios it makes or may still make."""
        c = self.data
        total = float(sum(c.cards[x].miles for x in cards))
        for trio in sorted({trio for x in cards if (trio := c.cards[x].trio)}):
            members = trio_members(self.data, trio)
            if any(members & other for other in self.others):
                continue  # someone else holds one: this trio can no longer be ours
            held = len(members & cards)
            share = TRIO_PROGRESS[held] if held == 3 else TRIO_PROGRESS[held] * max(self.future, 0.0)
            total += TRIO_BONUS * share
        if self.state.kobe(Kobe.ECONOMY):
            economy = sum(1 for x in cards if c.cards[x].travel is Travel.ECONOMY)
            total += ECONOMY_BONUS * (economy // ECONOMY_SET) + self.future * ECONOMY_PROGRESS * (economy % ECONOMY_SET)
        return total

    def gain(self, cards: frozenset[str]) -> float:
        """What gaining these cards adds: their miles, trio progress, and trios kept from the other players."""
        if not cards:
            return 0.0
        found = self.gain_cache.get(cards)
        if found is None:
            found = self.holding(self.mine | cards) - self.holding(self.mine) + self.denial(cards)
            self.gain_cache[cards] = found
        return found

    def denial(self, cards: frozenset[str]) -> float:
        c = self.data
        value = 0.0
        for x in cards:
            trio = c.cards[x].trio
            if trio and any(len(trio_members(self.data, trio) & other) == 2 for other in self.others):
                value += TRIO_BONUS * TRIO_DENIAL
        return value

    # --- planes on the board --------------------------------------------------------------------------------

    def hub_weights(self) -> dict[str, float]:
        """Each airport's worth as a place to take off from next turn: the miles of the cards leaving it."""
        state = self.state
        weights = dict.fromkeys(state.board, 0.0)
        for x in gainable(state, self.seat):
            weights[card(self.data, x).departure] += HUB_SHARE * self.gain(frozenset((x,)))
        unseen = sorted(state.deck)  # the deck's make-up is public, its order is not: sorted, order is forgotten
        if unseen:
            chance = min(1.0, 2.5 * state.players / len(unseen))
            for x in unseen:
                weights[card(self.data, x).departure] += UNSEEN_SHARE * chance * card(self.data, x).miles
        return {code: self.future * w for code, w in weights.items()}

    def place_value(self, code: str, places: list[str | None]) -> float:
        """Our planes (and our alliance's NPAs) at one airport, for the next turn."""
        if not self.future:
            return 0.0
        key = (code, *places)
        found = self.place_cache.get(key)
        if found is None:
            found = self.place_cache[key] = self.work_out_place(code, places)
        return found

    def work_out_place(self, code: str, places: list[str | None]) -> float:
        mine = places.count(self.colour)
        partner = sum(1 for colour in places if colour in self.partners)
        if not mine and not partner:
            return 0.0
        leaving = leavers(self.data, code, tuple(places))
        value = 0.0
        if mine:
            if self.colour in leaving:
                value += self.hub[code] + PLANE_ON_BOARD + PLANE_STUCK * (mine - 1)
            else:
                value += 0.3 * self.hub[code] + PLANE_STUCK * mine
        if partner and leaving & self.partners:
            value += PARTNER_SHARE * self.hub[code]
        return value

    def board_value(self, board: dict[str, list[str | None]]) -> float:
        return sum(self.place_value(code, places) for code, places in board.items())

    # --- reservations ---------------------------------------------------------------------------------------

    def reach_chance(self, board: dict[str, list[str | None]], supply: int, card_id: str) -> float:
        """A rough chance of flying the card next turn, from what stands at its departure after this turn."""
        dep = card(self.data, card_id).departure
        leaving = leavers(self.data, dep, tuple(board[dep]))
        if self.colour in leaving:
            return 0.6
        if leaving & self.usable_npas:
            return 0.45
        if self.data.airports[dep].number <= 3 and supply:
            return 0.3
        return 0.1

    def reserve_value(self, board: dict[str, list[str | None]], supply: int, card_id: str,
                      claim_left: list[str]) -> float:
        """Reserving keeps the card from lost baggage and from the other players until our next turn."""
        if not self.future:
            return 0.0
        value = self.gain(frozenset((card_id,)))
        if self.state.kobe(Kobe.RESERVE_OFF_BOARD):
            survive = 0.0  # off the board it is ours next turn, and gone after it
        else:
            free = [x for x in claim_left if self.state.reserver(x) is None]
            index = free.index(card_id) if card_id in free else 0
            survive = 0.0 if index < 1 else 0.3 if index < self.state.players else 0.65 ** (self.state.players - 1)
        keep = self.reach_chance(board, supply, card_id) * (1.0 - survive)
        return value * (RESERVE_SHARE * keep + DENY_SHARE)

    # --- the boarding pass for next turn ----------------------------------------------------------------------

    def icon_value(self, icon: Icon) -> float:
        """One icon on top of the boarding pass next turn, in miles of the flights it tends to make."""
        if icon.kind is IconKind.AREA:
            return 1_500.0 + 500.0 * len(icon.areas)
        if icon.kind is IconKind.SPECIAL:
            return 2_000.0 if permit_airports(self.data, icon, self.colour) else 0.0
        if icon.kind is IconKind.PRIORITY:
            return 900.0
        colours = {c for c in icon.npa if c in self.usable_npas} | self.partners
        return 1_500.0 + 600.0 * (len(colours) - 1) if colours else 200.0

    def pass_value(self, tops: list[tuple[Icon, Icon, Icon]], claim_left: list[str]) -> float:
        """Next turn's boarding pass: each slot's best icon and a little for its others, and the claim cards
        its icons could fly in one go."""
        if not self.future:
            return 0.0
        value = 0.0
        for icons in tops:
            ranked = sorted((self.icon_value(i) for i in icons), reverse=True)
            value += ranked[0] + 0.3 * ranked[1] + 0.1 * ranked[2]
        shown = [i for slot in tops for i in slot]
        for x in claim_left:
            arrival = card(self.data, x).arrival
            if any(arrival in lands(self.data, i, self.colour, self.usable_npas, self.partners) for i in shown):
                value += 0.15 * card(self.data, x).miles
        return value * self.future

    def alliance_worth(self, alliances: list[list[str]]) -> float:
        """The NPAs we could fly with any code sharing icon, and those the other players could not."""
        area = next((a for a in alliances if self.colour in a), [])
        mine = [c for c in area if c in NPA_COLOURS]
        others = [c for a in alliances if self.colour not in a for c in a if c in NPA_COLOURS]
        return self.future * (ALLIANCE_NPA * len(mine) - ALLIANCE_DENIAL * len(others))


@lru_cache(maxsize=1 << 14)
def leavers(data: Components, code: str, places: tuple[str | None, ...]) -> frozenset[str]:
    """The colours that may take off from an airport whose runways hold these planes."""
    # leaving_places gives only places that hold a plane, so none of these is None.
    return frozenset(cast(str, places[i]) for i in runways.leaving_places(shapes(data)[code], list(places)))


def lands(data: Components, icon: Icon, colour: str, usable: frozenset[str], partners: frozenset[str]) -> frozenset[str]:
    """Where an icon can land a plane: ours for a permit; for code sharing, the usable NPAs it shows and any NPA
    of our alliance."""
    if icon.kind is IconKind.PRIORITY:
        return frozenset()
    if icon.kind is not IconKind.CODE_SHARING:
        return frozenset(permit_airports(data, icon, colour))
    return frozenset(code for npa in ((set(icon.npa) & usable) | partners) for code in allowed(data, npa))
