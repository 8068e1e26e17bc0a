# The image of the distributed profile's gateways, workers and bootstrap; docker-compose.yml picks
# the command. Two stages:
#  - build: the web client's dependencies (dev ones too) and its production build;
#  - runtime: the production dependencies of events/, workers/ and gateway/ (no compiler, no tsx,
#    no vite, no firebase-tools), their TypeScript sources, which Node 24 runs as they are (it
#    strips the types), and the built web client, which the gateway serves (WEB_CLIENT_DIR).
# Every native module comes prebuilt from the npm registry (better-sqlite3, sharp, esbuild): no
# install script runs (.npmrc), so neither stage needs python or g++.

FROM node:24-bookworm-slim AS build
# The npm the lock file and .npmrc are written for (allowScripts, strict-allow-scripts).
RUN npm install -g npm@11 --no-audit --no-fund
WORKDIR /app
# npm ci checks every workspace's package.json against the lock file.
COPY package.json package-lock.json .npmrc ./
COPY events/package.json events/
COPY workers/package.json workers/
COPY gateway/package.json gateway/
COPY web/package.json web/
COPY infra/package.json infra/
RUN npm ci --workspace web --no-audit --no-fund
COPY tsconfig.base.json ./
COPY web web
# The web client is built with the URLs browsers reach. An empty VITE_API_URL: the API on the
# page's own origin, the gateway that serves it. VITE_AUTH_EMULATOR_URL empty: the real Firebase
# project of the three settings after it.
ARG VITE_API_URL=
ARG VITE_AUTH_EMULATOR_URL=http://localhost:9099
ARG VITE_FIREBASE_PROJECT_ID=demo-resale
ARG VITE_FIREBASE_API_KEY=demo-api-key
ARG VITE_FIREBASE_AUTH_DOMAIN=demo-resale.firebaseapp.com
RUN npm run --workspace web build

FROM node:24-bookworm-slim
RUN npm install -g npm@11 --no-audit --no-fund && npm cache clean --force
WORKDIR /app
# Only the three workspaces that run here: without web/ and infra/ beside them, npm ci installs
# nothing of theirs (with them, --workspace still left 188 of their packages in).
COPY package.json package-lock.json .npmrc ./
COPY events/package.json events/
COPY workers/package.json workers/
COPY gateway/package.json gateway/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY events/src events/src
COPY workers/src workers/src
COPY workers/assets workers/assets
COPY gateway/src gateway/src
COPY --from=build /app/web/dist web/dist
ENV WEB_CLIENT_DIR=/app/web/dist
USER node
# docker-compose.yml runs node itself as PID 1 (not npm), so `docker stop` reaches the graceful
# close: the gateway (gateway/src/server.ts), a worker (workers/src/worker-main.ts), bootstrap.
WORKDIR /app/gateway
CMD ["node", "--max-semi-space-size=8", "src/server.ts"]
