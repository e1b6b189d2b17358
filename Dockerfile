# syntax=docker/dockerfile:1
# The platform's container images: one multi-stage file, one target per process.
#   api      REST API and the built web client (push attached unless OJ_ATTACH_GATEWAY=false)
#   gateway  standalone socket.io push gateway
#   judge    judge runner: the bubblewrap sandbox and the toolchains (needs a privileged container:
#            see docs/deploy.md)
# docker compose builds all three (docker-compose.yml); by hand: docker build --target api -t oj-api .
# Processes run the JavaScript bundles of scripts/build.mjs with plain node, never tsx.

ARG NODE_IMAGE=node:20-bookworm-slim

# 1. Every dependency (dev ones too: the build needs vite, esbuild, typescript).
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
# argon2 builds its native addon here when no prebuilt binary fits the platform.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY protocol/package.json protocol/
COPY services/package.json services/
COPY judge-runner/package.json judge-runner/
COPY web/package.json web/
COPY sdk/package.json sdk/
RUN npm install --no-audit --no-fund

# 2. Build: the web client (web/dist) and the server bundles (dist/).
FROM deps AS build
COPY . .
RUN npm run build -w @oj/web && node scripts/build.mjs

# 3. Production dependencies only, and no client sources.
FROM build AS pruned
RUN npm prune --omit=dev --no-audit --no-fund \
  && rm -rf web/src web/e2e web/node_modules/.vite artifacts .turbo

# 4. The common runtime. The bundles resolve data files (migrations, sample problems, the sandbox
#    helper's C source, web/dist) from the source paths they were built at, so /app stays /app.
FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
ENV NODE_ENV=production
COPY --from=pruned /app /app

FROM runtime AS api
ENV PORT=8080
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "deploy/healthcheck.mjs", "http://127.0.0.1:8080/readyz"]
CMD ["node", "--enable-source-maps", "dist/services/api.js"]

FROM runtime AS gateway
ENV OJ_GATEWAY_PORT=8081
EXPOSE 8081
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "deploy/healthcheck.mjs", "http://127.0.0.1:8081/socket.io/?EIO=4&transport=polling"]
CMD ["node", "--enable-source-maps", "dist/services/gateway.js"]

# The judge: the same packages as a host install (judge-runner/scripts/toolchain-packages.txt,
# installed by judge-runner/scripts/install-toolchains.sh), run as root because the runner's
# keeper mounts the slots' tmpfs and writes the cgroups; untrusted code runs as uid 65534 inside.
FROM runtime AS judge
RUN sh judge-runner/scripts/install-toolchains.sh && rm -rf /var/lib/apt/lists/*
ENV OJ_JUDGE_HEALTH_FILE=/tmp/oj-judge-heartbeat
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "judge-runner/scripts/healthcheck.mjs"]
CMD ["node", "--enable-source-maps", "dist/judge-runner/main.js"]
