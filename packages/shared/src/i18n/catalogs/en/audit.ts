import type { TCatalog } from '../../catalog';

/** The team's audit log and message retention screens (decision 0028). */
const catalog: TCatalog = {};
export default catalog;
