import type { APIRoute } from 'astro';
import { advisorIndex } from './_lib/advisor-index';

/**
 * The chat advisor's index (./_lib/advisor-index.ts). Only the Worker's chat route reads it
 * (through the static-asset binding); no page loads it.
 */
export const GET: APIRoute = async () =>
  new Response(JSON.stringify(await advisorIndex()), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
