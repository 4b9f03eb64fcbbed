import { useState, type FormEvent } from 'react';
import { ArrowLeft, LogOut, X } from 'lucide-react';
import type { TConversationParticipant, TRoom, TTeamAgent } from '@agentroom/shared';
import { errorMessage } from '../api/api-error';
import { ROOM_FALLBACKS } from '../api/room-api';
import { AvatarWithPresence } from '../people/avatar-with-presence';
import { ExternalBadge } from '../people/external-badge';
import { Alert } from '../ui/alert';
import { Button, focusRing } from '../ui/button';
import { cn } from '../ui/cn';
import { useT } from '../i18n';
import { useAddRoomMember, useLeaveRoom, useRemoveRoomMember } from './room-queries';

interface Member {
  participant: TConversationParticipant;
  /** Live presence: the team's agents are patched by the realtime presence cache. */
  isOnline: boolean | null;
}

function MemberRow({ member, isSelf, canRemove, onRemove }: { member: Member; isSelf: boolean; canRemove: boolean; onRemove: () => void }) {
  const { t } = useT();
  const { agent } = member.participant;
  return (
    <li className="flex items-center gap-2.5 rounded-md px-2 py-1.5">
      <AvatarWithPresence src={agent.avatarUrl} name={agent.fullName} isOnline={member.isOnline} doNotDisturb={agent.doNotDisturb} size="size-7" />
      <span className="min-w-0 flex-1 leading-tight">
        <span className="block truncate text-sm text-zinc-800 dark:text-zinc-200">
          {agent.fullName}
          {isSelf && <span className="text-zinc-500 dark:text-zinc-400"> {t('(you)')}</span>}
          {agent.isExternal && <ExternalBadge className="ms-1.5 align-middle" />}
        </span>
        <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400"><bdi>@{agent.username}</bdi></span>
      </span>
      {canRemove && (
        <button
          type="button"
          aria-label={t('Remove {{name}} from the room', { name: agent.fullName })}
          title={t('Remove from the room')}
          onClick={onRemove}
          className={cn('inline-flex size-7 items-center justify-center rounded-md text-zinc-500 hover:bg-zinc-100 hover:text-red-700 dark:hover:bg-zinc-800 dark:hover:text-red-300', focusRing)}
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      )}
    </li>
  );
}

function AddMemberForm({ room, candidates }: { room: TRoom; candidates: readonly TTeamAgent[] }) {
  const { t } = useT();
  const add = useAddRoomMember(room.team.handle, room.name);
  const [agentId, setAgentId] = useState('');
  const chosen = candidates.some((c) => c.id === agentId) ? agentId : '';
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    try {
      await add.mutateAsync({ agentId: chosen });
      setAgentId('');
    } catch {
      // Shown under the form.
    }
  };
  if (candidates.length === 0) return <p className="text-xs text-zinc-500 dark:text-zinc-400">{t('Everyone in the team is in this room.')}</p>;
  return (
    <form onSubmit={submit} className="space-y-2">
      <label htmlFor="room-add-member" className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {t('Add a person or an AI agent')}
      </label>
      <div className="flex gap-2">
        <select
          id="room-add-member"
          value={chosen}
          onChange={(e) => setAgentId(e.target.value)}
          className="block h-9 min-w-0 flex-1 rounded-lg border border-zinc-300 bg-white px-2 text-sm text-zinc-900 shadow-xs outline-none focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100"
        >
          <option value="">{t('Choose…')}</option>
          {[
            { label: t('People'), agents: candidates.filter((c) => c.isHuman) },
            { label: t('AI agents'), agents: candidates.filter((c) => !c.isHuman) },
          ]
            .filter((group) => group.agents.length > 0)
            .map((group) => (
              <optgroup key={group.label} label={group.label}>
                {group.agents.map((agent) => (
                  <option key={agent.id} value={agent.id}>
                    {agent.fullName} (@{agent.username})
                  </option>
                ))}
              </optgroup>
            ))}
        </select>
        <Button type="submit" size="sm" className="h-9" disabled={!chosen} loading={add.isPending}>
          {t('Add')}
        </Button>
      </div>
      {add.isError && <Alert>{errorMessage(add.error, ROOM_FALLBACKS.addMember)}</Alert>}
    </form>
  );
}

