# One image for the gateway, the workers and the web client of the distributed profile;
# docker-compose.yml picks the command.
FROM node:24-bookworm-slim
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
RUN npm install -g npm@11
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY events/package.json events/
COPY workers/package.json workers/
COPY gateway/package.json gateway/
COPY web/package.json web/
COPY infra/package.json infra/
RUN npm ci --no-audit --no-fund
COPY . .
ARG VITE_API_URL=http://localhost:5000
ARG VITE_AUTH_EMULATOR_URL=http://localhost:9099
RUN VITE_API_URL=$VITE_API_URL VITE_AUTH_EMULATOR_URL=$VITE_AUTH_EMULATOR_URL npm run -w web build
USER node
