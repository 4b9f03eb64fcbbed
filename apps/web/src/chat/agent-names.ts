import { ACCOUNT_TEXTS } from '@agentroom/shared';
import { t } from '../i18n';

/** The full name from first, middle and last name; the username when there is none. */
export function fullNameOf(agent: { firstName?: string; middleName?: string; lastName?: string; username?: string; isDeleted?: true }): string {
  // Someone who deleted their account: never their old name, nor the freed username.
  if (agent.isDeleted) return t(ACCOUNT_TEXTS.deletedUser);
  const name = [agent.firstName, agent.middleName, agent.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || (agent.username ? `@${agent.username}` : '');
}
