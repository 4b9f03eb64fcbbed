import { useMemo } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { SearchX, UserRound } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { CHAT_FALLBACKS, stripAt, type TAgent } from '@agentroom/shared';
import { chatApi } from '../api/chat-api';
import { ConversationNotifyMenu } from '../attention/conversation-notify-menu';
import { errorMessage } from '../api/api-error';
import { useAuth } from '../auth/auth-context';
import { t, useT } from '../i18n';
import { usePageTitle } from '../lib/use-page-title';
import { useSidePanel } from '../lib/use-side-panel';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { BlockedIdsProvider } from '../safety/blocked-ids-provider';
import { AgentProfilePane } from './agent-profile-pane';
import { ChatHeader } from './chat-header';
import { chatOpenQuery } from './chat-open';
import { ConversationProvider, useConversationInfo, useConversationList, useConversationStatus, useShownConnection } from './conversation-context';
import { ConversationPane } from './conversation-pane';
import { ErrorLine } from './error-line';
import { ThreadPanel, useThreadSidePanel } from './thread-panel';
import { ThreadOpenerContext } from './thread-url';
import type { OpenedConversation } from './use-conversation-load';

/** The agent handed over by a team card (navigation state), when it is the one in the URL. */
function agentFromState(state: unknown, username: string): TAgent | undefined {
  const agent = (state as { agent?: TAgent } | null)?.agent;
  return agent && typeof agent.id === 'string' && agent.username?.toLowerCase() === username.toLowerCase() ? agent : undefined;
}

/**
 * The chat page (/p/:username and, team-scoped, /t/:handle/p/:username). The conversation is the
 * main column and the agent's profile a collapsible side panel of about 30 % (decision 0009).
 */
export default function ChatPage() {
  const { t } = useT();
  usePageTitle(t('Profile'));
  const { username: rawUsername = '', handle } = useParams();
  const username = stripAt(rawUsername);
  const location = useLocation();
  const navigate = useNavigate();
  const { user } = useAuth();

  // One call for the agent, the conversation and page 1 (usually started by the route loader already).
  const open = useQuery({ ...chatOpenQuery(user?.id, username, handle), enabled: !!user && !!username });
  const opened = useMemo<OpenedConversation>(() => {
    if (open.isPending) return 'pending';
    const data = open.data;
    return data?.conversation && data.page ? { conversation: data.conversation, firstPage: data.page } : undefined;
  }, [open.isPending, open.data]);
  // Should it fail, the separate calls take over: the agent here, the conversation in the session.
  const handed = agentFromState(location.state, username);
  const lookup = useQuery({
    queryKey: ['agents', user?.id, username.toLowerCase()],
    queryFn: () => chatApi.agent(username),
    enabled: !handed && !!username && open.isError,
  });
  const agent = handed ?? open.data?.agent ?? lookup.data;
  const lookupError = lookup.isError ? errorMessage(lookup.error, CHAT_FALLBACKS.agentNotFound) : undefined;
  const isSelf = !!agent && agent.id === user?.agentId;
  const backTo = handle ? `/t/${encodeURIComponent(handle)}` : '/';

  // An unknown or invisible agent: only the not-found state, no composer and no profile activity.
  if (!agent && lookupError) return <AgentNotFound message={lookupError} backTo={backTo} />;

  return (
    <ChatScreen
      key={`${handle ?? ''}/${username.toLowerCase()}`}
      agent={agent}
      username={username}
      isSelf={isSelf}
      teamHandle={handle}
      opened={opened}
      agentError={lookupError}
      onBack={() => navigate(backTo)}
    />
  );
}

function AgentNotFound({ message, backTo }: { message: string; backTo: string }) {
  const { t } = useT();
  return (
    <div className="flex h-full flex-col items-center justify-center gap-3 bg-zinc-50 px-6 text-center dark:bg-zinc-950">
      <SearchX aria-hidden="true" className="size-8 text-zinc-400" />
      <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
        {t('Error: {{message}}', { message: t(message) })}
      </p>
      <Button asChild variant="secondary">
        <Link to={backTo}>{backTo === '/' ? t('Go to my teams') : t('Back to the team')}</Link>
      </Button>
    </div>
  );
}

