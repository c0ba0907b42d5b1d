# Kindred app image: builds the SPA and the server, then keeps only what runs.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev
# whisper.cpp for speech-to-text, compiled here because the runtime image has no compiler.
RUN apt-get update && apt-get install -y --no-install-recommends build-essential \
  && make -C node_modules/whisper-node/lib/whisper.cpp main \
  && rm -rf /var/lib/apt/lists/*

FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# `npm run cli -- …` runs the compiled command line here (cli/run.mjs; tsx is a dev dependency).
COPY --from=build /app/cli/run.mjs ./cli/run.mjs
COPY --from=build /app/web/dist ./web/dist
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s CMD node -e "fetch('http://127.0.0.1:3000/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# The CLI of this image: docker compose run --rm app node dist/cli/src/index.js <command>
CMD ["node", "dist/server/src/main.js"]
