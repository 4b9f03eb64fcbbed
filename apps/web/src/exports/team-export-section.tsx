import type { TTeam } from '@agentroom/shared';

// PLACEHOLDER (lead): the exports UI helper builds it.
/** Team settings → Export (owners; decision 0028). */
export function TeamExportSection(_props: { team: TTeam }) {
  return null;
}
