# syntax=docker/dockerfile:1
# The dashboard as one image: built in the first stages, run from Next's standalone output as the
# unprivileged `node` user. The ledger's migrations are part of the server code and run at start.
# `npm run build:standalone` lays the folder out as it runs here and without Docker (README,
# "Deploying for a team"): server.js, .next/static, public, and user-add.mjs for the first admin.
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1 BUILD_STANDALONE=1
COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN npm run build:standalone

FROM ${NODE_IMAGE} AS runner
WORKDIR /app
# HOSTNAME: Docker sets it to the container's id, and the server listens on it.
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000 HOSTNAME=0.0.0.0 DATABASE_URL=file:/data/dashboard.db
RUN mkdir /data && chown node:node /data
COPY --from=build --chown=node:node /app/.next/standalone ./
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "server.js"]
