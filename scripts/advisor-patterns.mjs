// Counts the hand-written patterns in the chat advisor's answering code (everything under
// src/features/advisor except the chat island, ui/, and the chat contract): every regular
// expression (literals and `new RegExp`) and every entry of a word or phrase table declared at
// the top of a module (an object literal whose values are strings, string lists or regular
// expressions, such as a synonym map or per-intent reply texts, and an array literal of five or
// more strings, such as a keyword list). A stopword list written
// as one long string is reported apart, as stop words: it says which words carry no topic, not
// what a question means; so is a list of irregular word forms written the same way
// ('ran:run paid:pay ...'), which says how English inflects a word. The built-in answer's own
// patterns are those of engine/ less the model path's modules (its prompt, guard, figures, sources and history).
// `npm run bench` reports the figures; `npm run advisor:patterns -- [dir]` prints them with a
// count per file.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';

const ROOT = resolve(import.meta.dirname, '..');
const ADVISOR = join(ROOT, 'src/features/advisor');

/** Files whose patterns belong to answering, not to the island or the wire format. */
function answeringFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'ui' ? [] : answeringFiles(path);
    if (!/\.tsx?$/.test(name) || name === 'contract.ts') return [];
    return [path];
  });
}

const isStringy = (node) =>
  ts.isStringLiteral(node) ||
  ts.isNoSubstitutionTemplateLiteral(node) ||
  ts.isRegularExpressionLiteral(node) ||
  (ts.isArrayLiteralExpression(node) && node.elements.every(isStringy));

/** Whether a literal is (the value of) a constant declared at the top of its module. */
function topLevelTable(node) {
  let n = node;
  while (
    n.parent &&
    (ts.isAsExpression(n.parent) ||
      ts.isSatisfiesExpression(n.parent) ||
      ts.isParenthesizedExpression(n.parent))
  ) {
    n = n.parent;
  }
  const decl = n.parent;
  return (
    decl &&
    ts.isVariableDeclaration(decl) &&
    decl.initializer === n &&
    ts.isSourceFile(decl.parent.parent.parent)
  );
}

/** The patterns of one source file. */
export function countPatterns(text, fileName = 'file.ts') {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  let regexes = 0;
  let entries = 0;
  let stopwords = 0;
  let forms = 0;
  const visit = (node) => {
    if (ts.isRegularExpressionLiteral(node)) regexes++;
    if (ts.isNewExpression(node) && node.expression.getText(source) === 'RegExp') regexes++;
    const table = topLevelTable(node);
    if (table && ts.isObjectLiteralExpression(node)) {
      const stringy = node.properties.filter(
        (p) => ts.isPropertyAssignment(p) && isStringy(p.initializer),
      );
      // Regular expressions among them are counted as such, not again as entries.
      const tableEntries = stringy.filter((p) => !ts.isRegularExpressionLiteral(p.initializer));
      // A table: most of its entries are words, phrases or patterns (not a config object).
      if (stringy.length >= 5 && stringy.length >= node.properties.length * 0.8) {
        entries += tableEntries.length;
      }
    }
    if (table && ts.isArrayLiteralExpression(node)) {
      const strings = node.elements.filter(
        (e) => ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e),
      );
      if (strings.length >= 5 && strings.length === node.elements.length) entries += strings.length;
      // [pattern, words] pairs: counted by their regular expressions.
    }
    // A word list written as one string and split: 'a about above ...'.split(' ')
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'split'
    ) {
      const target = node.expression.expression;
      const literal = ts.isParenthesizedExpression(target) ? target.expression : target;
      const words = literal
        .getText(source)
        .replace(/['`+\n]/g, ' ')
        .split(/\s+/)
        .filter(Boolean);
      if (words.length >= 20) {
        const pairs = words.filter((w) => w.includes(':')).length;
        forms += pairs;
        stopwords += words.length - pairs;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { regexes, entries, stopwords, forms };
}

/** Files of the model path, apart from the built-in answer's own code. */
const MODEL_PATH = new Set([
  'guard.ts',
  'stated.ts',
  'figures.ts',
  'cited.ts',
  'history.ts',
  'grounding.ts',
]);
const isBuiltIn = (file) =>
  file.includes('/advisor/engine/') && !MODEL_PATH.has(file.split('/').pop());

/** Every answering file's counts, the total, and the built-in answer's own total. */
export function advisorPatterns(dir = ADVISOR) {
  const files = answeringFiles(dir).map((path) => ({
    file: relative(ROOT, path),
    ...countPatterns(readFileSync(path, 'utf8'), path),
  }));
  const regexes = files.reduce((n, f) => n + f.regexes, 0);
  const entries = files.reduce((n, f) => n + f.entries, 0);
  const stopwords = files.reduce((n, f) => n + f.stopwords, 0);
  const forms = files.reduce((n, f) => n + f.forms, 0);
  const own = files.filter((f) => isBuiltIn(f.file));
  const builtIn = own.reduce((n, f) => n + f.regexes + f.entries, 0);
  // The built-in answer's size: its files' lines, comments and blank lines included.
  const builtInLines = own.reduce(
    (n, f) => n + readFileSync(resolve(ROOT, f.file), 'utf8').split('\n').length - 1,
    0,
  );
  return {
    files,
    regexes,
    entries,
    stopwords,
    forms,
    total: regexes + entries,
    builtIn,
    builtInLines,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = advisorPatterns(process.argv[2] ? resolve(process.argv[2]) : ADVISOR);
  for (const f of result.files) {
    if (f.regexes + f.entries) console.log(`${f.file}: ${f.regexes} regexes, ${f.entries} entries`);
  }
  console.log(
    `Total: ${result.total} hand-written patterns (${result.regexes} regular expressions, ${result.entries} table entries), ${result.stopwords} stop words and ${result.forms} irregular word forms`,
  );
  console.log(
    `The built-in answer's own (engine/ less the model path's guard.ts, stated.ts, figures.ts, cited.ts, history.ts and grounding.ts): ${result.builtIn} patterns in ${result.builtInLines} lines`,
  );
}
