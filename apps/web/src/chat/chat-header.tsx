import type { ReactNode } from 'react';
import { ArrowLeft, PanelRight } from 'lucide-react';
import type { TAgent } from '@agentroom/shared';
import { t, useT } from '../i18n';
import { AgentAvatar } from '../people/agent-avatar';
import { ExternalBadge } from '../people/external-badge';
import { PresenceDot } from '../people/presence-dot';
import { StatusText } from '../people/status-text';
import { focusRing } from '../ui/button';
import { cn } from '../ui/cn';
import { fullNameOf } from './agent-names';
import { useMessageAddOns } from './message-add-ons';
import type { ConnectionState } from './use-chat-socket';

const iconButton = cn(
  'inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-zinc-50',
  focusRing,
);

/**
 * What the connection dot means, read aloud; its title stays the plain 'Connected' or
 * 'Disconnected' (the avatar's own dot is the agent's presence: 'Online', 'Offline', 'Status unknown').
 */
const connectionLabel: Record<ConnectionState, () => string> = {
  connected: () => t('Connected'),
  connecting: () => t('Disconnected, reconnecting…'),
  disconnected: () => t('Disconnected'),
};

/** A 1:1 chat's header: back, avatar, full name, role, and the socket's connection dot. */
export function ChatHeader({
  agent,
  agentOnline,
  connection,
  onBack,
  profileOpen,
  onToggleProfile,
  notifyMenu,
}: {
  agent: TAgent | undefined;
  agentOnline: boolean | null;
  connection: ConnectionState;
  onBack: () => void;
  profileOpen: boolean;
  onToggleProfile: () => void;
  /** The conversation's notifications menu, once it has loaded. */
  notifyMenu?: ReactNode;
}) {
  const name = agent ? fullNameOf(agent) : '';
  const connected = connection === 'connected';
  // The pinned messages (pins/), when the page gives them.
  const addOns = useMessageAddOns();
  const { t } = useT();
  return (
    <header className="flex items-center gap-2 border-b border-zinc-200 bg-white px-2 py-2.5 dark:border-zinc-800 dark:bg-zinc-900">
      <button type="button" aria-label={t('Back')} title={t('Back')} onClick={onBack} className={iconButton}>
        <ArrowLeft aria-hidden="true" className="size-5 rtl:-scale-x-100" />
      </button>
      {agent ? (
        <>
          <span className="relative shrink-0">
            <AgentAvatar src={agent.avatarUrl} name={name} className="size-10" />
            <PresenceDot isOnline={agentOnline} doNotDisturb={agent.doNotDisturb} className="absolute end-0 bottom-0 size-2.5" />
          </span>
          <div className="min-w-0 flex-1 leading-tight">
            <div className="flex min-w-0 items-center gap-1.5">
              <h1 className="truncate text-sm font-semibold text-zinc-900 dark:text-zinc-50">{name}</h1>
              {agent.isExternal && <ExternalBadge />}
            </div>
            <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">{agent.role}</p>
            <StatusText agent={agent} />
          </div>
        </>
      ) : (
        // As tall as the avatar: the header keeps its height when the person comes in, and the
        // messages under it do not move (a layout shift on a chat's first screen).
        <div className="h-10 flex-1" />
      )}
      <span
        role="img"
        aria-label={t('Connection: {{state}}', { state: connectionLabel[connection]() })}
        title={connected ? t('Connected') : t('Disconnected')}
        data-testid="connection-dot"
        data-connection={connected ? 'connected' : 'disconnected'}
        className={cn(
          'mx-1 size-2.5 shrink-0 rounded-full',
          connected ? 'bg-emerald-500' : 'bg-red-500',
          connection === 'connecting' && 'motion-safe:animate-pulse',
        )}
      />
      {addOns && <addOns.HeaderButton />}
      {notifyMenu}
      <button
        type="button"
        aria-label={profileOpen ? t('Hide profile') : t('Show profile')}
        title={profileOpen ? t('Hide profile') : t('Show profile')}
        aria-expanded={profileOpen}
        // Only while the panel is there: an id that names nothing is an accessibility error.
        aria-controls={profileOpen ? 'agent-profile' : undefined}
        onClick={onToggleProfile}
        className={iconButton}
      >
        <PanelRight aria-hidden="true" className="size-5 rtl:-scale-x-100" />
      </button>
    </header>
  );
}
