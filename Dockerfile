# The production image: the built server and CLI (plain JavaScript, `npm run build`) with the
# runtime dependencies only. One image runs as many stateless nodes as you like on PostgreSQL,
# S3/MinIO and SMTP (docs/deployment.md); alone, with no configuration, it runs the embedded
# defaults in /data.
#
#   docker build -t egypt-evisa-agency .
#   docker run -p 3000:3000 -v evisa-data:/data egypt-evisa-agency

ARG NODE_IMAGE=node:20-bookworm-slim

# 1. Build: every dependency, then the web app and the server transpiled to dist/.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# better-sqlite3 compiles its native addon when no prebuilt binary can be fetched.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. Runtime dependencies only (no Vite, TypeScript, tsx or test tools).
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# 3. The image: non-root, data in /data, migrations applied at start, SIGTERM drains. PostgreSQL's
#    client tools (pg_dump, pg_restore, psql) for `evisa backup` / `evisa restore` on PostgreSQL:
#    Debian bookworm's are version 15; for a newer server install its version's client instead.
FROM ${NODE_IMAGE}
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-client && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
COPY bin ./bin
RUN mkdir -p /data && chown node:node /data && ln -s /app/bin/evisa.mjs /usr/local/bin/evisa
USER node
VOLUME ["/data"]
EXPOSE 3000
# Ready = the database and the file storage answer (GET /api/health); a node that is not is taken
# out of the proxy's rotation.
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node itself is PID 1 and handles SIGTERM: it stops accepting, finishes in-flight requests
# (up to 10 s), stops its background work and closes the database.
CMD ["node", "dist/apps/http/main.js"]
