import type { TCatalog } from '../../catalog';

/** Exports of one's own data and of a team (decision 0028). */
const catalog: TCatalog = {};
export default catalog;
