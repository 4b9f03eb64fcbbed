import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, useLocation } from 'react-router';
import { toast, Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TAttention, TChatMessage, TChatSender } from '@agentroom/shared';
import { ok, stubApi } from '../test/api-stub';
import { makeUser } from '../test/fixtures';
import { makeChatMessage } from '../test/inbox-fixtures';
import { fakeAuth, renderRoutes } from '../test/render';
import { RealtimeContext } from '../realtime/realtime-context';
import type { AppSocket } from '../realtime/socket-client';
import MessageNotifications from './message-notifications';

/** Lets the test play the server's events on the app-wide socket. */
class FakeSocket {
  private readonly listeners = new Map<string, Set<(payload: unknown) => void>>();
  on(event: string, listener: (payload: unknown) => void) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener);
    return this;
  }
  off(event: string, listener: (payload: unknown) => void) {
    this.listeners.get(event)?.delete(listener);
    return this;
  }
  serverSends(event: string, payload: unknown) {
    act(() => {
      for (const listener of this.listeners.get(event) ?? []) listener(payload);
    });
  }
}

/** Records the notifications the page shows, in a given permission state. */
function stubNotifications(permission: NotificationPermission) {
  const shown: { title: string; options: NotificationOptions; onclick: (() => void) | null; close: () => void }[] = [];
  class FakeNotification {
    static permission = permission;
    static requestPermission = vi.fn();
    onclick: (() => void) | null = null;
    close = vi.fn();
    constructor(
      readonly title: string,
      readonly options: NotificationOptions,
    ) {
      shown.push(this);
    }
  }
  vi.stubGlobal('Notification', FakeNotification);
  return shown;
}

// jsdom has no pointer capture; sonner's swipe-to-dismiss asks for it on pointerdown.
Element.prototype.setPointerCapture ??= () => {};
Element.prototype.releasePointerCapture ??= () => {};
Element.prototype.hasPointerCapture ??= () => false;

/** The toast showing `title`, to click its own Open button. */
const toastOf = async (title: string) => (await screen.findByText(title)).closest('li')!;

let visibility: DocumentVisibilityState = 'visible';
beforeEach(() => {
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
});
afterEach(() => {
  act(() => void toast.dismiss());
  Reflect.deleteProperty(document, 'visibilityState');
  vi.unstubAllGlobals();
});

const me = makeUser();
const MAYA_CHAT = '0193a0c4-0000-7000-8000-0000000000c1';
const LEO_CHAT = '0193a0c4-0000-7000-8000-0000000000c2';
const LAUNCH_ROOM = '0193a0c4-0000-7000-8000-0000000000c3';
const sender = (id: string, firstName: string, lastName: string): TChatSender => ({ id, firstName, lastName, role: 'user', avatarUrl: '', isAgent: false });
const maya = sender('0193a0c4-0000-7000-8000-0000000000b2', 'Maya', 'Chen');
const leo = sender('0193a0c4-0000-7000-8000-0000000000b3', 'Leo', 'Park');
const self = sender(me.agentId, 'Ada', 'Lovelace');

let seq = 0;
function message(conversationId: string, from: TChatSender, content: string): TChatMessage {
  seq += 1;
  return makeChatMessage({ id: `0193a0c4-0000-7000-8000-${String(seq).padStart(12, '0')}`, conversationId, seq, content, sender: from });
}

function Page({ name }: { name: string }) {
  const { pathname, search } = useLocation();
  return <p>{`${name} at ${pathname}${search}`}</p>;
}

