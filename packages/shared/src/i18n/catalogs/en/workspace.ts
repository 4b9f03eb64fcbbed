import type { TCatalog } from '../../catalog';

/** The workspace's plural forms (sidebar, teams, team settings, usage); its other keys are their own English. */
const catalog: TCatalog = {
  '{{count}} members_one': '{{count}} member',
  '{{count}} members_other': '{{count}} members',
  'Last {{count}} days_one': 'Last {{count}} day',
  'Last {{count}} days_other': 'Last {{count}} days',
  'Open navigation, {{count}} unread_one': 'Open navigation, {{count}} unread',
  'Open navigation, {{count}} unread_other': 'Open navigation, {{count}} unread',
  mentions_one: 'mention',
  mentions_other: 'mentions',
  'threads with unread replies_one': 'thread with unread replies',
  'threads with unread replies_other': 'threads with unread replies',
};
export default catalog;
