/**
 * /llms-full.txt: the whole of /llms.txt's linked content in one file, every service page and
 * article as Markdown (the same text as their .md versions), for tools that read one file.
 */
import type { APIRoute } from 'astro';
import { site as firm } from '../site.config';
import { allMarkdown } from '../lib/content-markdown';

export const GET: APIRoute = async ({ site }) => {
  const pages = await allMarkdown(site!);
  const body = [
    `# ${firm.name}`,
    '',
    `> ${firm.description}`,
    '',
    ...pages.flatMap((p) => ['---', '', p.markdown.trim(), '']),
  ].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
