import type { TAdminTeamsQuery, TAdminTeamsResponse } from '@agentroom/shared';
import type { AppContext } from '../context';
import { ADMIN_PAGE_SIZE, isoOrNull, personName } from './admin-format';
import { listTeams, ownersOfTeams } from './admin-teams-repo';

/** Every team, deleted ones too, with size, activity and owners. */
export async function listAdminTeams(ctx: AppContext, query: TAdminTeamsQuery): Promise<TAdminTeamsResponse> {
  const { rows, total } = await listTeams(ctx.db, query);
  const owners = await ownersOfTeams(ctx.db, rows.map((row) => row.id));
  return {
    teams: rows.map((row) => ({
      id: row.id,
      name: row.name,
      handle: row.handle,
      memberCount: row.memberCount,
      aiAgentCount: row.aiAgentCount,
      roomCount: row.roomCount,
      messagesLastWeek: row.messagesLastWeek,
      lastActivityAt: isoOrNull(row.lastActivityAt),
      owners: owners.filter((owner) => owner.teamId === row.id).map((owner) => ({ agentId: owner.agentId, username: owner.username, name: personName(owner) })),
      retentionDays: row.retentionDays,
      deletedAt: isoOrNull(row.deletedAt),
      createdAt: row.createdAt.toISOString(),
    })),
    total,
    page: query.page,
    pageSize: ADMIN_PAGE_SIZE,
  };
}
