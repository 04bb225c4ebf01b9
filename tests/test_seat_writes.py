"""Seat writes go through the core: each hands back the table as the store now has it, and the cache follows."""

from __future__ import annotations

from engine.services import Services
from engine.store import Store
from tests.stub_drawing import stub_drawing
from tests.test_service import ANN, BOB, blank_png, started


async def test_each_seat_write_hands_back_the_table_as_stored_and_the_cache_follows(store: Store) -> None:
    service = Services(store, stub_drawing(blank_png))
    game_id = await started(service, (ANN, BOB))
    table = await service.reading.table(game_id)
    await service.reading.board(table)  # the cache holds the game now, with its history
    table = await service.core.seats.count_missed(table, BOB, True)
    table = await service.core.seats.count_missed(table, BOB, True)
    assert table == await service.reading.table(game_id) and table.player(BOB).missed == 2  # type: ignore[union-attr]
    table = await service.core.seats.set_autopilot(table, BOB, True)
    assert table == await service.reading.table(game_id) and BOB in {p.user_id for p in table.players if p.autopilot}
    await service.core.seats.log(table, "bob steps away: the autopilot plays their seat.")
    assert "bob steps away" in "\n".join((await service.reading.log(game_id)).lines)  # no stale history in the cache
    table = await service.core.seats.set_autopilot(table, BOB, False)
    assert table == await service.reading.table(game_id) and table.player(BOB).missed == 0  # type: ignore[union-attr]
    assert not hasattr(service.core, "seats_changed")  # nothing outside the core keeps its cache right by hand
