import { useState } from 'react';
import { Link } from 'react-router';
import { Bell, Moon, Settings, ShieldCheck } from 'lucide-react';
import { ACCOUNT_PAGE_TEXTS, ATTENTION_TEXTS, GOVERNANCE_TEXTS, isDoNotDisturbOn, NOTIFICATION_TEXTS } from '@agentroom/shared';
import { AttentionDialog } from '../attention/lazy-attention-dialog';
import { useMyAttention } from '../attention/use-attention';
import { useAuth } from '../auth/auth-context';
import { ProfileButton } from '../avatars/profile-button';
import { useT } from '../i18n';
import { NotificationSettingsDialog } from '../notifications/lazy-notification-settings-dialog';
import { AgentAvatar } from '../people/agent-avatar';
import { PresenceDot } from '../people/presence-dot';
import { useMyProfile } from '../people/use-my-profile';
import { useRealtime, type ConnectionStatus } from '../realtime/realtime-context';
import { focusRing } from '../ui/button';
import { cn } from '../ui/cn';

/** The user's own dot is this browser's live connection: what the others see of them. */
const OWN_PRESENCE: Record<ConnectionStatus, boolean | null> = { connected: true, connecting: null, disconnected: false };

/** The look of the badge's icon actions (account, status, notifications). */
const badgeAction =
  'inline-flex size-8 shrink-0 items-center justify-center rounded-full text-zinc-500 hover:bg-zinc-100 hover:text-zinc-800 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100';

/**
 * The user badge: the current user's name and role, or @username. When /users/me fails it falls back
 * to the signed-in user's id and username from the auth state. It sits at the foot of the app shell's
 * sidebar, in the flow rather than fixed to a corner, so it never covers content. The avatar's dot
 * says whether this browser is live (green once the socket is connected).
 */
export function UserBadge({ className }: { className?: string }) {
  const { t } = useT();
  const { user } = useAuth();
  const profile = useMyProfile();
  const { status } = useRealtime();
  const [notificationsOpen, setNotificationsOpen] = useState(false);
  const [attentionOpen, setAttentionOpen] = useState(false);
  const attention = useMyAttention().data;
  if (!user) return null;
  const doNotDisturb = !!attention && isDoNotDisturbOn({ until: attention.dndUntil, schedule: attention.dndSchedule });
  const agent = profile.data?.agent;
  const name = agent ? agent.fullName : '';
  const username = profile.data?.username ?? user.username;
  const id = profile.data?.id ?? user.id;
  const hasName = Boolean(name && name !== username);
  const presenceLabel = { connected: t('Online'), connecting: t('Connecting…'), disconnected: t('Offline') }[status];
  return (
    <div
      data-testid="user-badge"
      data-user-id={id}
      title={`@${username}`}
      className={cn('min-w-0 space-y-2', className)}
    >
      {/* Two rows: the name gets the sidebar's whole width, the five actions sit under it. */}
      <div className="flex min-w-0 items-center gap-2.5">
        <span className="relative shrink-0">
          <AgentAvatar src={agent?.avatarUrl ?? user.agent?.avatarUrl ?? ''} name={name || username} className="size-8" />
          <PresenceDot isOnline={OWN_PRESENCE[status]} label={presenceLabel} doNotDisturb={doNotDisturb} className="absolute -end-0.5 -bottom-0.5 size-2.5" />
        </span>
        <span className="min-w-0 leading-tight">
          {hasName ? (
            <>
              <span className="block truncate text-sm font-medium text-zinc-900 dark:text-zinc-100">{name}</span>
              <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">{agent?.role}</span>
            </>
          ) : (
            <span className="block truncate text-sm font-medium text-zinc-900 dark:text-zinc-100"><bdi>@{username}</bdi></span>
          )}
        </span>
      </div>
      <div className="flex items-center gap-1">
        <ProfileButton />
        <Link
          to="/account/profile"
          aria-label={t(ACCOUNT_PAGE_TEXTS.menuItem)}
          title={t(ACCOUNT_PAGE_TEXTS.menuItem)}
          className={cn(
            badgeAction,
            focusRing,
          )}
        >
          <Settings aria-hidden="true" className="size-4" />
        </Link>
        {user.isInstanceAdmin && (
          <Link to="/admin" aria-label={t(GOVERNANCE_TEXTS.adminArea)} title={t(GOVERNANCE_TEXTS.adminArea)} className={cn(badgeAction, focusRing)}>
            <ShieldCheck aria-hidden="true" className="size-4" />
          </Link>
        )}
        <button
          type="button"
          aria-label={t(ATTENTION_TEXTS.menuItem)}
          title={t(ATTENTION_TEXTS.menuItem)}
          data-testid="attention-button"
          onClick={() => setAttentionOpen(true)}
          onPointerEnter={AttentionDialog.preload}
          onFocus={AttentionDialog.preload}
          className={cn(
            badgeAction,
            doNotDisturb && 'text-rose-600 dark:text-rose-400',
            focusRing,
          )}
        >
          <Moon aria-hidden="true" className="size-4" />
        </button>
        <button
          type="button"
          aria-label={t(NOTIFICATION_TEXTS.menuItem)}
          title={t(NOTIFICATION_TEXTS.menuItem)}
          onClick={() => setNotificationsOpen(true)}
          onPointerEnter={NotificationSettingsDialog.preload}
          onFocus={NotificationSettingsDialog.preload}
          className={cn(
            badgeAction,
            focusRing,
          )}
        >
          <Bell aria-hidden="true" className="size-4" />
        </button>
      </div>
      <NotificationSettingsDialog open={notificationsOpen} onOpenChange={setNotificationsOpen} />
      <AttentionDialog open={attentionOpen} onOpenChange={setAttentionOpen} />
    </div>
  );
}
