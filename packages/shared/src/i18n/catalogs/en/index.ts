import type { TCatalog } from '../../catalog';
import app from './app';
import auth from './auth';
import chat from './chat';
import mail from './mail';
import shared from './shared';
import workspace from './workspace';

const catalog: TCatalog = { ...shared, ...mail, ...auth, ...chat, ...workspace, ...app };
export default catalog;
