# Builds the API and the web app; the same image serves both (the web service uses nginx with the built files).
# Node 24 is the LTS line (Node 20 reached its end of life on 2026-04-30); CI runs the API suite on it.
FROM node:24-bookworm-slim AS build
RUN npm install -g pnpm@10
WORKDIR /app
COPY . .
RUN pnpm install --frozen-lockfile && pnpm turbo run build --filter=@agentroom/api --filter=@agentroom/web

FROM node:24-bookworm-slim AS api
ENV NODE_ENV=production
# A container is reached through its published port, never its loopback.
ENV HOST=0.0.0.0
WORKDIR /app
COPY --from=build /app /app
EXPOSE 3000
CMD ["node", "--enable-source-maps", "apps/api/dist/main.js"]

FROM nginx:1.27-alpine AS web
COPY deploy/nginx.conf /etc/nginx/conf.d/default.conf
COPY deploy/security-headers.conf /etc/nginx/agentroom-security-headers.conf
COPY --from=build /app/apps/web/dist /usr/share/nginx/html
