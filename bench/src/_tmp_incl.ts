import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
const dir = process.argv[2]!; const assets = process.argv[3]!;
const maps = new Map<string, TraceMap | null>();
function place(f: { functionName: string; url: string; lineNumber: number; columnNumber: number }) {
  if (!f.url) return f.functionName;
  const file = f.url.split('/').pop()!;
  if (!maps.has(file)) { try { maps.set(file, new TraceMap(readFileSync(path.join(assets, file + '.map'), 'utf8'))); } catch { maps.set(file, null); } }
  const m = maps.get(file);
  if (!m) return `${f.functionName}@${file}`;
  const p = originalPositionFor(m, { line: f.lineNumber + 1, column: f.columnNumber });
  const src = (p.source ?? '').replace(/.*node_modules\//, '').replace(/.*apps\/web\/src\//, '');
  return `${p.name ?? f.functionName}@${src}:${p.line}`;
}
const totals = new Map<string, number>(); const selfT = new Map<string, number>();
const files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
for (const fn of files) {
  const prof = JSON.parse(readFileSync(path.join(dir, fn), 'utf8'));
  const nodes = new Map<number, any>(prof.nodes.map((n: any) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const names = new Map<number, string>();
  for (const n of prof.nodes) names.set(n.id, place(n.callFrame));
  for (let i = 0; i < prof.samples.length; i++) {
    const ms = (prof.timeDeltas[i + 1] ?? 0) / 1000 / files.length;
    let id: number | undefined = prof.samples[i];
    const seen = new Set<string>();
    const self = names.get(id!)!;
    if (self === '(idle)') continue;
    selfT.set(self, (selfT.get(self) ?? 0) + ms);
    while (id !== undefined) { const nm = names.get(id)!; if (!seen.has(nm)) { seen.add(nm); totals.set(nm, (totals.get(nm) ?? 0) + ms); } id = parent.get(id); }
  }
}
const filter = process.argv[4] ? new RegExp(process.argv[4]) : /./;
console.log('INCLUSIVE');
for (const [k, v] of [...totals].filter(([k]) => filter.test(k)).sort((a, b) => b[1] - a[1]).slice(0, Number(process.argv[5] ?? 60))) console.log(Math.round(v), k);
console.log('SELF');
for (const [k, v] of [...selfT].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(Math.round(v), k);
