import type { TCatalog } from '../../catalog';

/** The instance administrators' area (decision 0028). */
const catalog: TCatalog = {};
export default catalog;
