# Runs the bot with its SQLite database on a volume:
#   docker build -t kasane-table .
#   docker run -d --name kasane --env-file .env -v kasane-data:/data kasane-table
# `docker stop kasane` stops it gracefully (SIGTERM: moves under way are finished, the database
# closed). HEALTHCHECK runs `python -m bot --health`: healthy while the bot is connected to
# Discord and can write its database (`docker inspect --format '{{.State.Health.Status}}'`).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    DATABASE_PATH=/data/kasane.sqlite3

# tini as PID 1: it passes SIGTERM on to the bot and reaps any child process.
RUN apt-get update \
    && apt-get install -y --no-install-recommends tini \
    && rm -rf /var/lib/apt/lists/*

WORKDIR /app
COPY pyproject.toml README.md constraints.txt ./
COPY games ./games
COPY bot ./bot
COPY cogs ./cogs
# The exact dependency versions of constraints.txt, so every build runs the same code.
RUN pip install --no-cache-dir --constraint constraints.txt . \
    && useradd --create-home --uid 1000 bot \
    && mkdir -p /data && chown bot /data

USER bot
VOLUME ["/data"]
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 \
    CMD ["python", "-m", "bot", "--health"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["python", "-m", "bot"]
