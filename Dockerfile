# Runs the bot with its SQLite database on a volume:
#   docker build -t kasane-table .
#   docker run -d --env-file .env -v kasane-data:/data kasane-table
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    DATABASE_PATH=/data/kasane.sqlite3

WORKDIR /app
COPY pyproject.toml README.md ./
COPY games ./games
COPY bot ./bot
COPY cogs ./cogs
RUN pip install --no-cache-dir . \
    && useradd --create-home --uid 1000 bot \
    && mkdir -p /data && chown bot /data

USER bot
VOLUME ["/data"]
CMD ["python", "-m", "bot"]
