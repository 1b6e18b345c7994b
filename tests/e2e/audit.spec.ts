import { expect, test, type Page, type Route } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { expectNoSeriousA11yViolations, stubRequests } from './helpers';
import { PATIENCE } from '../browser.mjs';

/**
 * The /audit page against the built site: the island calls the real function, which calls the
 * PSI stand-in (tests/e2e/stubs/psi.stub.cjs) chosen by host name. States only the island can
 * produce (network failure, malformed answers, mock data) use page.route.
 */

const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`../fixtures/psi-${name}.json`, import.meta.url), 'utf8'));

/** Expected scores and grade, read straight from a fixture. */
function expected(name: 'poor' | 'site') {
  const c = fixture(name).lighthouseResult.categories;
  const scores = {
    Performance: Math.round(c.performance.score * 100),
    Accessibility: Math.round(c.accessibility.score * 100),
    'Best Practices': Math.round(c['best-practices'].score * 100),
    SEO: Math.round(c.seo.score * 100),
  };
  const average = Math.round(Object.values(scores).reduce((a, b) => a + b, 0) / 4);
  const grade =
    average >= 90 ? 'A' : average >= 80 ? 'B' : average >= 70 ? 'C' : average >= 60 ? 'D' : 'F';
  return { scores, average, grade };
}

const DESCRIPTIONS: Record<string, string> = {
  A: 'Excellent performance across all metrics',
  B: 'Good performance with room for improvement',
  C: 'Average performance needs optimization',
  D: 'Below average, significant improvements needed',
  F: 'Poor performance requires immediate attention',
};

/** A host name no other test (or earlier run) has audited, so the function's cache is cold. */
function freshHost(kind: string): string {
  return `${kind}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}.example.com`;
}

const field = (page: Page) => page.getByLabel('Website URL to audit');
const runButton = (page: Page) => page.getByRole('button', { name: /Run Audit|Running Audit/ });
const results = (page: Page) => page.getByRole('region', { name: 'Audit Results' });
const failure = (page: Page) => page.getByRole('region', { name: 'Audit Failed' });

/** Opens the page and waits until the island has hydrated (Astro drops `ssr` from it then). */
async function openAudit(page: Page, path = '/audit') {
  await page.goto(path);
  await page.waitForFunction(() => document.querySelector('astro-island[ssr]') === null);
}

/** Holds the audit request until `release()` is called, then lets it reach the function. */
async function holdAuditRequests(page: Page) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  await page.route('**/api/site-audit', async (route) => {
    await gate;
    await route.continue();
  });
  return { release };
}

/** Answers the island's audit request directly, for states the real function never produces. */
async function answerAudit(page: Page, answer: (route: Route) => Promise<void>) {
  await page.route('**/api/site-audit', answer);
}