/** `mayaChat`: my settings of the chat with Maya; `attention`: my do-not-disturb settings as the API answers them. */
function renderApp(path: string, { mayaChat = {}, attention, blocked }: { mayaChat?: object; attention?: object; blocked?: TChatSender[] } = {}) {
  const api = stubApi({
    ...(blocked ? { 'GET /users/me/blocks': ok({ blocked: blocked.map((person) => ({ ...person, username: person.firstName.toLowerCase() })) }) } : {}),
    [`GET /chat/conversations/${MAYA_CHAT}`]: ok({ conversation: { id: MAYA_CHAT, team: null, otherAgent: { username: 'maya' }, ...mayaChat } }),
    ...(attention ? { 'GET /users/me/attention': ok({ attention }) } : {}),
    [`GET /chat/conversations/${LEO_CHAT}`]: ok({ conversation: { id: LEO_CHAT, team: { id: 't', handle: 'night', name: 'Night Shift' }, otherAgent: { username: 'leo' } } }),
    [`GET /chat/conversations/${LAUNCH_ROOM}`]: ok({
      conversation: { id: LAUNCH_ROOM, team: { id: 't', handle: 'night', name: 'Night Shift' }, otherAgent: null, room: { name: 'launch' } },
    }),
  });
  const socket = new FakeSocket();
  const layout = (
    <RealtimeContext.Provider value={{ socket: socket as unknown as AppSocket, status: 'connected', error: null }}>
      <MessageNotifications />
      <Outlet />
      <Toaster />
    </RealtimeContext.Provider>
  );
  const { queryClient } = renderRoutes(
    [
      {
        element: layout,
        children: [
          { path: '/t/:handle', element: <Page name="Team page" /> },
          { path: '/p/:username', element: <Page name="Chat" /> },
          { path: '/t/:handle/p/:username', element: <Page name="Team chat" /> },
          { path: '/t/:handle/r/:room', element: <Page name="Room" /> },
        ],
      },
    ],
    { path, auth: fakeAuth({ isAuthenticated: true, isEmailVerified: true, user: me, token: 'tok' }) },
  );
  return { api, socket, queryClient };
}

describe('a toast for a message in another conversation', () => {
  it('names the sender, shows a short plain text, and opens the conversation', async () => {
    const { api, socket } = renderApp('/t/demo');
    const user = userEvent.setup();
    socket.serverSends('conversation:message', { conversationId: MAYA_CHAT, message: message(MAYA_CHAT, maya, 'Is **LLM_BASE_URL** set?') });
    const shown = await toastOf('Maya Chen');
    expect(within(shown).getByText('Is LLM_BASE_URL set?')).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: 'Open' }));
    expect(await screen.findByText('Chat at /p/@maya')).toBeInTheDocument();

    // The conversation's page is looked up once.
    socket.serverSends('conversation:message', { conversationId: MAYA_CHAT, message: message(MAYA_CHAT, leo, 'unused') });
    socket.serverSends('conversation:message', { conversationId: LEO_CHAT, message: message(LEO_CHAT, leo, 'later') });
    await screen.findByText('later');
    expect(api.callsTo(`GET /chat/conversations/${MAYA_CHAT}`)).toHaveLength(1);
  });

  it('opens a team conversation on its team path and says which team', async () => {
    const { socket } = renderApp('/t/demo');
    const user = userEvent.setup();
    socket.serverSends('conversation:message', { conversationId: LEO_CHAT, message: message(LEO_CHAT, leo, 'Shift starts at 9') });
    const shown = await toastOf('Leo Park · Night Shift');
    expect(within(shown).getByText('Shift starts at 9')).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: 'Open' }));
    expect(await screen.findByText('Team chat at /t/night/p/@leo')).toBeInTheDocument();
  });

  it('stays away for one’s own message, the open conversation and the conversation on screen', async () => {
    const { socket, queryClient } = renderApp('/p/maya');
    socket.serverSends('conversation:message', { conversationId: MAYA_CHAT, message: message(MAYA_CHAT, self, 'from me elsewhere') });
    socket.serverSends('message:received', message(MAYA_CHAT, maya, 'in the open room'));
    socket.serverSends('conversation:message', { conversationId: MAYA_CHAT, message: message(MAYA_CHAT, maya, 'before the room was joined') });
    socket.serverSends('conversation:message', { conversationId: LEO_CHAT, message: message(LEO_CHAT, leo, 'elsewhere') });
    expect(await screen.findByText('elsewhere')).toBeInTheDocument();
    // Every lookup of where a conversation opens has settled, so the others were decided too.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.queryByText('from me elsewhere')).not.toBeInTheDocument();
    expect(screen.queryByText('in the open room')).not.toBeInTheDocument();
    expect(screen.queryByText('before the room was joined')).not.toBeInTheDocument();
  });
});

