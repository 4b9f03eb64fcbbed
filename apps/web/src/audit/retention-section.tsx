import type { TTeam } from '@agentroom/shared';

// PLACEHOLDER (lead): the audit UI helper builds the retention form.
/** Team settings → Message retention (owners; decision 0028). */
export function RetentionSection(_props: { team: TTeam }) {
  return null;
}
