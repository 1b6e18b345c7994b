// The layers of docs/architecture.md as one ESLint rule. Every import is resolved to the file it
// names, whether written relative (`../../../server/supabase-rest`) or through the `imports`
// aliases of package.json (`#server/supabase-rest`), and then judged by where both files live:
// - nothing in src/ imports functions/;
// - src/lib and src/stores import no feature and no Worker code; src/server imports
//   no feature;
// - a feature uses another only through its public files (contract.ts, *-contract.ts, index.ts,
//   index.server.ts);
// - browser and build-time code (src/pages, layouts, components, browser and every feature's
//   ui/) never imports Worker code (*.server.ts, src/server);
// - pages, layouts, components and browser code use a feature only through its public files,
//   its build.ts (what the site's build uses of it) and its islands (ui/*.astro).
import path from 'node:path';

/** The `imports` aliases of package.json: a prefix and the folder it stands for. */
const ALIASES = [
  ['#server/', 'src/server/'],
  ['#features/', 'src/features/'],
  ['#lib/', 'src/lib/'],
];

/** A feature's public files, by name without extension. */
const PUBLIC = /^(contract|[\w-]+-contract|index|index\.server)$/;

const BROWSER = /^src\/(pages|layouts|components|browser)\/|^src\/features\/[^/]+\/ui\//;
const SITE = /^src\/(pages|layouts|components|browser)\//;
/** What the site's pages may use of a feature besides its public files. */
const FOR_PAGES = /^(build|ui\/[\w-]+\.astro)$/;
const LOWER = /^src\/(lib|stores)\//;

/** The repository path (forward slashes) an import names, or undefined for a package. */
export function resolveImport(root, fromFile, specifier) {
  for (const [prefix, folder] of ALIASES) {
    if (specifier.startsWith(prefix)) return folder + specifier.slice(prefix.length);
  }
  if (!specifier.startsWith('.')) return undefined;
  const absolute = path.resolve(path.dirname(fromFile), specifier);
  return path.relative(root, absolute).split(path.sep).join('/');
}

const withoutExtension = (file) => file.replace(/\.(ts|tsx|mts|js|mjs|jsx|astro)$/, '');
const featureOf = (file) => /^src\/features\/([^/]+)(\/|$)/.exec(file)?.[1];
const isWorkerCode = (target) =>
  target.startsWith('src/server/') || /\.server$/.test(withoutExtension(target));

/** Why `from` may not import `target` (both repository paths), or undefined when it may. */
export function breach(from, target) {
  if (from.startsWith('src/') && /^functions(\/|$)/.test(target)) {
    return 'src/ never imports functions/.';
  }
  if (LOWER.test(from) && (featureOf(target) || isWorkerCode(target))) {
    return 'src/lib and src/stores import no feature and no Worker code.';
  }
  if (from.startsWith('src/server/') && featureOf(target)) {
    return 'src/server never imports a feature.';
  }
  if (BROWSER.test(from) && isWorkerCode(target)) {
    return 'Browser and page code never imports Worker code (*.server.ts, src/server).';
  }
  const own = featureOf(from);
  const other = featureOf(target);
  if (SITE.test(from) && other) {
    const rest = target.slice(`src/features/${other}/`.length);
    const name = rest.endsWith('.astro') ? rest : withoutExtension(rest);
    if (rest !== '' && !PUBLIC.test(name) && !FOR_PAGES.test(name)) {
      return `Pages use the ${other} feature only through its public files, its build.ts and its islands.`;
    }
  }
  if (own && other && other !== own) {
    const rest = withoutExtension(target.slice(`src/features/${other}/`.length));
    if (rest !== '' && !PUBLIC.test(rest)) {
      return `Use the ${other} feature only through its public files (contract, index, index.server).`;
    }
  }
  return undefined;
}

/** The ESLint plugin: `layers/imports`, with the repository root as its one option. */
export default {
  rules: {
    imports: {
      meta: {
        type: 'problem',
        docs: { description: 'Imports follow the layers of docs/architecture.md.' },
        schema: [{ type: 'object', properties: { root: { type: 'string' } } }],
      },
      create(context) {
        const root = context.options[0]?.root ?? context.cwd;
        // The component itself for a script block of an .astro file (linted as Foo.astro/1_1.ts).
        const file = context.physicalFilename;
        const from = path.relative(root, file).split(path.sep).join('/');
        const check = (source) => {
          if (!source || typeof source.value !== 'string') return;
          const target = resolveImport(root, file, source.value);
          const message = target && breach(from, target);
          if (message) context.report({ node: source, message: `${source.value}: ${message}` });
        };
        return {
          ImportDeclaration: (node) => check(node.source),
          ExportNamedDeclaration: (node) => check(node.source),
          ExportAllDeclaration: (node) => check(node.source),
          ImportExpression: (node) => check(node.source.type === 'Literal' ? node.source : null),
        };
      },
    },
  },
};
