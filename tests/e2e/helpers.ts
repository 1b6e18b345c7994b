import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { PATIENCE } from '../browser.mjs';

/** Paths in the built sitemap (dist or E2E_DIST), read when the tests are collected. */
export function builtPaths(): string[] {
  const dist = process.env.E2E_DIST ?? 'dist';
  const xml = readFileSync(join(dist, 'sitemap-0.xml'), 'utf8');
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, url]) => new URL(url).pathname);
}

/** axe-core's browser bundle, read once per test worker. */
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice'];

/**
 * Fails on any serious or critical axe violation, listing them. axe runs in the page itself, on
 * our document only: the one frame a page can hold is Turnstile's, another site's content (its
 * iframe element is still checked here, for a title). Only violations are collected.
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  await page.evaluate(AXE_SOURCE);
  const serious = await page.evaluate(async (tags) => {
    type Axe = { run(context: Document, options: RunOptions): Promise<AxeResults> };
    const { axe } = window as unknown as { axe: Axe };
    const results = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
      iframes: false,
    });
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id}: ${v.help} (${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(', ')})`,
      );
  }, AXE_TAGS);
  expect(serious, `axe violations on ${page.url()}`).toEqual([]);
}

/** Origin of the upstream stand-ins (tests/e2e/stubs). */
export const STUB_ORIGIN = `http://127.0.0.1:${process.env.E2E_STUB_PORT ?? Number(process.env.E2E_PORT ?? 8788) + 2}`;

/** Requests the stand-ins received under `prefix`, oldest first. */
export async function stubRequests(page: Page, prefix: string): Promise<any[]> {
  return (
    await page.request.get(`${STUB_ORIGIN}/__requests?prefix=${encodeURIComponent(prefix)}`)
  ).json();
}

/** Collects Content Security Policy violations reported on the page. */
export async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.exposeFunction('__cspViolation', (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as any).__cspViolation(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`),
    );
  });
  return violations;
}

/** The chat dialog's parts, and asking it a question as a visitor does. */
export function chat(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'AI Advisor' });
  const input = dialog.getByRole('textbox', { name: 'Your question' });
  return {
    dialog,
    input,
    log: dialog.getByRole('log', { name: 'Conversation' }),
    typing: dialog.getByRole('status').filter({ hasText: 'The advisor is typing' }),
    close: dialog.getByRole('button', { name: 'Close chat' }),
    async ask(question: string) {
      await input.fill(question);
      await input.press('Enter');
    },
  };
}

/** Opens the chat from the home page's 'Ask the AI Advisor' link, as a visitor does. */
export async function openChat(page: Page): Promise<ReturnType<typeof chat>> {
  await page.goto('/');
  await page.getByRole('link', { name: 'Ask the AI Advisor' }).click();
  return chat(page);
}

/** The rows of the Supabase stand-in's `leads` table. */
export async function storedLeads(request: APIRequestContext): Promise<any[]> {
  return (await request.get(`${STUB_ORIGIN}/supabase/__leads`)).json();
}

/** The emails the Resend stand-in sent, oldest first. */
export async function sentEmails(request: APIRequestContext): Promise<any[]> {
  return (await request.get(`${STUB_ORIGIN}/email/__sent`)).json();
}

/**
 * The stored leads that `match`, once there are `count` of them and each has been notified:
 * the lead queue's consumer stores and emails leads a moment after the route accepted them.
 */
export async function deliveredLeads(
  request: APIRequestContext,
  match: (lead: any) => boolean,
  count = 1,
): Promise<any[]> {
  let found: any[] = [];
  await expect
    .poll(
      async () => {
        found = (await storedLeads(request)).filter(match);
        return found.length === count && found.every((l) => l.notify_attempts > 0);
      },
      { timeout: 15_000 * PATIENCE, message: 'the lead queue stored and notified the lead' },
    )
    .toBe(true);
  return found;
}
