import type { TCatalog } from '../../catalog';
import account from './account';
import auth from './auth';
import chat from './chat';
import devices from './devices';
import mail from './mail';
import settings from './settings';
import shared from './shared';
import workspace from './workspace';
import governance from './governance';
import audit from './audit';
import exports from './exports';
import admin from './admin';

/** Every area's texts in one catalog (an area is one team's files, so two teams never edit one file). */
const catalog: TCatalog = { ...shared, ...mail, ...auth, ...account, ...chat, ...workspace, ...settings, ...devices, ...governance, ...audit, ...exports, ...admin };
export default catalog;
