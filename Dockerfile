# syntax=docker/dockerfile:1
#
# Lectio in one image: the Fastify server (bundled by esbuild into apps/server/dist and run with node,
# as `pnpm start` does) serving the API and the built web app. Data (the embedded PGlite database when
# DATABASE_URL is unset, local media, the generated JWT secret) lives in the /data volume.
#
#   docker build -t lectio .
#   docker run -p 3000:3000 -v lectio-data:/data -e PUBLIC_URL=https://lectio.example.com \
#     -e STRIPE_SECRET_KEY=sk_live_... -e STRIPE_PUBLISHABLE_KEY=pk_live_... lectio
#
# The image runs with NODE_ENV=production, which refuses to start until two things are decided
# (apps/server/src/config.ts; the log says which variable to set):
#   - PUBLIC_URL: the https:// address users open (the refresh cookie is then Secure and HSTS is sent);
#     ALLOW_INSECURE_HTTP=true serves over plain http instead, for a local trial only.
#   - Payments: STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY take real ones (add STRIPE_WEBHOOK_SECRET);
#     PAYMENT_PROVIDER=test runs test mode (no money, card 4242 4242 4242 4242) on purpose.
# A new database gets no demo data (SEED_DEMO=false) and no accounts: the log prints a one-time setup
# token and the /setup page where it creates the first admin. Or from the command line (it asks for the
# password): with DATABASE_URL, `docker exec -it <container> node apps/server/dist/admin-create.js`; with
# the embedded database, which one process at a time may open, stop the container first and run
#   docker run --rm -it -v lectio-data:/data lectio node apps/server/dist/admin-create.js
# A local trial with the demo accounts:
#   docker run -p 3000:3000 -e ALLOW_INSECURE_HTTP=true -e PAYMENT_PROVIDER=test -e SEED_DEMO=true lectio
#
# Stages: `manifests` (workspace manifests + lockfile, so dependency layers rebuild only when they
# change), `build` (all dependencies, builds apps/web/dist and apps/server/dist), `prod-deps` (production
# dependencies of the server and the workspace packages it imports: the bundle loads argon2 and PGlite,
# which stay outside it, through packages/db/node_modules), `runtime` (the final image).

ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS base
# Major 12 wrote pnpm-lock.yaml. corepack cannot verify pnpm's signatures on these machines (STACK-NOTES).
ARG PNPM_VERSION=12
RUN npm install -g "pnpm@${PNPM_VERSION}" && npm cache clean --force
WORKDIR /app

FROM base AS manifests
# CI=true: installs are frozen and never prompt.
ENV CI=true
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml ./
# Every workspace project's manifest, so the frozen lockfile matches the workspace exactly.
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/db/package.json packages/db/
COPY packages/mocks/package.json packages/mocks/
COPY e2e/package.json e2e/
COPY bench/package.json bench/

FROM manifests AS build
RUN pnpm install --frozen-lockfile
COPY tsconfig.base.json tsconfig.json turbo.json ./
COPY packages packages
COPY apps apps
RUN pnpm --filter @lectio/web --filter @lectio/server build

FROM manifests AS prod-deps
# `@lectio/server...` = the server and its workspace dependencies (contracts, db); no devDependencies.
RUN pnpm install --frozen-lockfile --prod --filter "@lectio/server..."

FROM base AS runtime
# SEED_DEMO is false by default too; said here so that the image never seeds demo accounts by accident.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    WEB_DIST_DIR=/app/apps/web/dist \
    SEED_DEMO=false
COPY --from=prod-deps /app ./
# The server bundle (and admin-create.js) with the migrations and demo media its build copies next to it.
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
# Only the data directory needs to be writable; the app itself stays root-owned and read-only to it.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Migrating an empty database (and seeding it, with SEED_DEMO=true) takes a while on first start: hence the
# start period.
HEALTHCHECK --interval=15s --timeout=5s --start-period=90s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/v1/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]
