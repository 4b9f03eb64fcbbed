import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { connectSocket, joinConversation } from '../chat/chat-fixtures';

/** Resolves with the exit code once the process has exited. */
export function exitCodeOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** Resolves once the server refuses new connections (its listener is closed). */
export async function listenerClosed(url: string): Promise<void> {
  const { hostname, port } = new URL(url);
  for (;;) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = net.connect(Number(port), hostname);
      socket.once('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', () => resolve(true));
    });
    if (refused) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A request the server has started on but cannot finish yet: it has the headers (answered
 * `100 Continue`) and part of the body. `finish()` sends the rest and resolves with the response.
 */
export async function requestInFlight(url: string, path: string, body: string, agent: http.Agent) {
  const req = http.request(`${url}${path}`, {
    method: 'POST',
    agent,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), expect: '100-continue' },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.once('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.once('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.once('error', reject);
    });
    req.once('error', reject);
  });
  response.catch(() => undefined); // abandoned requests (the deadline test) end with a socket error
  await new Promise<void>((resolve) => req.once('continue', () => resolve()));
  const half = Math.floor(body.length / 2);
  req.write(body.slice(0, half));
  return {
    finish: () => {
      req.end(body.slice(half));
      return response;
    },
    abandon: () => req.destroy(),
  };
}

/**
 * On a spawned API process (no SMTP: its dev mailbox holds the mail): a verified user, a team with an
 * AI agent, a conversation with it joined by a socket, and one message sent that the agent answers.
 */
export async function aiChatOnProcess(url: string) {
  const call = async (method: string, route: string, body?: unknown, token?: string) => {
    const res = await fetch(`${url}/api/v1${route}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { data: Record<string, unknown> }).data;
  };
  const id = Math.random().toString(36).slice(2, 8);
  const email = `handover${id}@example.test`;
  await call('POST', '/auth/register', { username: `handover${id}`, email, password: 'Passw0rdOk' });
  const mailbox = (await call('GET', '/dev/mailbox')).messages as { to: string; text: string }[];
  const mail = mailbox.find((m) => m.to === email)!;
  await call('POST', '/auth/email/verify-email', { token: /token=([\w-]+)/.exec(mail.text)![1] });
  const token = (await call('POST', '/auth/login', { username: email, password: 'Passw0rdOk' })).token as string;
  const team = (await call('POST', '/teams', { name: 'Handover', handle: `handover-${id}` }, token)).team as { handle: string };
  const agent = (await call('POST', `/teams/${team.handle}/agents`, { firstName: 'Relay' }, token)).agent as { id: string };
  const conversation = (await call('POST', `/chat/conversations/${agent.id}/start`, { conversationType: 'personal', isTeamScoped: false }, token))
    .conversation as { id: string };
  const socket = await connectSocket(url, token);
  await joinConversation(socket, conversation.id);
  const streamStarted = new Promise<void>((resolve) => socket.once('message:stream', () => resolve()));
  await call('POST', `/chat/conversations/${conversation.id}/messages/async`, { content: 'a long answer, please', clientMessageId: id }, token);
  return { token, agentId: agent.id, conversationId: conversation.id, streamStarted };
}
