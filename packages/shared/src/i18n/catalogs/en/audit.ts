import type { TCatalog } from '../../catalog';

/** The team's audit log and message retention screens (decision 0028): English plural forms. */
const catalog: TCatalog = {
  'set message retention to {{count}} days_one': 'set message retention to {{count}} day',
  'set message retention to {{count}} days_other': 'set message retention to {{count}} days',
  'removed {{count}} messages past retention_one': 'removed {{count}} message past retention',
  'removed {{count}} messages past retention_other': 'removed {{count}} messages past retention',
  'Messages are kept for {{count}} days; pinned messages are kept._one': 'Messages are kept for {{count}} day; pinned messages are kept.',
  'Messages are kept for {{count}} days; pinned messages are kept._other': 'Messages are kept for {{count}} days; pinned messages are kept.',
  'Messages are kept for {{count}} days, pinned ones too._one': 'Messages are kept for {{count}} day, pinned ones too.',
  'Messages are kept for {{count}} days, pinned ones too._other': 'Messages are kept for {{count}} days, pinned ones too.',
  'Delete messages older than {{count}} days?_one': 'Delete messages older than {{count}} day?',
  'Delete messages older than {{count}} days?_other': 'Delete messages older than {{count}} days?',
};
export default catalog;
