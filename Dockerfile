# Crawford in a container: `crawford serve` as a non-root user on port 8080, with the
# SQLite database on a volume. Build:  docker build -t crawford .
# Run:    docker run -p 8080:8080 -v crawford-data:/var/lib/crawford \
#                    -e CRAWFORD_TD_PASSWORD='choose one' crawford

# ---- build stage: compilers and -dev packages, thrown away afterwards ----
FROM debian:bookworm AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends gcc libc6-dev make pkg-config \
      libmicrohttpd-dev libsqlite3-dev libjansson-dev libsodium-dev zlib1g-dev libqrencode-dev libutf8proc-dev \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY Makefile ./
COPY schema ./schema
COPY server ./server
# `make build` checks the packages above (all present, so it installs nothing) and
# builds the release binary with the migrations embedded in it.
RUN make build

# ---- runtime stage: only the shared libraries the binary links ----
FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends \
      libmicrohttpd12 libsqlite3-0 libjansson4 libsodium23 zlib1g libqrencode4 libutf8proc2 \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 --home-dir /var/lib/crawford --shell /usr/sbin/nologin crawford \
 && mkdir -p /var/lib/crawford \
 && chown crawford:crawford /var/lib/crawford
COPY --from=build /src/build/rel/crawford /usr/local/bin/crawford
COPY static /usr/share/crawford/static
COPY config/docker.json /etc/crawford/crawford.json

USER crawford
# The database (and its -wal and -shm files) lives here: keep it on a volume.
VOLUME ["/var/lib/crawford"]
EXPOSE 8080
# SIGTERM (docker stop) makes crawford finish requests in flight and close the database.
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/crawford"]
CMD ["serve", "--config", "/etc/crawford/crawford.json"]
