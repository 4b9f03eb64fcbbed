import { Router } from 'express';
import type { AppContext } from '../context';
import { sendData } from '../http/envelope';
import { latestMail } from './outbox';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const linkify = (escaped: string) => escaped.replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

/** Development mailbox: what the outbox holds, readable without an SMTP server. Never mounted in production. */
export function devMailboxApiRoutes(ctx: AppContext): Router {
  const router = Router();
  router.get('/', async (_req, res) => {
    const mail = await latestMail(ctx.db);
    sendData(res, { messages: mail.map(({ html: _html, ...rest }) => rest) });
  });
  return router;
}

export function devMailboxPage(ctx: AppContext): Router {
  const router = Router();
  router.get('/', async (_req, res) => {
    const mail = await latestMail(ctx.db);
    const items = mail
      .map(
        (m) => `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">To ${escapeHtml(m.to)} · ${m.createdAt.toISOString()} · ${m.status}</p><pre>${linkify(escapeHtml(m.text))}</pre></article>`,
      )
      .join('\n');
    res.type('html').send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Agentroom dev mailbox</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#111}article{border:1px solid #ddd;border-radius:12px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap;word-break:break-all}.meta{color:#666;font-size:.85rem}</style>
</head><body><h1>Dev mailbox</h1><p class="meta">Mail the outbox holds (no SMTP_URL set). Newest first.</p>${items || '<p>No mail yet.</p>'}</body></html>`);
  });
  return router;
}
