import type { TCatalog } from '../../catalog';

/** English plural forms of the rooms, tool settings, external agents and notifications texts (keys are the English texts). */
const catalog: TCatalog = {
  '{{count}} members_one': '{{count}} member',
  '{{count}} members_other': '{{count}} members',
  '{{count}} tools_one': '{{count}} tool',
  '{{count}} tools_other': '{{count}} tools',
  '{{count}} changes not saved yet_one': '{{count}} change not saved yet',
  '{{count}} changes not saved yet_other': '{{count}} changes not saved yet',
};
export default catalog;
