# Contrail in a container: the bot on a slim Python, run by a user without root, its SQLite database in /data.
# Build and run: see "Docker" in the README (one command each). compose.yaml runs it beside PostgreSQL.

# The exact Python the bot is tested on. An argument, so a mirror (or a registry of your own) can supply the
# same image: docker build --build-arg PYTHON_IMAGE=registry.example/python:3.11.7-slim-bookworm .
ARG PYTHON_IMAGE=python:3.11.7-slim-bookworm
FROM ${PYTHON_IMAGE}

# Logs reach `docker logs` line by line; nothing writes .pyc files at run time (the code is read-only, below).
ENV PYTHONUNBUFFERED=1 \
    PYTHONDONTWRITEBYTECODE=1

WORKDIR /app

# The only step that may use the network: pip installs the versions requirements.txt pins, every package they need
# pinned there too (nothing from requirements-test.txt, nothing else), as ready-made wheels, since the slim base
# has no compiler. By default pip fetches them from PyPI (--build-arg PIP_INDEX_URL=... for a mirror). With the
# wheels put in wheels/ first (one command: see wheels/README.md) the build is offline: pip looks nowhere else,
# and `docker build --network none` works. The install step removes them, though the layer of their COPY keeps
# them (about 16 MB); from PyPI, that layer is empty.
ARG PIP_INDEX_URL=https://pypi.org/simple
COPY requirements.txt ./
COPY wheels/ ./wheels/
RUN from=""; if ls wheels/*.whl >/dev/null 2>&1; then from="--no-index --find-links=wheels"; fi; \
    pip install --no-cache-dir --disable-pip-version-check --only-binary=:all: $from -r requirements.txt \
    && rm -rf wheels

# A user of its own with a fixed id, so that a host folder mounted at /data can be handed to it (chown 10001).
# /data belongs to it before it becomes a volume: a new named volume starts as a copy of it, owner included.
# data/ links to /data, so a .env made from .env.example (DATABASE_PATH=data/contrail.sqlite3) lands there too.
RUN groupadd --system --gid 10001 contrail \
    && useradd --system --uid 10001 --gid contrail --home-dir /app --no-create-home --shell /usr/sbin/nologin contrail \
    && mkdir /data \
    && chown contrail:contrail /data \
    && ln -s /data /app/data

# The bot and the data files it loads (each game's components.toml and guide.toml, the fonts) live inside these
# packages. They stay owned by root: the bot can read its code but never change it.
COPY bot.py settings.py ./
COPY engine/ ./engine/
COPY cogs/ ./cogs/
COPY renderers/ ./renderers/
COPY web/ ./web/
RUN python -m compileall -q /app

ENV DATABASE_PATH=/data/contrail.sqlite3
VOLUME /data

# Numeric, so an orchestrator can see it is not root without reading /etc/passwd.
USER 10001:10001

# --check reads the database without changing it and exits 1 when it cannot, 3 when there is none yet. On a first
# start the bot creates the SQLite file (or PostgreSQL's tables) only once Discord has accepted its token, so failures
# in the first two minutes do not count; after that, three failed checks in a row mark the container unhealthy.
HEALTHCHECK --interval=30s --timeout=20s --start-period=2m --retries=3 CMD ["python", "bot.py", "--check"]

CMD ["python", "bot.py"]
