import TeamPage from '../teams/team-page';
import { useTeamContext } from '../teams/team-layout';
import { TeamNextSteps } from './team-next-steps';

/** /t/:handle index: the team page, with a new team's next steps above its agents. */
export default function TeamHomePage() {
  const { team } = useTeamContext();
  return <TeamPage nextSteps={<TeamNextSteps team={team} />} />;
}
