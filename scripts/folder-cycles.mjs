#!/usr/bin/env node
/**
 * `pnpm lint:folders`: no two folders import each other, directly or around a loop. dependency-cruiser's
 * own `no-circular` sees files only; two folders can import each other through different files with no
 * file-level cycle, and that is the coupling this check refuses. A folder is the first folder under
 * each app's or package's `src/` (files right in `src/`, like the composition root, are left out: they
 * wire the folders together). The web's `app/` is its composition root (routes and providers import every
 * feature; a dependency rule keeps features from importing it), so it is left out the same way.
 */
import { cruise } from 'dependency-cruiser';

const ROOTS = ['apps/api/src', 'apps/web/src', 'packages/shared/src'];
const EXCLUDE = '(node_modules|dist|\\.turbo)/|\\.test\\.tsx?$|/test/';

/** `apps/api/src/chat/x.ts` → `apps/api/src/chat`; undefined for files directly under a root. */
function folderOf(file) {
  const root = ROOTS.find((r) => file.startsWith(`${r}/`));
  if (!root) return undefined;
  const rest = file.slice(root.length + 1).split('/');
  if (rest.length === 1 || (root === 'apps/web/src' && rest[0] === 'app')) return undefined;
  return `${root}/${rest[0]}`;
}

const result = await cruise(ROOTS, {
  exclude: { path: EXCLUDE },
  doNotFollow: { path: 'node_modules' },
  tsPreCompilationDeps: true,
  tsConfig: { fileName: 'tsconfig.base.json' },
  enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
});

/** folder → folder → one file import that makes the edge, to name in the report. */
const edges = new Map();
for (const module of result.output.modules) {
  const from = folderOf(module.source);
  if (!from) continue;
  for (const dependency of module.dependencies) {
    const to = folderOf(dependency.resolved);
    if (!to || to === from) continue;
    const targets = edges.get(from) ?? new Map();
    edges.set(from, targets);
    if (!targets.has(to)) targets.set(to, `${module.source} → ${dependency.resolved}`);
  }
}

/** Tarjan's strongly connected components: each component of more than one folder is a loop. */
function loops() {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (node) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of edges.get(node)?.keys() ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), index.get(to)));
    }
    if (low.get(node) !== index.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) found.push(component.sort());
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return found;
}

const found = loops();
if (found.length === 0) {
  console.log(`folder-cycles: no two folders import each other (${edges.size} folders with imports)`);
} else {
  for (const component of found) {
    console.error(`✖ these folders import each other: ${component.join(', ')}`);
    for (const from of component)
      for (const [to, example] of edges.get(from) ?? []) if (component.includes(to)) console.error(`    ${example}`);
  }
  process.exitCode = 1;
}