/** Whether the profile side panel is open on a wide screen: the user's last choice, open at first. */
const PROFILE_PANEL_KEY = 'agentroom.profile-panel-open';

function ChatScreen({
  agent,
  username,
  isSelf,
  teamHandle,
  opened,
  agentError,
  onBack,
}: {
  agent: TAgent | undefined;
  username: string;
  isSelf: boolean;
  teamHandle: string | undefined;
  opened: OpenedConversation;
  agentError: string | undefined;
  onBack: () => void;
}) {
  const { t } = useT();
  const profile = useSidePanel(PROFILE_PANEL_KEY);
  const thread = useThreadSidePanel();
  const chatHidden = (profile.open && !profile.beside) || thread.hidesChat;
  return (
    // One's own profile opens no conversation: the pane says so instead.
    <ConversationProvider source={{ kind: 'direct', agent: isSelf ? undefined : agent, teamHandle, opened }}>
      <BlockedIdsProvider>
      <div className="flex h-full min-h-0">
        <ThreadOpenerContext value={thread.open}>
        <ConversationPane
          header={<AgentChatHeader agent={agent} onBack={onBack} profileOpen={profile.open && !thread.rootMessageId} onToggleProfile={thread.toggleInstead(profile)} />}
          blocked={blockedView(agentError, isSelf)}
          className={cn('min-h-0 min-w-0 flex-1', chatHidden ? 'hidden' : 'flex')}
        />
        </ThreadOpenerContext>
        {/* A thread takes the profile's place beside the chat while it is open. */}
        {thread.rootMessageId && (
          <ThreadPanel
            key={thread.rootMessageId}
            rootMessageId={thread.rootMessageId}
            teamHandle={teamHandle}
            alsoSendLabel={t('Also send to the chat')}
            onClose={thread.close}
            className={thread.className}
          />
        )}
        {profile.open && !thread.rootMessageId && (
          <ConversationAgentProfile
            agent={agent}
            username={username}
            onBackToChat={profile.beside ? undefined : profile.backToChat}
            className={cn(
              'min-h-0',
              profile.beside ? 'w-[30%] max-w-md min-w-72 shrink-0 border-s border-zinc-200 dark:border-zinc-800' : 'min-w-0 flex-1',
            )}
          />
        )}
      </div>
      </BlockedIdsProvider>
    </ConversationProvider>
  );
}

/** The agent of a 1:1 chat is online: as the socket last said, else as the agent was loaded. */
function useAgentOnline(agent: TAgent | undefined): boolean | null {
  return useConversationStatus().agentOnline ?? agent?.isOnline ?? null;
}

function AgentChatHeader({ agent, ...panel }: { agent: TAgent | undefined; onBack: () => void; profileOpen: boolean; onToggleProfile: () => void }) {
  const { conversation } = useConversationInfo();
  return (
    <ChatHeader
      agent={agent}
      agentOnline={useAgentOnline(agent)}
      connection={useShownConnection()}
      notifyMenu={conversation && <ConversationNotifyMenu conversation={conversation} />}
      {...panel}
    />
  );
}

function ConversationAgentProfile({
  agent,
  ...pane
}: {
  agent: TAgent | undefined;
  username: string;
  onBackToChat: (() => void) | undefined;
  className: string;
}) {
  return <AgentProfilePane agent={agent} agentOnline={useAgentOnline(agent)} messages={useConversationList().messages} {...pane} />;
}

/** What the pane shows instead of a conversation: the agent could not be loaded, or it is oneself. */
function blockedView(agentError: string | undefined, isSelf: boolean) {
  if (agentError) return <ErrorLine message={agentError} />;
  if (!isSelf) return undefined;
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-2 px-6 text-center">
      <UserRound aria-hidden="true" className="size-8 text-zinc-300 dark:text-zinc-600" />
      <p className="text-sm font-medium text-zinc-700 dark:text-zinc-300">{t('This is your profile')}</p>
      <p className="text-sm text-zinc-500 dark:text-zinc-400">{t('Open a teammate or an AI agent from a team to start chatting.')}</p>
    </div>
  );
}
