import type { TCatalog } from '../../catalog';

const catalog: TCatalog = {};
export default catalog;
