import type { TCatalog } from '../../catalog';

/** The account pages and the conversation add-ons (pins, saved, threads, search, safety, invitations): English plural forms. */
const catalog: TCatalog = {
  'Expires in {{count}} days_one': 'Expires in {{count}} day',
  'Expires in {{count}} days_other': 'Expires in {{count}} days',
};
export default catalog;
