import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const REPO_ROOT = path.resolve(BENCH_ROOT, '..');
export const RESULTS_DIR = path.join(BENCH_ROOT, 'results');
