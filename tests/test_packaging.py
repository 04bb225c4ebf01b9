"""Dockerfile, .dockerignore and compose.yaml: a pinned image run without root, data in /data, checked by --check."""

from __future__ import annotations

import os
from importlib import metadata
import re
import shlex
import subprocess
import sys
from pathlib import Path, PurePosixPath
from urllib.parse import urlsplit

import pytest
from packaging.requirements import Requirement

from container_files import (
    DockerIgnore, Instruction, base_image, build_app, copy_sources, read_compose, read_dockerfile,
)

ROOT = Path(__file__).resolve().parent.parent
DOCKERFILE = read_dockerfile(ROOT / "Dockerfile")
IGNORE = DockerIgnore((ROOT / ".dockerignore").read_text(encoding="utf-8"))
COMPOSE = read_compose((ROOT / "compose.yaml").read_text(encoding="utf-8"))
ROOT_USERS = {"root", "0"}
PINNED = re.compile(r"[A-Za-z0-9._-]+==[0-9][A-Za-z0-9.]*")  # name==version, nothing looser


def instructions(keyword: str) -> list[Instruction]:
    return [instruction for instruction in DOCKERFILE if instruction.keyword == keyword]


def position(keyword: str, last: bool = False) -> int:
    places = [i for i, instruction in enumerate(DOCKERFILE) if instruction.keyword == keyword]
    assert places, f"the Dockerfile has no {keyword}"
    return places[-1] if last else places[0]


def env_values() -> dict[str, str]:
    values: dict[str, str] = {}
    for instruction in instructions("ENV"):
        for word in shlex.split(instruction.text):
            name, _, value = word.partition("=")
            values[name] = value
    return values


def workdir() -> PurePosixPath:
    return PurePosixPath(instructions("WORKDIR")[-1].text)


# --- the image


def test_the_base_image_is_an_exact_slim_python_3_11() -> None:
    # An exact patch release: a rebuild months later starts from the same Python the tests ran on.
    assert re.fullmatch(r"python:3\.11\.\d+-slim-bookworm", base_image(DOCKERFILE))


def test_a_user_without_root_runs_the_bot_and_its_health_check() -> None:
    user = instructions("USER")[-1].text.split(":")[0]
    assert user not in ROOT_USERS
    assert position("USER", last=True) < position("CMD") and position("USER", last=True) < position("HEALTHCHECK")


def test_the_database_lives_in_the_data_volume_owned_by_that_user() -> None:
    assert [i.text for i in instructions("VOLUME")] == ["/data"]
    assert PurePosixPath(env_values()["DATABASE_PATH"]).parent == PurePosixPath("/data")
    setup = " ".join(i.text for i in DOCKERFILE[: position("VOLUME")] if i.keyword == "RUN")
    uid = instructions("USER")[-1].text.split(":")[0]
    # Changes to a folder after VOLUME are thrown away, so /data must be handed over before it.
    assert re.search(r"chown \S+ /data\b", setup) and re.search(rf"--uid {uid}\b", setup)


def test_a_relative_database_path_from_env_example_lands_in_the_volume_too() -> None:
    # A .env copied from .env.example wins over the image's DATABASE_PATH; its relative path must still reach /data.
    example = dict(line.split("=", 1) for line in (ROOT / ".env.example").read_text().splitlines()
                   if line and not line.startswith("#"))
    relative = PurePosixPath(example["DATABASE_PATH"])
    assert not relative.is_absolute() and relative.parts[0] == "data"
    setup = " ".join(i.text for i in instructions("RUN"))
    assert re.search(rf"ln -s /data {workdir() / 'data'}\b", setup)


def test_the_health_check_runs_bot_check_after_a_start_period() -> None:
    (healthcheck,) = instructions("HEALTHCHECK")
    options, _, command = healthcheck.text.partition(" CMD ")
    assert Instruction("CMD", command).exec_form() == ["python", "bot.py", "--check"]
    assert re.search(r"--start-period=\d+[sm]", options)  # the bot creates the database only after logging in
    assert instructions("CMD")[-1].exec_form() == ["python", "bot.py"]