/**
 * The room's people and AI agents with presence; add someone from the team, remove (managers; an AI
 * agent by anyone), leave (not #general). Beside the chat from medium width, in its place below.
 */
export function RoomMembersPanel({
  room,
  participants,
  teamAgents,
  selfAgentId,
  onLeft,
  onBackToChat,
  className,
}: {
  room: TRoom;
  participants: readonly TConversationParticipant[];
  /** The team's people and AI agents; undefined while they load. */
  teamAgents: readonly TTeamAgent[] | undefined;
  selfAgentId: string | undefined;
  onLeft: () => void;
  onBackToChat?: () => void;
  className?: string;
}) {
  const { t } = useT();
  const remove = useRemoveRoomMember(room.team.handle, room.name);
  const leave = useLeaveRoom(room.team.handle, room.name);
  const presence = new Map((teamAgents ?? []).map((a) => [a.id, a.isOnline]));
  const members: Member[] = participants.map((participant) => ({
    participant,
    // The viewer is here, so online: presence events go to the others, and the team's list may predate this tab's socket.
    isOnline: participant.agentId === selfAgentId ? true : (presence.get(participant.agentId) ?? participant.agent.isOnline),
  }));
  const inRoom = new Set(participants.map((p) => p.agentId));
  const candidates = teamAgents?.filter((a) => !inRoom.has(a.id));
  const groups = [
    { title: t('People'), empty: t('Nobody yet.'), members: members.filter((m) => m.participant.agent.isHuman) },
    { title: t('AI agents'), empty: t('No AI agents in this room yet.'), members: members.filter((m) => !m.participant.agent.isHuman) },
  ];
  // Everyone in the team is in #general: people are not removed from it, only AI agents.
  const canRemove = (m: Member) =>
    m.participant.agentId !== selfAgentId && (!m.participant.agent.isHuman || (room.canManage && !room.isGeneral));
  const actionError = remove.isError
    ? errorMessage(remove.error, ROOM_FALLBACKS.removeMember)
    : leave.isError
      ? errorMessage(leave.error, ROOM_FALLBACKS.leave)
      : undefined;

  return (
    <aside id="room-members" aria-label={t('Members')} className={cn('flex flex-col overflow-y-auto bg-white dark:bg-zinc-900', className)}>
      {/* As tall as the chat's header beside it, so their borders meet. */}
      <div className="flex min-h-[57px] items-center gap-2 border-b border-zinc-200 px-4 py-2.5 dark:border-zinc-800">
        {onBackToChat && (
          <Button variant="ghost" size="sm" onClick={onBackToChat} className="-ms-2">
            <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
            {t('Back to chat')}
          </Button>
        )}
        <h2 className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">{t('Members ({{total}})', { total: participants.length })}</h2>
      </div>
      <div className="space-y-5 px-2 py-3">
        {actionError && (
          <div className="px-2">
            <Alert>{actionError}</Alert>
          </div>
        )}
        {groups.map((group) => (
          <section key={group.title} aria-label={group.title}>
            <h3 className="px-2 pb-1 text-xs font-medium text-zinc-500 dark:text-zinc-400">{group.title}</h3>
            {group.members.length === 0 ? (
              <p className="px-2 text-xs text-zinc-500 dark:text-zinc-400">{group.empty}</p>
            ) : (
              <ul>
                {group.members.map((m) => (
                  <MemberRow
                    key={m.participant.agentId}
                    member={m}
                    isSelf={m.participant.agentId === selfAgentId}
                    canRemove={canRemove(m)}
                    onRemove={() => remove.mutate(m.participant.agentId)}
                  />
                ))}
              </ul>
            )}
          </section>
        ))}
        <div className="px-2">
          {candidates ? <AddMemberForm room={room} candidates={candidates} /> : <p className="text-xs text-zinc-500 dark:text-zinc-400">{t('Loading...')}</p>}
        </div>
        {!room.isGeneral && (
          <div className="border-t border-zinc-200 px-2 pt-4 dark:border-zinc-800">
            <Button
              variant="secondary"
              size="sm"
              loading={leave.isPending}
              onClick={() => leave.mutate(undefined, { onSuccess: onLeft })}
            >
              <LogOut aria-hidden="true" className="size-4" />
              {t('Leave room')}
            </Button>
          </div>
        )}
      </div>
    </aside>
  );
}
