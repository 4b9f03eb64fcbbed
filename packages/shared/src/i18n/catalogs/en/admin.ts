import type { TCatalog } from '../../catalog';

/** The instance administrators' area (decision 0028). */
const catalog: TCatalog = {
  '{{count}} days_one': '{{count}} day',
  '{{count}} days_other': '{{count}} days',
  '{{count}} hours_one': '{{count}} hour',
  '{{count}} hours_other': '{{count}} hours',
  '{{count}} minutes_one': '{{count}} minute',
  '{{count}} minutes_other': '{{count}} minutes',
};
export default catalog;