def test_only_the_pinned_requirements_are_installed_and_nothing_else_is_fetched() -> None:
    runs = [i.text for i in instructions("RUN")]
    installs = [run for run in runs if "pip" in run]
    assert len(installs) == 1
    commands = [shlex.split(c) for c in re.split(r"\s*(?:;|&&)\s*", installs[0])]
    [words] = [c for c in commands if c[:2] == ["pip", "install"]]
    arguments = [w for w in words[2:] if not w.startswith("-")]
    assert arguments == ["$from", "requirements.txt"] and words[words.index("requirements.txt") - 1] == "-r"
    assert "--only-binary=:all:" in words  # a wheel or nothing: the slim base has no compiler
    # $from is empty (PyPI), or the wheelhouse alone when wheels/ holds any: then pip looks nowhere else.
    assert ["from=\"\"", "if ls wheels/*.whl >/dev/null 2>&1", "then from=\"--no-index --find-links=wheels\"",
            "fi"] == [c.strip() for c in re.split(r"\s*(?:;|&&)\s*", installs[0])][:4]
    assert commands[-1] == ["rm", "-rf", "wheels"]  # the wheels do not stay in the image
    for run in runs:
        assert not re.search(r"\b(apt-get|apt|curl|wget|git|pip3?\s+download)\b", run), run
    assert not any("://" in i.text for i in instructions("ADD")), "ADD from a URL is a second network step"
    required = [line.strip() for line in (ROOT / "requirements.txt").read_text().splitlines()
                if line.strip() and not line.startswith("#")]
    assert required and all(PINNED.fullmatch(line) for line in required), required


def test_a_wheelhouse_reaches_the_build_but_never_git() -> None:
    assert not IGNORE.excludes("wheels/aiohttp-3.14.5-cp311-cp311-manylinux2014_x86_64.whl")
    assert "wheels/*.whl" in (ROOT / ".gitignore").read_text().splitlines()
    assert "--network none" in (ROOT / "wheels" / "README.md").read_text()


@pytest.mark.parametrize("file", ["requirements.txt", "requirements-test.txt"])
def test_every_package_installed_is_pinned_what_the_pins_need_included(file: str) -> None:
    """The closure of each requirements file is pinned, as installed here: an install elsewhere gets the same set."""
    pinned = {_name(line.split("==")[0]): line.split("==")[1]
              for name in (file, "requirements.txt")
              for line in (ROOT / name).read_text().splitlines() if "==" in line and not line.startswith("#")}
    for name, version in pinned.items():
        assert metadata.version(name) == version, f"{name} {metadata.version(name)} is installed, {version} pinned"
        for requirement in map(Requirement, metadata.requires(name) or []):
            if requirement.marker is None or requirement.marker.evaluate({"extra": ""}):
                assert _name(requirement.name) in pinned, f"{name} needs {requirement.name}, which is not pinned"


def _name(project: str) -> str:
    return re.sub(r"[-_.]+", "-", project).lower()


def test_every_copied_source_exists_and_reaches_the_build() -> None:
    for instruction in instructions("COPY"):
        sources, _ = copy_sources(instruction)
        for source in sources:
            assert (ROOT / source).exists(), f"COPY {source}: no such file in the repository"
            assert not IGNORE.excludes(source.rstrip("/")), f"COPY {source}: .dockerignore leaves it out"


@pytest.mark.parametrize("path", [
    ".env", ".git/config", "data/contrail.sqlite3", "tests/conftest.py", "requirements-test.txt", ".venv/bin/python",
    "engine/__pycache__/core.cpython-311.pyc", ".pytest_cache/README.md", "renders/airships-1.png",
])
def test_the_build_context_leaves_out_secrets_data_and_tests(path: str) -> None:
    assert IGNORE.excludes(path)


@pytest.mark.slow
def test_the_copied_files_run_the_bot_the_games_and_the_check(tmp_path: Path) -> None:
    # The image's /app, laid out from the COPY lines: every module imports, every game loads its data files and
    # draws its board, and --check reads a database the store created. A folder copied wrongly fails here.
    app = tmp_path / "app"
    copied = build_app(ROOT, DOCKERFILE, IGNORE, app)
    assert "bot.py" in copied and not any(name.startswith("tests/") for name in copied)
    database = tmp_path / "data" / "contrail.sqlite3"
    environment = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "DATABASE_", "DISCORD_"))}
    environment["DATABASE_PATH"] = str(database)

    def run(*arguments: str) -> subprocess.CompletedProcess[str]:
        # No PYTHONPATH and cwd=/app: what imports comes from the copied files, as in the image, not the repository.
        return subprocess.run([sys.executable, *arguments], cwd=app, env=environment, capture_output=True,
                              text=True, timeout=120, check=False)

    missing = run("bot.py", "--check")
    assert missing.returncode == 3 and missing.stderr.startswith("No database yet at"), missing.stderr
    smoke = run("-c", SMOKE.format(database=str(database), repository=str(ROOT)))
    assert smoke.returncode == 0, smoke.stderr
    assert smoke.stdout.split() == ["games:", "3", "store:", "created"]
    check = run("bot.py", "--check")
    assert check.returncode == 0, check.stderr
    assert check.stdout.startswith("Database: SQLite") and str(database) in check.stdout


