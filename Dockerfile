# syntax=docker/dockerfile:1
# Self-hosting image. Not built by CI (no container engine there): tests/unit checks that its build and start
# commands are the ones the README documents, and the test server runs that same start command.

# Build stage: every dependency (Astro, Tailwind, the type tools) to make dist/.
FROM node:24-slim AS build
WORKDIR /app
ENV ASTRO_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The public origin is baked into the build (Astro's `site`); pass it with --build-arg SITE_URL=https://me.example.
ARG SITE_URL
RUN npm run build

# Final stage: production dependencies and the built server. The command-line tools (db:migrate, owner-link,
# export, import) run from their TypeScript sources with Node's type stripping, so those come along too.
FROM node:24-slim
WORKDIR /app
# MALLOC_ARENA_MAX, MALLOC_MMAP_THRESHOLD_ and the flags in CMD: the server's (scripts/server-flags.ts says why).
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=4321 \
    DATA_DIR=/data \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=131072
COPY package.json package-lock.json ./
# The `node` package pin is a devDependency: the image's own Node 24 runs the server.
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY api ./api
COPY domain ./domain
COPY drizzle ./drizzle
COPY scripts ./scripts
# The embedded database (used when DATABASE_URL is not set) lives in the volume, owned by the unprivileged user.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 4321
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 4321) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The build made above, as `npm run preview` serves it (never rebuilt here: the sources are not all in the image).
CMD ["node", "--liftoff-only", "--max-semi-space-size=16", "--heap-growing-percent=20", "dist/server/entry.mjs"]
