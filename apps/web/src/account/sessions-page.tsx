import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Monitor } from 'lucide-react';
import { ACCOUNT_PAGE_TEXTS, formatMessageTimestamp, type TAccountSession } from '@agentroom/shared';
import { errorMessage } from '../api/api-error';
import { useLanguage, useT } from '../i18n';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { ErrorState, LoadingState } from '../ui/page-states';
import { accountApi } from './account-api';
import { AccountPageHeading } from './account-page-heading';
import { SESSIONS_KEY, useSessions } from './use-sessions';

function SessionRow({ session, onSignOut, busy }: { session: TAccountSession; onSignOut: () => void; busy: boolean }) {
  const { t, tf } = useT();
  const language = useLanguage();
  return (
    <li className="flex items-center gap-3 py-3" data-testid="account-session">
      <Monitor aria-hidden="true" className="size-5 shrink-0 text-zinc-500 dark:text-zinc-400" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-zinc-900 dark:text-zinc-100">
          {session.device}
          {session.current && (
            <span className="ms-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-normal text-emerald-700 dark:bg-emerald-950/50 dark:text-emerald-300">
              {t(ACCOUNT_PAGE_TEXTS.thisDevice)}
            </span>
          )}
        </p>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">{tf(ACCOUNT_PAGE_TEXTS.lastSeen, formatMessageTimestamp(session.lastSeenAt, undefined, { locale: language }))}</p>
      </div>
      {!session.current && (
        <Button variant="secondary" size="sm" onClick={onSignOut} disabled={busy} aria-label={`${t(ACCOUNT_PAGE_TEXTS.signOut)}: ${session.device}`}>
          {t(ACCOUNT_PAGE_TEXTS.signOut)}
        </Button>
      )}
    </li>
  );
}

/** /account/sessions: each signed-in browser with when it was last seen; "Sign out" one, or all but this one. */
export default function SessionsPage() {
  const { t, tf } = useT();
  const sessions = useSessions();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string }>();
  const settle = () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
  const one = useMutation({
    mutationFn: accountApi.signOutSession,
    onSuccess: settle,
    onError: (error) => setNotice({ tone: 'error', text: errorMessage(error, t(ACCOUNT_PAGE_TEXTS.signOutFailed)) }),
  });
  const others = useMutation({
    mutationFn: accountApi.signOutOtherSessions,
    onSuccess: async ({ signedOut }) => {
      setNotice({ tone: 'success', text: tf(ACCOUNT_PAGE_TEXTS.signedOutOthers, signedOut) });
      await settle();
    },
    onError: (error) => setNotice({ tone: 'error', text: errorMessage(error, t(ACCOUNT_PAGE_TEXTS.signOutFailed)) }),
  });
  const busy = one.isPending || others.isPending;

  return (
    <>
      <AccountPageHeading title={t(ACCOUNT_PAGE_TEXTS.sections.sessions)}>{t(ACCOUNT_PAGE_TEXTS.sessionsIntro)}</AccountPageHeading>
      {sessions.isPending ? (
        <LoadingState text={t('Loading sessions...')} />
      ) : sessions.isError ? (
        <ErrorState message={errorMessage(sessions.error, t(ACCOUNT_PAGE_TEXTS.sessionsFailed))}>
          <Button variant="secondary" onClick={() => sessions.refetch()}>
            {t('Try again')}
          </Button>
        </ErrorState>
      ) : (
        <div className="max-w-xl space-y-4">
          {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
          <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {sessions.data.map((session) => (
              <SessionRow key={session.id} session={session} busy={busy} onSignOut={() => one.mutate(session.id)} />
            ))}
          </ul>
          {sessions.data.some((session) => !session.current) ? (
            <Button variant="secondary" onClick={() => others.mutate()} disabled={busy}>
              {t(ACCOUNT_PAGE_TEXTS.signOutEverywhereElse)}
            </Button>
          ) : (
            <p className="text-sm text-zinc-500 dark:text-zinc-400">{t(ACCOUNT_PAGE_TEXTS.noOtherSessions)}</p>
          )}
        </div>
      )}
    </>
  );
}