SMOKE = """
import asyncio, importlib, os, pkgutil, sys
# Only /app and the installed packages: the repository's folder (whose bot.py, engine/... would import) is not on
# the path. Compared as folders, not as text: a venv named like the repository's folder is no part of it.
assert os.path.realpath("{repository}") not in {{os.path.realpath(e or ".") for e in sys.path}}, sys.path
import bot, engine, renderers
for package in ("engine", "cogs", "renderers", "web"):
    for module in pkgutil.walk_packages(importlib.import_module(package).__path__, package + "."):
        if not module.name.endswith("__main__"):
            importlib.import_module(module.name)
slugs = engine.list_games()
for slug in slugs:
    game = engine.get_game(slug)
    assert game.guide
    state = game.setup(players=2, seed=1, options={{}})
    assert renderers.render(slug, game.view(state, None)).startswith(b"\\x89PNG")
print("games:", len(slugs))
from engine.store import Store
async def create():
    store = await Store.open({database!r})
    await store.close()
asyncio.run(create())
print("store: created")
"""


# --- compose.yaml


def services() -> dict[str, dict]:
    return COMPOSE["services"]


def test_the_bot_waits_for_a_healthy_postgres() -> None:
    bot, postgres = services()["bot"], services()["postgres"]
    assert bot["depends_on"]["postgres"]["condition"] == "service_healthy"
    assert "pg_isready" in postgres["healthcheck"]["test"]
    assert bot["build"] == "." and bot["env_file"] == ".env"
    assert bot["restart"] and postgres["restart"]


def test_postgres_is_the_major_version_the_tests_run_on() -> None:
    assert services()["postgres"]["image"] == "postgres:15"


def test_database_url_names_the_postgres_service_its_user_and_database() -> None:
    # The password is a ${...} that compose fills in; its text (with a "?") would confuse a URL parser.
    url = urlsplit(re.sub(r"\$\{[^}]*\}", "password", services()["bot"]["environment"]["DATABASE_URL"]))
    postgres = services()["postgres"]["environment"]
    assert url.scheme == "postgresql" and url.hostname == "postgres" and url.port == 5432
    assert url.username == postgres["POSTGRES_USER"] and url.path == "/" + postgres["POSTGRES_DB"]


def test_the_password_comes_from_env_or_compose_refuses_to_start() -> None:
    required = re.compile(r"\$\{POSTGRES_PASSWORD:\?[^}]+\}")
    url = services()["bot"]["environment"]["DATABASE_URL"]
    assert required.fullmatch(url.split("://contrail:", 1)[1].split("@postgres", 1)[0])
    assert required.fullmatch(services()["postgres"]["environment"]["POSTGRES_PASSWORD"])
    assert re.search(r"^POSTGRES_PASSWORD=$", (ROOT / ".env.example").read_text(), re.MULTILINE)


def test_every_named_volume_is_declared_and_postgres_keeps_its_data_in_one() -> None:
    used = {entry.split(":")[0] for service in services().values() for entry in service.get("volumes", [])}
    assert used and used <= set(COMPOSE["volumes"])
    assert any(entry.endswith(":/var/lib/postgresql/data") for entry in services()["postgres"]["volumes"])
    assert any(entry.endswith(":/data") for entry in services()["bot"]["volumes"])


def test_the_web_pages_read_the_same_postgres_and_listen_on_loopback_only() -> None:
    web, bot = services()["web"], services()["bot"]
    assert web["command"] == ["python", "-m", "web"] and web["image"] == bot["image"]
    assert web["environment"]["DATABASE_URL"] == bot["environment"]["DATABASE_URL"]
    assert web["ports"] == [f"127.0.0.1:{web['environment']['WEB_PORT']}:{web['environment']['WEB_PORT']}"]
    assert web["depends_on"]["postgres"]["condition"] == "service_healthy"
