import type { TAuditAction, TAuditTargetKind } from '@agentroom/shared';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { DbOrTx } from '../db/client';
import { requestIp } from './request-origin';

/** One change of rights or configuration (decision 0028). */
export interface AuditEntry {
  /** The person or external agent who made the change, by agent id; null: the system (a worker). */
  actor: string | null;
  /** The team it happened in (null: the instance, e.g. an account disabled). */
  teamId: string | null;
  action: TAuditAction;
  target?: { kind: TAuditTargetKind; id: string; name?: string };
  /** What changed, e.g. `{ from: 'member', to: 'admin' }`: never a secret. */
  details?: Record<string, unknown>;
  /** The client address; by default the current request's (request-origin.ts). */
  ip?: string | null;
}

/**
 * Writes one audit row with `tx`, the transaction of the change itself: the row commits with the
 * change or not at all. The actor's kind and name are read from its agent row in the same statement,
 * so the row keeps the name it had even after a rename or deletion.
 */
export async function recordAudit(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  const ip = entry.ip === undefined ? requestIp() : entry.ip;
  const details = JSON.stringify(entry.details ?? {});
  await tx.execute(sql`
    insert into audit_events (id, actor_kind, actor_agent_id, actor_name, team_id, action, target_kind, target_id, target_name, ip, details)
    select ${uuidv7()}::uuid,
      case when a.id is null then 'system' when a.is_external then 'external_agent' else 'person' end,
      a.id,
      coalesce(nullif(trim(concat_ws(' ', a.first_name, a.last_name)), ''), a.username, ''),
      ${entry.teamId}::uuid, ${entry.action}, ${entry.target?.kind ?? null}, ${entry.target?.id ?? null}, ${entry.target?.name ?? ''},
      ${ip}, ${details}::jsonb
    from (select 1) as one
    left join agents a on a.id = ${entry.actor}::uuid`);
}
