// `npm run check:modules` (a step of `npm test`): the import graph of files and of modules (decision 107).
// No loop between server files (ESLint's `import/no-cycle` checked that until decision 129). A loop between modules
// (auth → operators → … → auth) passes a file check file by file. This collapses every file to its room — a server module (`apps/server/src/modules/<m>`), a web feature
// (`apps/web/src/features/<f>`) or the console (`apps/web/src/console`) — finds the loops among rooms (strongly connected
// components), and checks two rules: a repository never imports a service, and the console never reaches into a web
// feature.
//
// The loops that exist today are listed in `scripts/module-graph-baseline.json`: an edge inside a loop that is not
// listed there fails, so no new loop can form and none can grow; a listed edge that is gone is reported so the list
// only shrinks (`--write-baseline` rewrites it to what is left). Tests are not part of the graph.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const baselineFile = path.join(root, 'scripts/module-graph-baseline.json');

const AREAS = [
  { name: 'server', dir: 'apps/server/src', room: (rel) => rel.match(/^modules\/([^/]+)\//)?.[1] },
  {
    name: 'web',
    dir: 'apps/web/src',
    room: (rel) => (rel.startsWith('console/') ? 'console' : rel.match(/^features\/([^/]+)\//)?.[1]),
  },
];

const IMPORT_RE = /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s*['"]([^'"]+)['"]/gm;

function sourceFiles(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'test-fixtures') out.push(...sourceFiles(full));
    } else if (/\.(ts|tsx|mts)$/.test(entry.name) && !/\.test\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      out.push(full);
    }
  }
  return out;
}

/**
 * Imports of one file, resolved to files of the same area (relative paths only: packages are below every room).
 * `valuesOnly` leaves out `import type` / `export type`: they vanish from the built code, so they form no loop
 * at run time (import/no-cycle's rule too).
 */
function importsOf(file, valuesOnly = false) {
  const text = fs.readFileSync(file, 'utf8');
  const targets = [];
  for (const match of text.matchAll(IMPORT_RE)) {
    const spec = match[1] ?? match[2] ?? match[3];
    if (!spec?.startsWith('.')) continue;
    if (valuesOnly && /^[\s;]*(?:import|export)\s+type\s/.test(match[0])) continue;
    const base = path.resolve(path.dirname(file), spec.replace(/\.js$/, ''));
    const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')];
    const hit = candidates.find((c) => fs.existsSync(c) && fs.statSync(c).isFile());
    if (hit) targets.push(hit);
  }
  return targets;
}

/** Tarjan's strongly connected components over `graph` (room → Set of rooms). */
function loops(graph) {
  let index = 0;
  const stack = [];
  const state = new Map();
  const components = [];
  const visit = (v) => {
    state.set(v, { index, low: index, onStack: true });
    index++;
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!state.has(w)) {
        visit(w);
        state.get(v).low = Math.min(state.get(v).low, state.get(w).low);
      } else if (state.get(w).onStack) {
        state.get(v).low = Math.min(state.get(v).low, state.get(w).index);
      }
    }
    if (state.get(v).low === state.get(v).index) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        state.get(w).onStack = false;
        component.push(w);
      } while (w !== v);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!state.has(v)) visit(v);
  return components;
}

/**
 * Loops between files of the server (decision 107; until decision 129 ESLint's import/no-cycle, which cost a fifth
 * of lint's time re-resolving every import): value imports only, tests left out. None is allowed, so no baseline.
 */
export function fileLoops(dir = path.join(root, 'apps/server/src')) {
  const graph = new Map();
  for (const file of sourceFiles(dir)) {
    graph.set(file, new Set(importsOf(file, true).filter((target) => !/\.test\.tsx?$/.test(target))));
  }
  const selfImports = [...graph].filter(([file, targets]) => targets.has(file)).map(([file]) => [file]);
  return [...loops(graph), ...selfImports].map((component) => component.map((file) => path.relative(root, file).split(path.sep).join('/')));
}

