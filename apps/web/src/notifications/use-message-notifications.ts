import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from '../ui/toast';
import { NOTIFICATION_TEXTS as T, type TChatMessage, type TChatSender, type TConversation } from '@agentroom/shared';
import { notificationApi } from '../api/notification-api';
import { useAuth } from '../auth/auth-context';
import { loadMessageSnippet } from '../chat/lazy-snippet';
import { threadSearch } from '../chat/thread-url';
import { chatPath, roomPath } from '../lib/app-paths';
import { newMessageListeners } from '../realtime/new-message-feed';
import { useRealtime } from '../realtime/realtime-context';
import { subscribe } from '../realtime/socket-subscription';
import { isMyDoNotDisturbOn, useMyAttention, CONVERSATION_TARGETS_KEY } from '../attention/use-attention';
import { isBlockedInCache, useBlockedPeople } from '../safety/use-blocks';
import { shouldNotifyInBrowser, showBrowserNotification } from './browser-notifications';
import { mayNotify, type NotifySettings } from './notify-decision';
import { t } from '../i18n';

interface Target extends NotifySettings {
  /** Where the app opens the conversation: /p/@username, /t/:handle/p/@username for a team's, /t/:handle/r/:room for a room. */
  path: string;
  teamName: string | null;
  /** For a room, its name. */
  roomName: string | null;
}

function conversationPath(conversation: Pick<TConversation, 'team' | 'otherAgent' | 'room'>): string {
  if (conversation.room && conversation.team) return roomPath(conversation.team.handle, conversation.room.name);
  return conversation.otherAgent ? chatPath(conversation.otherAgent.username, conversation.team?.handle) : '/';
}

/** '/t/Design/p/maya' and '/t/design/p/@maya' are the same page. */
const samePage = (a: string, b: string) => {
  const normal = (path: string) => {
    let decoded = path;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      // Keep a malformed path as it is.
    }
    return decoded.toLowerCase().replace(/\/p\/@/, '/p/').replace(/\/$/, '');
  };
  return normal(a) === normal(b);
};

const nameOf = (sender: TChatSender) => [sender.firstName, sender.lastName].filter(Boolean).join(' ') || t('Someone');

/** What a notification is titled: in a room, "Maya Chen mentioned you in #launch" (only mentions notify there, see mayNotify). */
function titleOf(message: TChatMessage, target: Target | undefined): string {
  if (target?.roomName) return t('{{name}} mentioned you in #{{room}}', { name: nameOf(message.sender), room: target.roomName });
  return target?.teamName ? `${nameOf(message.sender)} · ${target.teamName}` : nameOf(message.sender);
}

/** Where a conversation opens, looked up once per conversation (undefined when it cannot be read). */
function targetOf(queryClient: QueryClient, userId: string, conversationId: string): Promise<Target | undefined> {
  return queryClient
    .fetchQuery({
      // Dropped when I change the conversation's notify level or mute (attention/use-conversation-settings.ts).
      queryKey: [...CONVERSATION_TARGETS_KEY, userId, conversationId],
      queryFn: async (): Promise<Target> => {
        const conversation = await notificationApi.conversation(conversationId);
        return {
          path: conversationPath(conversation),
          teamName: conversation.team?.name ?? null,
          roomName: conversation.room?.name ?? null,
          notifyLevel: conversation.notifyLevel,
          muted: conversation.muted,
          isRoom: !!conversation.room,
        };
      },
      staleTime: Infinity,
      retry: false,
    })
    .catch(() => undefined);
}

/**
 * A thread reply (decision 0026) opens beside its root, in the thread's conversation, whose notify
 * level, mute and room rules are the ones it follows.
 */
async function threadAwareTargetOf(queryClient: QueryClient, userId: string, message: TChatMessage): Promise<Target | undefined> {
  const place = message.inThread;
  if (!place) return targetOf(queryClient, userId, message.conversationId);
  const parent = await targetOf(queryClient, userId, place.parentConversationId);
  return parent && { ...parent, path: `${parent.path}${threadSearch(place.rootMessageId)}` };
}

/**
 * App-wide, for a signed-in user (and not while their do not disturb is on, nor where their notify
 * level or mute says no: see mayNotify): a message from someone else in a conversation that is not on screen
 * (the server sends `conversation:message` to sockets outside its room) shows a toast that opens it;
 * while the tab is in the background, any such message (also `message:received` in the open
 * conversation) shows a browser notification when the user turned those on. In rooms, only messages
 * that @mention the user do (see titleOf).
 */
export function useMessageNotifications(): void {
  const { socket } = useRealtime();
  const { user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const here = useRef(pathname);
  useEffect(() => {
    here.current = pathname;
  });
  const selfId = user?.agentId;
  const userId = user?.id;
  // Loads my do-not-disturb settings and my blocks into the caches the check below reads.
  useMyAttention();
  useBlockedPeople();

  useEffect(() => {
    if (!socket || !selfId || !userId) return;
    const announce = async (message: TChatMessage, inJoinedConversation: boolean) => {
      if (message.sender.id === selfId) return;
      // Someone I blocked never reaches me with a toast or a notification, in rooms either.
      if (isBlockedInCache(queryClient, userId, message.sender.id)) return;
      const target = await threadAwareTargetOf(queryClient, userId, message);
      // Unreadable conversation: as before, a plain 1:1 toast (its page will say what it can).
      const settings = target ?? { notifyLevel: 'all', muted: false, isRoom: false };
      if (!mayNotify(message, settings, selfId, isMyDoNotDisturbOn(queryClient, userId))) return;
      const title = titleOf(message, target);
      const body = (await loadMessageSnippet())(message.content) || t(T.attachmentOnly);
      const open = () => {
        if (target) navigate(target.path);
      };
      if (shouldNotifyInBrowser()) showBrowserNotification({ title, body, tag: message.conversationId, onOpen: open });
      // The socket may not have joined the open conversation's room yet: its page is on screen all the same.
      const onScreen = inJoinedConversation || (target !== undefined && samePage(target.path, here.current));
      if (!onScreen)
        toast.message(title, {
          id: `message:${message.id}`,
          description: body,
          action: target ? { label: t(T.toastOpen), onClick: open } : undefined,
        });
    };
    return subscribe(socket, newMessageListeners((message, { inJoinedConversation }) => void announce(message, inJoinedConversation)));
  }, [socket, selfId, userId, navigate, queryClient]);
}