describe('a room’s messages', () => {
  const mentioning = (from: TChatSender, content: string, mentions: string[]) => ({ ...message(LAUNCH_ROOM, from, content), mentions });

  it('notify only when they @mention me: "<Name> mentioned you in #room", opening the room', async () => {
    const { socket, queryClient } = renderApp('/t/demo');
    const user = userEvent.setup();
    socket.serverSends('conversation:message', { conversationId: LAUNCH_ROOM, message: message(LAUNCH_ROOM, leo, 'chatter for everyone') });
    socket.serverSends('conversation:message', { conversationId: LAUNCH_ROOM, message: mentioning(leo, '@maya look', [maya.id]) });
    socket.serverSends('conversation:message', { conversationId: LAUNCH_ROOM, message: mentioning(maya, `@${me.username} can you review?`, [me.agentId]) });
    const shown = await toastOf('Maya Chen mentioned you in #launch');
    expect(within(shown).getByText(`@${me.username} can you review?`)).toBeInTheDocument();
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.queryByText('chatter for everyone')).not.toBeInTheDocument();
    expect(screen.queryByText('@maya look')).not.toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: 'Open' }));
    expect(await screen.findByText('Room at /t/night/r/launch')).toBeInTheDocument();
  });

  it('in a thread of the room, mentioning me: the room’s rules and name, opening the thread beside the room', async () => {
    const { socket, api } = renderApp('/t/demo');
    const user = userEvent.setup();
    const THREAD = '0193a0c4-0000-7000-8000-0000000000d9';
    const ROOT = '0193a0c4-0000-7000-8000-0000000000a9';
    const inThread = { threadConversationId: THREAD, rootMessageId: ROOT, parentConversationId: LAUNCH_ROOM };
    socket.serverSends('conversation:message', { conversationId: THREAD, message: { ...mentioning(maya, `@${me.username} in the thread`, [me.agentId]), conversationId: THREAD, inThread } });
    const shown = await toastOf('Maya Chen mentioned you in #launch');
    await user.click(within(shown).getByRole('button', { name: 'Open' }));
    expect(await screen.findByText(`Room at /t/night/r/launch?thread=${ROOT}`)).toBeInTheDocument();
    expect(api.callsTo(`GET /chat/conversations/${THREAD}`)).toHaveLength(0);
  });

  it('mentioning me show a browser notification the same way while the tab is hidden', async () => {
    const shown = stubNotifications('granted');
    const { socket } = renderApp('/t/night/r/launch');
    visibility = 'hidden';
    socket.serverSends('message:received', message(LAUNCH_ROOM, leo, 'no mention'));
    socket.serverSends('message:received', mentioning(leo, `ping @${me.username}`, [me.agentId]));
    await waitFor(() => expect(shown).toHaveLength(1));
    expect(shown[0]).toMatchObject({ title: 'Leo Park mentioned you in #launch', options: { body: `ping @${me.username}`, tag: LAUNCH_ROOM } });
  });
});

describe('browser notifications', () => {
  it('show the sender and a short text while the tab is hidden; clicking focuses the tab and opens the conversation', async () => {
    const shown = stubNotifications('granted');
    const focus = vi.spyOn(window, 'focus').mockImplementation(() => {});
    const { socket } = renderApp('/t/demo');
    visibility = 'hidden';
    socket.serverSends('message:received', message(MAYA_CHAT, maya, 'Look at `this`'));
    await waitFor(() => expect(shown).toHaveLength(1));
    expect(shown[0]).toMatchObject({ title: 'Maya Chen', options: { body: 'Look at this', tag: MAYA_CHAT } });

    act(() => shown[0]!.onclick!());
    expect(focus).toHaveBeenCalled();
    expect(shown[0]!.close).toHaveBeenCalled();
    expect(await screen.findByText('Chat at /p/@maya')).toBeInTheDocument();
  });

  it('stay away while the tab is visible, for one’s own messages, and when turned off in this browser', async () => {
    const shown = stubNotifications('granted');
    const { socket } = renderApp('/t/demo');
    socket.serverSends('conversation:message', { conversationId: MAYA_CHAT, message: message(MAYA_CHAT, maya, 'while visible') });
    visibility = 'hidden';
    socket.serverSends('message:received', message(MAYA_CHAT, self, 'my own'));
    localStorage.setItem('agentroom:browser-notifications-off', '1');
    socket.serverSends('message:received', message(MAYA_CHAT, maya, 'turned off'));
    await screen.findByText('while visible');
    localStorage.removeItem('agentroom:browser-notifications-off');
    socket.serverSends('message:received', message(MAYA_CHAT, maya, 'shown'));
    await waitFor(() => expect(shown).toHaveLength(1));
    expect(shown[0]!.options.body).toBe('shown');
  });

  it('never show without permission', async () => {
    const shown = stubNotifications('default');
    const { socket } = renderApp('/t/demo');
    visibility = 'hidden';
    socket.serverSends('conversation:message', { conversationId: MAYA_CHAT, message: message(MAYA_CHAT, maya, 'no permission') });
    expect(await screen.findByText('no permission')).toBeInTheDocument();
    expect(shown).toEqual([]);
  });
});

