import { AppError } from '../core/app-error';
import type { AppContext } from '../context';
import { defineHandlers } from '../http/route-handler';

const notYet = (): never => {
  throw new AppError(501, 'INTERNAL', 'Not built yet');
};

/** Single sign-on through OpenID Connect (decision 0027). */
export const ssoRoutes = (_ctx: AppContext) =>
  defineHandlers({
    getSignInOptions: notYet,
    startSso: notYet,
    finishSso: notYet,
    exchangeSsoTicket: notYet,
    getSsoLink: notYet,
    confirmSsoLink: notYet,
    cancelSsoLink: notYet,
    listSsoIdentities: notYet,
  });
