import { stat } from 'node:fs/promises';
import path from 'node:path';
import { isWebAppPath } from '@agentroom/shared/contract';
import compression from 'compression';
import express, { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';

/** Hashed file names never change content: a year, and no revalidation while it lasts. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html names the current hashed files: always revalidated (an ETag makes that a 304). */
const REVALIDATE = 'no-cache';

type Encoding = 'br' | 'gzip';
const PRECOMPRESSED: { encoding: Encoding; suffix: string }[] = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
];

/** The encodings the client accepts with q > 0 (Accept-Encoding, `*` included), brotli before gzip. */
function acceptedEncodings(header: string | undefined): Set<Encoding> {
  const q = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const accepts = (name: string) => (q.get(name) ?? q.get('*') ?? 0) > 0;
  return new Set(PRECOMPRESSED.map((p) => p.encoding).filter(accepts));
}

const isFile = async (file: string) => (await stat(file).catch(() => undefined))?.isFile() ?? false;

function plainNotFound(res: Response) {
  res.status(404).type('text/plain').set('Cache-Control', REVALIDATE).send('Not found\n');
}

/**
 * /assets/*: the build's hashed files, cached for a year. The web build writes a `.br` and a `.gz`
 * beside each text file (apps/web/vite.config.ts); the one the client accepts is sent with its
 * Content-Encoding, so nothing is compressed per request. A missing file is a plain 404, never the
 * app's HTML (a script request must not get a page).
 */
function hashedAssets(assetsDir: string): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let relative: string;
    try {
      relative = decodeURIComponent(req.path);
    } catch {
      return plainNotFound(res);
    }
    const file = path.join(assetsDir, relative);
    if (!file.startsWith(assetsDir + path.sep) || relative.includes('\0') || path.basename(file).startsWith('.') || !(await isFile(file)))
      return plainNotFound(res);
    const accepted = acceptedEncodings(req.headers['accept-encoding']);
    let sent = file;
    for (const { encoding, suffix } of PRECOMPRESSED) {
      if (accepted.has(encoding) && (await isFile(file + suffix))) {
        res.set('Content-Encoding', encoding);
        sent = file + suffix;
        break;
      }
    }
    res.vary('Accept-Encoding');
    res.type(path.extname(file));
    res.sendFile(sent, { headers: { 'Cache-Control': IMMUTABLE }, cacheControl: false, dotfiles: 'deny' }, (error) => {
      if (error && !res.headersSent) next(error);
    });
  };
}

/**
 * The built SPA. index.html answers the app's own pages (`WEB_APP_PATHS`, the
 * route table of the web app) with 200; other files at the top level (favicon, robots.txt) are
 * served as they are; what is left is a 404 — plain text for anything that looks like a file (a
 * last segment with an extension: /wp-login.php, /favicon.ico) or is under /assets, and index.html
 * with status 404 for other paths, so a person who mistyped a link sees the app's not-found page.
 */
export function webAppRoutes(distDir: string): Router {
  const indexHtml = path.join(distDir, 'index.html');
  const router = Router();
  const sendIndex = (res: Response, status: number) =>
    res.status(status).sendFile(indexHtml, { headers: { 'Cache-Control': REVALIDATE }, cacheControl: false });

  router.use('/assets', hashedAssets(path.join(distDir, 'assets')));
  router.get('/index.html', (_req, res) => sendIndex(res, 200));
  // The service worker and the manifest have fixed names and say which version of the app a browser
  // keeps offline: revalidated on every check (an ETag makes that a 304), so a deploy is seen at once.
  router.get(['/sw.js', '/manifest.webmanifest'], (req, res, next) =>
    res.sendFile(path.join(distDir, req.path), { headers: { 'Cache-Control': REVALIDATE }, cacheControl: false, dotfiles: 'deny' }, (error) => {
      if (error && !res.headersSent) next();
    }),
  );
  router.use(express.static(distDir, { index: false, maxAge: '1h', redirect: false }));
  router.get(/^\/(?!api\/|socket\.io\/)/, (req, res) => {
    if (isWebAppPath(req.path)) return sendIndex(res, 200);
    const lastSegment = req.path.slice(req.path.lastIndexOf('/') + 1);
    if (lastSegment.includes('.')) return plainNotFound(res);
    return sendIndex(res, 404);
  });
  return router;
}

/**
 * Brotli or gzip for the API's JSON and the few files compressed on the fly (index.html and the
 * top-level files above 1 KiB; hashed assets arrive precompressed and are left alone). GET and HEAD
 * answers, and the one POST whose answer is a page of history (opening a chat: ≈ 30 KB of JSON, on
 * the chat page's first load); the send path's small POST answers skip the middleware. Never compressed: Socket.IO
 * (engine.io answers before Express anyway), event streams (they must flush each event), responses
 * marked `Cache-Control: no-transform`, and types that are compressed already (images, archives,
 * PDFs: `compressible` says no), which covers most attachment downloads.
 */
/** POST /chat/open: the agent, the conversation and its newest page of messages. */
const CHAT_OPEN_PATH = '/api/v1/chat/open';

export function compressResponses(): RequestHandler {
  const compress = compression({
    threshold: 1024,
    filter: (req, res) => {
      if (req.path.startsWith('/socket.io/')) return false;
      const type = String(res.getHeader('Content-Type') ?? '');
      if (type.startsWith('text/event-stream')) return false;
      return compression.filter(req, res);
    },
  });
  return (req: Request, res: Response, next: NextFunction) =>
    req.method === 'GET' || req.method === 'HEAD' || (req.method === 'POST' && req.path === CHAT_OPEN_PATH) ? compress(req, res, next) : next();
}
