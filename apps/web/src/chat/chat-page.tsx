import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { SearchX } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { CHAT_FALLBACKS, stripAt, type TAgent } from '@agentroom/shared';
import { chatApi } from '../api/chat-api';
import { errorMessage } from '../api/api-error';
import { useAuth } from '../auth/auth-context';
import { usePageTitle } from '../lib/use-page-title';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { AgentProfilePane } from './agent-profile-pane';
import { ChatPane } from './chat-pane';
import { useChatSession } from './use-chat-session';

/** The agent handed over by a team card (navigation state), when it is the one in the URL. */
function agentFromState(state: unknown, username: string): TAgent | undefined {
  const agent = (state as { agent?: TAgent } | null)?.agent;
  return agent && typeof agent.id === 'string' && agent.username?.toLowerCase() === username.toLowerCase() ? agent : undefined;
}

/**
 * Spec §2 chat page (/p/:username and, team-scoped, /t/:handle/p/:username): the chat on the left
 * (30 % on desktop, everything on a phone), the agent's profile on the right (behind a toggle on a phone).
 */
export default function ChatPage() {
  usePageTitle('Profile');
  const { username: rawUsername = '', handle } = useParams();
  const username = stripAt(rawUsername);
  const location = useLocation();
  const navigate = useNavigate();
  const { user } = useAuth();

  const handed = agentFromState(location.state, username);
  const lookup = useQuery({
    queryKey: ['agents', user?.id, username.toLowerCase()],
    queryFn: () => chatApi.agent(username),
    enabled: !handed && !!username,
  });
  const agent = handed ?? lookup.data;
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
      agentError={lookupError}
      onBack={() => navigate(backTo)}
    />
  );
}

function AgentNotFound({ message, backTo }: { message: string; backTo: string }) {
  return (
    <main className="flex h-dvh flex-col items-center justify-center gap-3 bg-zinc-50 px-6 text-center dark:bg-zinc-950">
      <SearchX aria-hidden="true" className="size-8 text-zinc-400" />
      <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
        Error: {message}
      </p>
      <Button asChild variant="secondary">
        <Link to={backTo}>{backTo === '/' ? 'Go to my teams' : 'Back to the team'}</Link>
      </Button>
    </main>
  );
}

function ChatScreen({
  agent,
  username,
  isSelf,
  teamHandle,
  agentError,
  onBack,
}: {
  agent: TAgent | undefined;
  username: string;
  isSelf: boolean;
  teamHandle: string | undefined;
  agentError: string | undefined;
  onBack: () => void;
}) {
  const [profileOpen, setProfileOpen] = useState(false);
  const session = useChatSession(isSelf ? undefined : agent, teamHandle);
  const agentOnline = session.agentOnline ?? agent?.isOnline ?? null;
  return (
    // Team pages keep the user badge and teams button fixed at the bottom: leave them room.
    <main className={cn('flex h-dvh flex-col md:flex-row', teamHandle && 'pb-18')}>
      <ChatPane
        session={session}
        agent={agent}
        agentOnline={agentOnline}
        isSelf={isSelf}
        agentError={agentError}
        profileOpen={profileOpen}
        onToggleProfile={() => setProfileOpen((open) => !open)}
        onBack={onBack}
        className={cn('min-h-0 md:w-[30%] md:min-w-80', profileOpen ? 'hidden md:flex' : 'flex flex-1 md:flex-none')}
      />
      <AgentProfilePane
        agent={agent}
        username={username}
        agentOnline={agentOnline}
        messages={session.messages}
        onBackToChat={() => setProfileOpen(false)}
        className={cn('min-h-0 flex-1 border-zinc-200 md:block md:border-l dark:border-zinc-800', profileOpen ? 'block' : 'hidden')}
      />
    </main>
  );
}
