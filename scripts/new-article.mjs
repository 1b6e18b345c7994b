// `npm run new:article -- "Title" [--category "SEO Strategy"] [--slug address] [--date YYYY-MM-DD]`
// Creates src/content/articles/<slug>.mdx with frontmatter that passes the articles schema, a
// placeholder hero image and a skeleton of sections, then prints the preview address. Asks for
// the category when run in a terminal without --category.
import { createInterface } from 'node:readline/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ScaffoldError, articleCategories, scaffoldArticle } from './lib/article-scaffold.mjs';

const root = process.env.SITE_ROOT ?? join(dirname(fileURLToPath(import.meta.url)), '..');

async function askCategory(categories) {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    console.log('Category:');
    categories.forEach((c, i) => console.log(`  ${i + 1}. ${c}`));
    for (;;) {
      const answer = (await rl.question(`Choose 1-${categories.length} [1]: `)).trim();
      if (!answer) return categories[0];
      const byNumber = categories[Number(answer) - 1];
      const byName = categories.find((c) => c.toLowerCase() === answer.toLowerCase());
      if (byNumber ?? byName) return byNumber ?? byName;
    }
  } finally {
    rl.close();
  }
}

try {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      category: { type: 'string' },
      slug: { type: 'string' },
      date: { type: 'string' },
    },
  });
  const title = positionals.join(' ');
  let category = values.category;
  if (category) {
    const categories = await articleCategories(root);
    category = categories.find((c) => c.toLowerCase() === category.toLowerCase()) ?? category;
  } else if (title.trim() && process.stdin.isTTY && process.stdout.isTTY) {
    category = await askCategory(await articleCategories(root));
  }
  if (values.date && !/^\d{4}-\d{2}-\d{2}$/.test(values.date)) {
    throw new ScaffoldError(`--date takes YYYY-MM-DD, not "${values.date}".`);
  }
  const today = values.date ? new Date(`${values.date}T12:00:00`) : new Date();
  const article = await scaffoldArticle({ root, title, category, slug: values.slug, today });
  console.log(`Created ${relative(root, article.file)}`);
  if (article.image) console.log(`Created ${relative(root, article.image)} (placeholder hero)`);
  console.log(`\nEdit the frontmatter and the sections, then preview with \`npm run dev\` at
  ${article.url}
The writing guide is docs/editing.md.`);
} catch (err) {
  if (!(err instanceof ScaffoldError || err?.code?.startsWith?.('ERR_PARSE_ARGS'))) throw err;
  console.error(`new:article: ${err.message}`);
  process.exit(1);
}
