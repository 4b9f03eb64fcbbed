import type { TCatalog } from '../../catalog';

/** Governance's server texts (decision 0028): errors of the audit log, retention, exports and the admin area. */
const catalog: TCatalog = {};
export default catalog;
