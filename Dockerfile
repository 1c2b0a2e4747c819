# syntax=docker/dockerfile:1
# Three stages: `build` compiles the web site and bundles the API with every dev tool, `server-deps`
# installs only the production dependencies of the API (native better-sqlite3 built there),
# `runtime` is the small image: Node, those dependencies, the API bundle (plain JavaScript, our
# shared code inlined) and the built site, as user `node`. No TypeScript, sources or tests.

FROM node:20-bookworm-slim AS base
WORKDIR /app
# npm checks the lock file against every workspace, so all package.json files come along.
COPY package.json package-lock.json .npmrc ./
COPY shared/package.json shared/
COPY api/package.json api/
COPY web/package.json web/
COPY desktop/package.json desktop/
COPY bench/package.json bench/

FROM base AS build
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
RUN npm ci --workspace shared --workspace api --workspace web --include-workspace-root
COPY tsconfig.json tsconfig.base.json ./
COPY shared shared
COPY api api
COPY web web
RUN npm run build --workspace web && npm run build --workspace api

FROM base AS server-deps
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
RUN npm ci --omit=dev --workspace shared --workspace api && npm cache clean --force

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data UPLOADS_DIR=/uploads WEB_DIST_DIR=/app/web/dist
# pg_dump and pg_restore for backups (docs/operations.md#backups). pg_dump must be of the database
# server's major version or newer: Debian bookworm's client is 15, as compose's postgres:15 image.
# A newer server needs the client of its version, from the PostgreSQL apt repository.
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-client-15 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=server-deps /app/package.json ./
COPY --from=server-deps /app/node_modules node_modules
# What npm nests under the api workspace (a version other than the hoisted one: tar-stream 3).
COPY --from=server-deps /app/api/node_modules api/node_modules
COPY --from=build /app/api/package.json api/
COPY --from=build /app/api/dist api/dist
COPY --from=build /app/web/dist web/dist
RUN mkdir -p /data /uploads /backups && chown node:node /data /uploads /backups
USER node
EXPOSE 3000
# Liveness only; docker-compose checks readiness (/api/ready: the database answers) instead.
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:3000/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Migrations run at start under a PostgreSQL advisory lock, so replicas may start together.
CMD ["node", "--enable-source-maps", "api/dist/main.js"]
