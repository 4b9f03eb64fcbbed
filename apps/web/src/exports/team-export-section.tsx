import type { TTeam } from '@agentroom/shared';
import { ExportsPanel } from './exports-panel';

/** Team settings → Export (owners; decision 0028). */
export function TeamExportSection({ team }: { team: TTeam }) {
  return <ExportsPanel scope={{ kind: 'team', handle: team.handle }} />;
}
