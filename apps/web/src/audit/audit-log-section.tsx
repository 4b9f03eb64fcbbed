import type { TTeam } from '@agentroom/shared';

// PLACEHOLDER (lead): the audit UI helper builds the log: filters by actor, kind and time, paged.
/** Team settings → Audit log (owners; decision 0028). */
export function AuditLogSection(_props: { team: TTeam }) {
  return null;
}
