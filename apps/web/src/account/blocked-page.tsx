import { SAFETY_TEXTS } from '@agentroom/shared';
import { useT } from '../i18n';
import { usePageTitle } from '../lib/use-page-title';
import { BlockedPeopleList } from '../safety/blocked-people-list';

/** Account → Blocked people: everyone the user blocked, each with Unblock (decision 0022). */
export default function BlockedPage() {
  const { t } = useT();
  usePageTitle(t(SAFETY_TEXTS.blockedPeople));
  return <BlockedPeopleList />;
}
