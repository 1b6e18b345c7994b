import type { APIRoute } from 'astro';
import { getCollection } from 'astro:content';
import { buildAdvisorIndex } from '../features/advisor/index-builder';
import { site } from '../site.config';

/**
 * The chat advisor's index, generated from the content collections at build time. Only
 * functions/api/chat.ts reads it (through the static-asset binding); no page loads it.
 */
export const GET: APIRoute = async () => {
  const [services, articles, faqs, consultants] = await Promise.all([
    getCollection('services'),
    getCollection('articles'),
    getCollection('faqs'),
    getCollection('consultants'),
  ]);
  const index = buildAdvisorIndex({ firm: site, services, articles, faqs, consultants });
  return new Response(JSON.stringify(index), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
};