test.describe('audit page', () => {
  test('idle: heading, labelled form, FAQ with references, SEO metadata', async ({ page }) => {
    await openAudit(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Free Website Audit: Speed, SEO and Accessibility Scores',
    );
    await expect(field(page)).toHaveAttribute('type', 'url');
    await expect(runButton(page)).toHaveText('Run Audit');
    await expect(runButton(page)).toBeDisabled();
    await field(page).fill('   ');
    await expect(runButton(page)).toBeDisabled();
    await field(page).fill('example.com');
    await expect(runButton(page)).toBeEnabled();

    const faq = page.getByRole('region', { name: 'Understanding your audit' });
    const questions = [
      'How are the audit scores calculated?',
      'What does each grade mean?',
      'How can I improve my performance score?',
      'Why do these metrics matter?',
      'What does the AI visibility check look at?',
      'How is the AI visibility grade calculated?',
    ];
    await expect(faq.getByRole('heading', { level: 3 })).toHaveText(questions);
    for (const question of questions) {
      await faq.getByRole('heading', { name: question }).click();
      const links = faq.getByRole('group').filter({ hasText: question }).getByRole('link');
      expect(await links.count()).toBeGreaterThan(0);
      for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))) {
        expect(href).toMatch(/^https:\/\//);
      }
    }

    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'index, follow');
    await expect(page.locator('meta[name="keywords"]')).toHaveAttribute(
      'content',
      /free website audit/,
    );
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/audit$/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /Audit/);
    expect(
      (await page.locator('meta[name="description"]').getAttribute('content'))!.length,
    ).toBeGreaterThan(50);
    const types = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
      (t) => JSON.parse(t)['@type'],
    );
    expect(types).toEqual(expect.arrayContaining(['BreadcrumbList', 'FAQPage']));
    await expectNoSeriousA11yViolations(page);
  });

  test('an invalid address shows the spec message and sends nothing', async ({ page }) => {
    const sent: string[] = [];
    page.on('request', (r) => r.url().includes('/api/site-audit') && sent.push(r.url()));
    await openAudit(page);
    await field(page).fill('exa mple.com');
    await field(page).press('Enter');
    await expect(page.getByRole('alert')).toHaveText(
      'Please enter a valid URL (e.g., example.com or www.example.com)',
    );
    await expect(field(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(field(page)).toHaveValue('exa mple.com');
    await expectNoSeriousA11yViolations(page);
    expect(sent).toEqual([]);
  });

  test('Enter runs the audit through the function and PSI: loading, then the full result', async ({
    page,
  }) => {
    const logs: string[] = [];
    page.on('console', (m) => logs.push(m.text()));
    const host = freshHost('run');
    const { release } = await holdAuditRequests(page);
    await openAudit(page);
    await field(page).fill(host);
    await field(page).press('Enter');

    await expect(page.getByRole('heading', { name: 'Analyzing Your Website' })).toBeVisible();
    await expect(page.getByText('This may take 15-30 seconds...')).toBeVisible();
    await expect(runButton(page)).toHaveText('Running Audit...');
    await expect(runButton(page)).toBeDisabled();
    await expectNoSeriousA11yViolations(page);
    release();

    const { scores, average, grade } = expected('poor');
    await expect(results(page)).toBeVisible({ timeout: 15_000 * PATIENCE });
    await expect(page.getByRole('heading', { name: 'Audit Results' })).toBeFocused();
    await expect(results(page).getByText(`https://${host}/`)).toBeVisible();
    await expect(results(page).getByText(`Overall grade ${grade}`)).toBeVisible();
    await expect(results(page).getByText(`${average}/100`)).toBeVisible();
    await expect(results(page).getByText(DESCRIPTIONS[grade])).toBeVisible();

    const services: Record<string, string> = {
      Performance: '/services/ai-website-optimization',
      Accessibility: '/services/operations-consulting',
      'Best Practices': '/services/ai-strategy-training',
      SEO: '/services/seo',
    };
    for (const [name, score] of Object.entries(scores)) {
      const card = results(page)
        .getByRole('article')
        .filter({ has: page.getByRole('heading', { name, exact: true }) });
      await expect(card.getByText(String(score), { exact: true })).toBeVisible();
      await expect(
        card.getByText(score >= 90 ? 'Excellent' : score >= 70 ? 'Good' : 'Needs Work', {
          exact: true,
        }),
      ).toBeVisible();
      await expect(card.getByRole('link', { name: `How ${name} is scored` })).toHaveAttribute(
        'href',
        /^https:\/\/developer\.chrome\.com\/docs\/lighthouse\//,
      );
      await expect(card.getByRole('link', { name: /^Recommended: / })).toHaveAttribute(
        'href',
        services[name],
      );
    }

    await expect(
      results(page).getByRole('heading', { name: 'Key Improvement Suggestions' }),
    ).toBeVisible();
    const suggestions = results(page).locator('ol > li');
    await expect(suggestions).toHaveCount(8);
    const lab = fixture('poor').lighthouseResult.audits;
    for (const id of [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
      'speed-index',
    ]) {
      await expect(
        results(page).getByRole('definition').filter({ hasText: lab[id].displayValue }).first(),
      ).toBeVisible();
    }
    await expect(results(page).getByText('Core Web Vitals from real users')).toHaveCount(0);
    await expect(
      page.getByText('Results powered by Google PageSpeed Insights, run through our server.'),
    ).toBeVisible();
    await expect(page.getByRole('note')).toHaveCount(0);

    const forwarded = (await stubRequests(page, '/psi')).filter((r) => r.query.includes(host));
    expect(forwarded).toHaveLength(1);
    const query = new URLSearchParams(forwarded[0].query);
    expect(query.get('url')).toBe(`https://${host}/`);
    expect(query.getAll('category')).toEqual([
      'PERFORMANCE',
      'ACCESSIBILITY',
      'BEST_PRACTICES',
      'SEO',
    ]);
    expect(query.get('strategy')).toBe('mobile');
    expect(logs.some((l) => l.startsWith('Audit result:'))).toBe(true);
    await expectNoSeriousA11yViolations(page);
  });

  test('?url= fills the field and starts by itself, with real-user Core Web Vitals', async ({
    page,
  }) => {
    const host = freshHost('crux');
    await openAudit(page, `/audit?url=${encodeURIComponent(`https://${host}/pricing?plan=pro`)}`);
    await expect(field(page)).toHaveValue(`https://${host}/pricing?plan=pro`);
    await expect(results(page)).toBeVisible({ timeout: 15_000 * PATIENCE });
    const vitals = results(page).getByRole('heading', { name: 'Core Web Vitals from real users' });
    await expect(vitals).toBeVisible();
    for (const [label, value, rating] of [
      ['Largest Contentful Paint', '3.4 s', 'Needs Improvement'],
      ['Interaction to Next Paint', '180 ms', 'Good'],
      ['Cumulative Layout Shift', '0.31', 'Poor'],
    ]) {
      const item = results(page).getByRole('term').filter({ hasText: label }).last();
      await expect(item).toBeVisible();
      await expect(item.locator('xpath=following-sibling::dd[1]')).toContainText(value);
      await expect(item.locator('xpath=following-sibling::dd[1]')).toContainText(rating);
    }
    const forwarded = (await stubRequests(page, '/psi')).filter((r) => r.query.includes(host));
    expect(forwarded).toHaveLength(1);
  });

  test("failure shows the function's message; Try Again reruns the current URL", async ({
    page,
  }) => {
    const down = freshHost('unreachable');
    const fine = freshHost('perfect');
    await openAudit(page);
    await field(page).fill(down);
    await runButton(page).click();
    await expect(failure(page)).toBeVisible({ timeout: 15_000 * PATIENCE });
    await expect(page.getByRole('heading', { name: 'Audit Failed' })).toBeFocused();
    await expect(failure(page)).toContainText(
      "We couldn't load that website. Please check the address and that the site is online, then try again.",
    );
    await expectNoSeriousA11yViolations(page);

    await failure(page).getByRole('button', { name: 'Try Again' }).click();
    await expect(failure(page)).toBeVisible({ timeout: 15_000 * PATIENCE });
    await expect
      .poll(
        async () => (await stubRequests(page, '/psi')).filter((r) => r.query.includes(down)).length,
      )
      .toBe(2);

    await field(page).fill(fine);
    await failure(page).getByRole('button', { name: 'Try Again' }).click();
    const { grade } = expected('site');
    await expect(results(page).getByText(`Overall grade ${grade}`)).toBeVisible({
      timeout: 15_000 * PATIENCE,
    });
    await expect(results(page).getByText(`https://${fine}/`)).toBeVisible();
  });

  test('the server refuses private addresses and quota errors with clear messages', async ({
    page,
  }) => {
    await openAudit(page);
    await field(page).fill('http://169.254.169.254/latest/meta-data/');
    await field(page).press('Enter');
    await expect(failure(page)).toContainText(
      "IP addresses can't be audited. Please enter the website's domain name instead.",
    );
    expect((await stubRequests(page, '/psi')).filter((r) => r.query.includes('169.254'))).toEqual(
      [],
    );

    await field(page).fill(freshHost('quota'));
    await field(page).press('Enter');
    await expect(failure(page)).toContainText(
      'The audit service is busy right now. Please try again in a few minutes.',
    );
  });

  test('in the Workers runtime, concurrent audits share one PSI request and repeats hit the cache', async ({
    request,
    page,
  }) => {
    const host = freshHost('slow');
    const audit = () => request.post('/api/site-audit', { data: { url: host } });
    const answers = await Promise.all([audit(), audit(), audit()]);
    expect(answers.map((a) => a.status())).toEqual([200, 200, 200]);
    const repeat = await request.post('/api/site-audit', { data: { url: `https://${host}/` } });
    // No header tells a visitor whether an address was audited lately.
    for (const answer of [...answers, repeat])
      expect(answer.headers()['x-audit-cache']).toBeUndefined();
    expect(await repeat.json()).toEqual(await answers[0].json());
    expect((await stubRequests(page, '/psi')).filter((r) => r.query.includes(host))).toHaveLength(
      1,
    );
  });

  const islandStates: [name: string, answer: (route: Route) => Promise<void>, message: string][] = [
    [
      'network failure',
      (route) => route.abort('internetdisconnected'),
      'Network error. Please check your connection and try again.',
    ],
    [
      'function error without a readable answer',
      (route) => route.fulfill({ status: 500, contentType: 'text/html', body: '<h1>Error</h1>' }),
      'Network error. Please check your connection and try again.',
    ],
    [
      'an answer without scores',
      (route) =>
        route.fulfill({ json: { ok: true, url: 'https://www.example.com/', suggestions: [] } }),
      'Audit failed. Please try again.',
    ],
    [
      "ok:false with the server's message",
      (route) =>
        route.fulfill({
          status: 422,
          json: { ok: false, error: { message: 'Nothing to see here.' } },
        }),
      'Nothing to see here.',
    ],
  ];

  for (const [name, answer, message] of islandStates) {
    test(`island state: ${name}`, async ({ page }) => {
      await answerAudit(page, answer);
      await openAudit(page);
      await field(page).fill('example.com');
      await field(page).press('Enter');
      await expect(failure(page)).toBeVisible();
      await expect(failure(page).getByText(message, { exact: true })).toBeVisible();
      await expect(runButton(page)).toHaveText('Run Audit');
    });
  }

  test('mock data shows the corner indicator; no suggestions hides their list', async ({
    page,
  }) => {
    await answerAudit(page, (route) =>
      route.fulfill({
        json: {
          ok: true,
          url: 'https://www.example.com/',
          scores: { performance: 90, accessibility: 89, best_practices: 70, seo: 69 },
          suggestions: [],
          raw: { isMockData: true, mockIndicator: 'Sample data: not a live audit of this site' },
        },
      }),
    );
    await page.setViewportSize({ width: 360, height: 800 });
    await openAudit(page);
    await field(page).fill('example.com');
    await runButton(page).click();
    await expect(results(page)).toBeVisible();
    await expect(page.getByRole('note')).toHaveText('Sample data: not a live audit of this site');
    // (90 + 89 + 70 + 69) / 4 = 79.5, rounded to 80: a B.
    await expect(results(page).getByText('Overall grade B')).toBeVisible();
    await expect(results(page).getByText(DESCRIPTIONS.B)).toBeVisible();
    await expect(results(page).getByText('Key Improvement Suggestions')).toHaveCount(0);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page);
  });
});
