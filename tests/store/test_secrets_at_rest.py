"""What the store keeps of its secrets: a database file only its owner can read, a database URL never printed whole."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from engine.store import Store
from engine.store.backend import redacted_url


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


async def test_the_live_database_and_its_wal_and_shm_are_created_0600(tmp_path: Path) -> None:
    old = os.umask(0o022)  # the usual umask, which left the file -rw-r--r--
    try:
        store = await Store.open(tmp_path / "contrail.sqlite3")
        try:
            await store.db.q("CREATE TABLE scratch (a INTEGER)")  # a write: the -wal and -shm exist now
            files = [tmp_path / name for name in ("contrail.sqlite3", "contrail.sqlite3-wal", "contrail.sqlite3-shm")]
            assert all(f.exists() for f in files)
            assert {f.name: mode(f) for f in files} == {f.name: 0o600 for f in files}
        finally:
            await store.close()
    finally:
        os.umask(old)


async def test_a_database_an_earlier_version_left_world_readable_is_made_private_when_opened(tmp_path: Path) -> None:
    path = tmp_path / "contrail.sqlite3"
    await (await Store.open(path)).close()
    path.chmod(0o644)
    Path(f"{path}-shm").write_bytes(b"")
    Path(f"{path}-shm").chmod(0o664)
    await (await Store.open(path)).close()
    assert mode(path) == 0o600
    assert not Path(f"{path}-shm").exists() or mode(Path(f"{path}-shm")) == 0o600


@pytest.mark.parametrize(("url", "secret"), [
    ("postgresql://bot:s3cret@db:5432/contrail", "s3cret"),
    ("postgresql://:s3cret@db/contrail", "s3cret"),  # no user name: the password still is one
    ("postgresql://bot:p@ss/w0rd@db/contrail", "w0rd"),  # an unescaped '@' or '/' in the password
    ("postgresql://bot@db/contrail?password=s3cret&sslmode=require", "s3cret"),
    ("postgres://db/contrail?sslmode=require&sslpassword=s3cret", "s3cret"),
    ("postgresql://bot@db/contrail?PASSWORD=s3cret", "s3cret"),
    ("postgresql://bot:s3cret@[::1]:5432,db2:5433/contrail?application_name=a@b", "s3cret"),
    ("host=db user=bot password=s3cret dbname=contrail", "s3cret"),
    ("host=db user=bot password='s3 cret' dbname=contrail", "s3 cret"),
])
def test_a_database_url_is_redacted_in_every_form(url: str, secret: str) -> None:
    shown = redacted_url(url)
    assert secret not in shown and "***" in shown
    assert "db" in shown  # where it points is still told


def test_what_is_no_secret_is_left_as_it_was() -> None:
    for text in ("data/contrail.sqlite3", "postgresql://bot@db/contrail?sslmode=require&application_name=pass"):
        assert redacted_url(text) == text
