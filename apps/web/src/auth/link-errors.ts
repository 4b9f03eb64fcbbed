import { ERROR_CODE } from '@agentroom/shared';
import { isApiError } from '../api/api-error';

/** Spec §8: an error whose text contains 'expired' selects the expired state. */
export function isExpiredLinkError(error: unknown): boolean {
  if (isApiError(error) && error.code === ERROR_CODE.LINK_EXPIRED) return true;
  return error instanceof Error && /expired/i.test(error.message);
}
