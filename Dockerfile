# syntax=docker/dockerfile:1
# The production image (README, "Production"): the web app and the server built into plain JavaScript, run with node as
# a non-root user beside Debian's ffmpeg (speech-to-text audio) and CJK fonts (invoices, AI 图文 cards, demo pictures).
#   docker build -t dso-server .
#   docker run -p 8080:8080 -v dso-data:/data --env-file .env dso-server
# NODE_ENV is production: the server refuses to start on sandbox providers or default secrets (.env.example).
# compose.yaml runs the same image as API instances, workers and the one-off migration.

FROM node:20-bookworm-slim AS build
WORKDIR /app
# The manifests first, so the install is redone only when a dependency changes.
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
COPY packages/domain/package.json packages/domain/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# The server's production dependencies alone (the build bundles @dso/contract and @dso/domain; it fails when the
# built code imports a package that is not a production dependency).
FROM node:20-bookworm-slim AS dependencies
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY packages/contract/package.json packages/contract/
COPY packages/domain/package.json packages/domain/
RUN npm ci --omit=dev --workspace @dso/server --no-audit --no-fund && npm cache clean --force

FROM node:20-bookworm-slim
RUN apt-get update \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ffmpeg fonts-noto-cjk \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=dependencies /app ./
# What the built server reads at run time (apps/server/src/lib/server-files.ts): its build, package.json, migrations
# and legal documents, and the web build it serves.
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/drizzle apps/server/drizzle
COPY --from=build /app/apps/server/legal apps/server/legal
COPY --from=build /app/apps/web/dist apps/web/dist
# DATA_DIR: the embedded database when DATABASE_URL is unset, and the files the product keeps (AI 图文 pictures,
# publishing uploads), which every API instance and worker of one deployment must share.
RUN mkdir /data && chown node:node /data
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 DATA_DIR=/data
VOLUME /data
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself as PID 1's command (no npm or shell in between), so SIGTERM reaches the server's graceful shutdown.
CMD ["node", "apps/server/dist/main.js"]
