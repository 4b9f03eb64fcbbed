import type { IncomingMessage, ServerResponse } from 'node:http';
import { startFakeLlm as startTestkitLlm, type LlmScript, type RecordedRequest } from '@agentroom/testkit';

/** What the AI journey sees the fake model write: the first part streams, then it waits for a release. */
const FAKE_REPLY = {
  before: ['Nova here. ', 'Let me think ', 'about that'],
  after: ['… ', 'the answer is **forty-two**.'],
} as const;
export const FAKE_REPLY_PARTIAL = FAKE_REPLY.before.join('');
export const FAKE_REPLY_FINAL = 'Nova here. Let me think about that… the answer is forty-two.';

/** A stream never waits longer than this for its release: a journey that forgets cannot hang the server. */
const HOLD_LIMIT_MS = 30_000;

/**
 * The testkit's fake OpenAI-compatible server (real HTTP and SSE), started by the global setup
 * because the API child process calls it. Each reply streams its first chunks, then holds until
 * `POST /control/release` (from a journey, which runs in another process), so a journey can see
 * the partial text on screen before the rest arrives, without timing anything.
 */
export async function startFakeLlm() {
  const held = new Set<() => void>();
  // Scripts a journey registered for requests whose last message contains a word of its own: the
  // journey's agent asks for a tool, then answers with the result, whatever else runs meanwhile.
  const rules: { lastMessageContains: string; script: LlmScript }[] = [];
  const pick = (request: RecordedRequest) => {
    const last = request.messages.at(-1)?.content;
    const text = typeof last === 'string' ? last : JSON.stringify(last ?? '');
    return rules.find((rule) => text.includes(rule.lastMessageContains))?.script;
  };

  const hold = (res: ServerResponse) =>
    new Promise<void>((resolve) => {
      const release = () => {
        clearTimeout(timer);
        held.delete(release);
        resolve();
      };
      const timer = setTimeout(release, HOLD_LIMIT_MS);
      held.add(release);
      res.on('close', release); // stopped by the user: the API aborts the request
    });

  const llm = await startTestkitLlm({
    pick,
    route: (req, res) => {
      if (req.method === 'POST' && req.url === '/control/when') {
        void readJson(req).then((rule) => {
          rules.push(rule as (typeof rules)[number]);
          res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
        });
        return true;
      }
      if (req.method === 'POST' && req.url === '/control/release') {
        const count = held.size;
        for (const release of [...held]) release();
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ released: count }));
        return true;
      }
      if (req.method === 'GET' && req.url === '/control/state') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ requests: llm.requests.length, held: held.size }));
        return true;
      }
      return false;
    },
  });
  llm.setDefault({ chunks: [...FAKE_REPLY.before, ...FAKE_REPLY.after], pauseAfter: FAKE_REPLY.before.length, resume: hold });

  return {
    /** LLM_BASE_URL for the API. */
    baseUrl: llm.baseUrl,
    /** Where journeys release held replies. */
    controlUrl: llm.baseUrl.replace(/\/v1$/, '/control'),
    close: async () => {
      for (const release of [...held]) release();
      await llm.close();
    },
  };
}

function readJson(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (data += chunk));
    req.on('end', () => resolve(JSON.parse(data)));
    req.on('error', reject);
  });
}
