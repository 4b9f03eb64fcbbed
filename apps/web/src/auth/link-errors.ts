import { ERROR_CODE } from '@agentroom/shared';
import { isApiError } from '../api/api-error';

/** A link's error selects the 'expired' screen: the LINK_EXPIRED code, or any error whose text says 'expired'. */
export function isExpiredLinkError(error: unknown): boolean {
  if (isApiError(error) && error.code === ERROR_CODE.LINK_EXPIRED) return true;
  return error instanceof Error && /expired/i.test(error.message);
}
