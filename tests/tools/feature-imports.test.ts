/**
 * Features stand alone: imports between two features run one way, and no chain of them comes
 * back to where it started. Reads every source file under src/features and follows the imports
 * that reach another feature (by `#features/...` or a relative path).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const featuresDir = join(root, 'src/features');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? files(join(dir, e.name))
      : /\.(ts|tsx|astro)$/.test(e.name)
        ? [join(dir, e.name)]
        : [],
  );
}

/** The feature a path under src/features belongs to. */
const featureOf = (path: string) => relative(featuresDir, path).split(/[\\/]/)[0];

/** Which features each feature imports. */
export function featureGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of files(featuresDir)) {
    const from = featureOf(file);
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)) {
      const spec = m[1];
      const target = spec.startsWith('#features/')
        ? spec.slice('#features/'.length).split('/')[0]
        : spec.startsWith('.')
          ? featureOf(resolve(dirname(file), spec))
          : undefined;
      if (target && !target.startsWith('..') && target !== from) edges.add(target);
    }
  }
  return graph;
}

describe('imports between features', () => {
  const graph = featureGraph();

  it('finds the features', () => {
    expect([...graph.keys()]).toEqual(expect.arrayContaining(['advisor', 'leads', 'insights']));
  });

  it('run one way: no two features import each other', () => {
    const pairs = [...graph].flatMap(([a, targets]) =>
      [...targets].filter((b) => graph.get(b)?.has(a) && a < b).map((b) => `${a} <-> ${b}`),
    );
    expect(pairs).toEqual([]);
  });

  it('form no circle', () => {
    const circles: string[] = [];
    const visit = (node: string, path: string[]) => {
      for (const next of graph.get(node) ?? []) {
        if (next === path[0]) circles.push([...path, next].join(' -> '));
        else if (!path.includes(next) && next > path[0]) visit(next, [...path, next]);
      }
    };
    for (const start of graph.keys()) visit(start, [start]);
    expect(circles).toEqual([]);
  });
});
