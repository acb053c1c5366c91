# Production image of one frontend app: the host or one of the five remotes, chosen by the build arg APP
# (the app's folder: host, mfe-leads, mfe-brokers, mfe-management, mfe-settings, mfe-dashboard).
# Build from the repository root:  docker build -f docker/frontend.Dockerfile --build-arg APP=mfe-leads .
# Stage 1 builds <APP>/dist with webpack; stage 2 serves it with nginx on port 80 (docker/nginx.conf).
# The host image writes /config.json at container start from its environment (docker/host-config.sh).

FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN npm install -g pnpm@10.34.9
# Manifests first: the install layer is reused until the lockfile or a package.json changes, and (APP being
# declared only below) it is the same layer for all six images. Every package of pnpm-workspace.yaml is listed,
# so that the frozen install sees the workspace the lockfile was written for.
COPY pnpm-lock.yaml pnpm-workspace.yaml package.json tsconfig.base.json ./
# The lockfile names patched dependencies (package.json, patchedDependencies): the install needs the patches.
COPY patches patches
COPY shared/package.json shared/
COPY api/package.json api/
COPY host/package.json host/
COPY mfe-leads/package.json mfe-leads/
COPY mfe-brokers/package.json mfe-brokers/
COPY mfe-management/package.json mfe-management/
COPY mfe-settings/package.json mfe-settings/
COPY mfe-dashboard/package.json mfe-dashboard/
COPY e2e/package.json e2e/
RUN pnpm install --frozen-lockfile
# The whole context (.dockerignore keeps node_modules, dist and data out), so the image builds exactly what a
# local `pnpm --filter @crm/<app> build` builds, whatever the apps' configs import.
COPY . .
ARG APP
RUN test -n "$APP" && test -f "$APP/package.json" \
      || { echo "build arg APP must name an app folder (host, mfe-leads, ...), got '$APP'" >&2; exit 1; }
RUN pnpm --filter "@crm/$APP" build
RUN if [ "$APP" = host ]; then test -f host/dist/index.html; \
    else test -f "$APP/dist/mf-manifest.json" && test -f "$APP/dist/remoteEntry.js"; fi \
      || { echo "$APP/dist lacks index.html (host) or mf-manifest.json and remoteEntry.js (remote)" >&2; exit 1; }

FROM nginx:1.27-alpine
ARG APP
COPY docker/nginx.conf /tmp/nginx.conf.template
COPY docker/host-config.sh /docker-entrypoint.d/40-host-config.sh
# Render the server block (only this variable is substituted; nginx's own $uri etc. stay):
#   host:    SPA fallback to /index.html; its security headers are written at start with /config.json;
#   remotes: no fallback (a missing file is a 404); nosniff and Access-Control-Allow-Origin: * on every file.
# Only the host keeps the entrypoint hook that writes /config.json and its headers.
RUN set -eu; \
    if [ "$APP" = host ]; then \
      SPA_FALLBACK=/index.html; \
      chmod 755 /docker-entrypoint.d/40-host-config.sh; \
    else \
      SPA_FALLBACK='=404'; \
      rm /docker-entrypoint.d/40-host-config.sh; \
      printf '%s\n' 'add_header X-Content-Type-Options "nosniff" always;' \
        'add_header Referrer-Policy "strict-origin-when-cross-origin" always;' \
        'add_header Access-Control-Allow-Origin "*" always;' > /etc/nginx/security-headers.conf; \
    fi; \
    export SPA_FALLBACK; \
    envsubst '${SPA_FALLBACK}' < /tmp/nginx.conf.template > /etc/nginx/conf.d/default.conf; \
    rm /tmp/nginx.conf.template; \
    rm -rf /usr/share/nginx/html/*
COPY --from=build /app/${APP}/dist /usr/share/nginx/html
EXPOSE 80
HEALTHCHECK --interval=10s --timeout=3s \
  CMD wget -q -O /dev/null http://127.0.0.1/index.html \
   || wget -q -O /dev/null http://127.0.0.1/mf-manifest.json || exit 1