describe('my notify level, mute and do not disturb', () => {
  const mentioningMe = (content: string) => ({ ...message(MAYA_CHAT, maya, content), mentions: [me.agentId] });

  it("show nothing for a conversation set to 'Nothing'", async () => {
    const shown = stubNotifications('granted');
    const { socket, queryClient } = renderApp('/t/demo', { mayaChat: { notifyLevel: 'none', muted: false } });
    visibility = 'hidden';
    socket.serverSends('conversation:message', { conversationId: MAYA_CHAT, message: mentioningMe(`@${me.username} hello`) });
    socket.serverSends('conversation:message', { conversationId: LEO_CHAT, message: message(LEO_CHAT, leo, 'from Leo') });
    expect(await screen.findByText('from Leo')).toBeInTheDocument();
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.queryByText(`@${me.username} hello`)).not.toBeInTheDocument();
    expect(shown.map((n) => n.title)).toEqual(['Leo Park · Night Shift']);
  });

  for (const [label, settings] of [
    ["at 'Mentions only'", { notifyLevel: 'mentions', muted: false }],
    ['when muted', { notifyLevel: 'all', muted: true }],
  ] as const) {
    it(`toast only messages that @mention me ${label}`, async () => {
      const { socket, queryClient } = renderApp('/t/demo', { mayaChat: settings });
      socket.serverSends('conversation:message', { conversationId: MAYA_CHAT, message: message(MAYA_CHAT, maya, 'small talk') });
      socket.serverSends('conversation:message', { conversationId: MAYA_CHAT, message: mentioningMe(`@${me.username} your turn`) });
      expect(await screen.findByText(`@${me.username} your turn`)).toBeInTheDocument();
      await waitFor(() => expect(queryClient.isFetching()).toBe(0));
      expect(screen.queryByText('small talk')).not.toBeInTheDocument();
    });
  }

  it('never come from someone I blocked, in a 1:1 or a room mentioning me; others still do', async () => {
    const shown = stubNotifications('granted');
    const { api, socket, queryClient } = renderApp('/t/demo', { blocked: [maya] });
    visibility = 'hidden';
    await waitFor(() => expect(api.callsTo('GET /users/me/blocks')).toHaveLength(1));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    socket.serverSends('conversation:message', { conversationId: MAYA_CHAT, message: message(MAYA_CHAT, maya, 'from a blocked person') });
    const mention = { ...message(LAUNCH_ROOM, maya, `@${me.username} blocked mention`), mentions: [me.agentId] };
    socket.serverSends('conversation:message', { conversationId: LAUNCH_ROOM, message: mention });
    socket.serverSends('conversation:message', { conversationId: LEO_CHAT, message: message(LEO_CHAT, leo, 'from Leo') });
    expect(await screen.findByText('from Leo')).toBeInTheDocument();
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.queryByText('from a blocked person')).not.toBeInTheDocument();
    expect(screen.queryByText(`@${me.username} blocked mention`)).not.toBeInTheDocument();
    expect(shown.map((n) => n.title)).toEqual(['Leo Park · Night Shift']);
  });

  it('show no toast and no browser notification while do not disturb is on', async () => {
    const shown = stubNotifications('granted');
    const until = new Date(Date.now() + 3_600_000).toISOString();
    const attention: TAttention = { status: null, dndUntil: until, dndSchedule: null, doNotDisturb: true };
    const { api, socket, queryClient } = renderApp('/t/demo', { attention });
    visibility = 'hidden';
    await waitFor(() => expect(api.callsTo('GET /users/me/attention')).toHaveLength(1));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    socket.serverSends('conversation:message', { conversationId: MAYA_CHAT, message: message(MAYA_CHAT, maya, 'during quiet hours') });
    await waitFor(() => expect(api.callsTo(`GET /chat/conversations/${MAYA_CHAT}`)).toHaveLength(1));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));

    // Turned off (as the dialog would): the next message toasts, the earlier one never did.
    act(() => queryClient.setQueryData(['attention', me.id], { ...attention, dndUntil: null, doNotDisturb: false }));
    socket.serverSends('conversation:message', { conversationId: MAYA_CHAT, message: message(MAYA_CHAT, maya, 'after quiet hours') });
    expect(await screen.findByText('after quiet hours')).toBeInTheDocument();
    expect(screen.queryByText('during quiet hours')).not.toBeInTheDocument();
    expect(shown.map((n) => n.options.body)).toEqual(['after quiet hours']);
  });
});
