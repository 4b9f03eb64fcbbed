import type { TCatalog } from '../../catalog';

/** The chat screen's English plural forms (every other text is its own key). */
const catalog: TCatalog = {
  '{{count}} members to mention_one': '{{count}} member to mention',
  '{{count}} members to mention_other': '{{count}} members to mention',
  '{{count}} replies_one': '{{count}} reply',
  '{{count}} replies_other': '{{count}} replies',
};
export default catalog;
