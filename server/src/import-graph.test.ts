import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { projectRoot } from './paths.js';

// The server's modules import in one direction only: a circle (a → b → … → a) means two modules
// are one module in two files, or that one reaches back up into its caller. Type-only imports
// count too: they still tie the two files' meanings together.

const serverRoot = path.join(projectRoot, 'server', 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'(\.{1,2}\/[^']+)'/g;

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)].map((m) => path.resolve(path.dirname(file), m[1]!.replace(/\.js$/, '.ts')));
}

/** One circle per strongly connected part of the graph that holds more than one file (or a file importing itself). */
function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (file: string): void => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const to of graph.get(file) ?? []) {
      if (!graph.has(to)) continue;
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(file, Math.min(low.get(file)!, index.get(to)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const part: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      part.push(path.relative(serverRoot, member));
    } while (member !== file);
    if (part.length > 1 || (graph.get(file) ?? []).includes(file)) found.push(part.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

it('server/src has no import circle', () => {
  const graph = new Map(sourceFiles(serverRoot).map((file) => [file, importsOf(file)]));
  expect(graph.size).toBeGreaterThan(200);
  expect(circles(graph)).toEqual([]);
});

it('finds a circle when there is one', () => {
  const graph = new Map([
    ['/a.ts', ['/b.ts']],
    ['/b.ts', ['/c.ts']],
    ['/c.ts', ['/a.ts']],
    ['/d.ts', ['/a.ts']],
  ]);
  expect(circles(graph).map((c) => c.length)).toEqual([3]);
});