export function analyse() {
  const result = { loopEdges: {}, loops: {}, repositoryToService: [], consoleToFeatures: [], fileLoops: fileLoops() };
  for (const area of AREAS) {
    const dir = path.join(root, area.dir);
    const graph = new Map();
    const evidence = new Map();
    for (const file of sourceFiles(dir)) {
      const rel = path.relative(dir, file).split(path.sep).join('/');
      const from = area.room(rel);
      for (const target of importsOf(file)) {
        const targetRel = path.relative(dir, target).split(path.sep).join('/');
        const to = area.room(targetRel);
        if (from && /\.repository\.ts$/.test(rel) && /\.service\.ts$/.test(targetRel)) result.repositoryToService.push(`${area.dir}/${rel} → ${targetRel}`);
        if (from === 'console' && targetRel.startsWith('features/')) result.consoleToFeatures.push(`${area.dir}/${rel} → ${targetRel}`);
        if (!from || !to || from === to) continue;
        if (!graph.has(from)) graph.set(from, new Set());
        if (!graph.has(to)) graph.set(to, new Set());
        graph.get(from).add(to);
        const key = `${from} → ${to}`;
        if (!evidence.has(key)) evidence.set(key, `${rel} → ${targetRel}`);
      }
    }
    const components = loops(graph);
    result.loops[area.name] = components;
    const inLoop = new Map(components.flatMap((component, i) => component.map((room) => [room, i])));
    result.loopEdges[area.name] = [...evidence.keys()]
      .filter((key) => {
        const [from, to] = key.split(' → ');
        return inLoop.has(from) && inLoop.get(from) === inLoop.get(to);
      })
      .sort()
      .map((key) => ({ edge: key, example: evidence.get(key) }));
  }
  return result;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const result = analyse();
  const current = Object.fromEntries(Object.entries(result.loopEdges).map(([area, edges]) => [area, edges.map((e) => e.edge)]));
  const baselineOf = (r) => ({ loopEdges: r, repositoryToService: result.repositoryToService, consoleToFeatures: result.consoleToFeatures });
  if (process.argv.includes('--write-baseline')) {
    fs.writeFileSync(baselineFile, `${JSON.stringify(baselineOf(current), null, 2)}\n`);
    console.log(`check-modules: baseline written to ${path.relative(root, baselineFile)}`);
    process.exit(0);
  }
  const baseline = JSON.parse(fs.readFileSync(baselineFile, 'utf8'));
  const problems = [];
  const shrunk = [];
  for (const [area, edges] of Object.entries(result.loopEdges)) {
    const known = new Set(baseline.loopEdges[area] ?? []);
    for (const { edge, example } of edges) if (!known.has(edge)) problems.push(`${area}: new edge inside a module loop: ${edge} (${example})`);
    for (const edge of known) if (!current[area].includes(edge)) shrunk.push(`${area}: ${edge}`);
  }
  for (const [rule, found] of [
    ['a repository imports a service', result.repositoryToService],
    ['the console reaches into a web feature', result.consoleToFeatures],
  ]) {
    const key = rule.startsWith('a repository') ? 'repositoryToService' : 'consoleToFeatures';
    const known = new Set(baseline[key] ?? []);
    for (const line of found) if (!known.has(line)) problems.push(`${rule}: ${line}`);
    for (const line of known) if (!found.includes(line)) shrunk.push(`${key}: ${line}`);
  }
  for (const component of result.fileLoops) problems.push(`a loop between server files: ${component.join(' ↔ ')}`);
  for (const [area, components] of Object.entries(result.loops)) {
    for (const component of components) console.log(`check-modules: ${area} loop still listed in the baseline: ${component.join(' ↔ ')}`);
  }
  if (shrunk.length > 0) {
    console.log('check-modules: gone since the baseline (run `node scripts/check-module-graph.mjs --write-baseline` to drop them):');
    for (const line of shrunk) console.log(`  ${line}`);
  }
  if (problems.length > 0) {
    console.error(`check-modules: ${problems.length} problem(s)`);
    for (const line of problems) console.error(`  ${line}`);
    process.exit(1);
  }
  const edges = Object.values(current).reduce((n, list) => n + list.length, 0);
  console.log(`check-modules: no loop between server files; no new module loop; ${edges} edge(s) inside the baseline's loops left to cut`);
}
