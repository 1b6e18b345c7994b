import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Fails on any serious or critical axe violation, listing them. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice'])
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    );
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
