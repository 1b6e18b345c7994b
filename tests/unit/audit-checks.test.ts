import { describe, expect, it } from 'vitest';
import { CHECK_IDS, type VisibilityCheck } from '../../src/features/audit/contract';
import {
  CHECK_GROUPS,
  CHECK_INFO,
  checksInGroup,
  scoreChecks,
  topFixes,
} from '../../src/features/audit/visibility/scoring';
import { readRobots, ROBOTS_LIMITS, sitemapsIn } from '../../src/features/audit/visibility/robots';
import {
  readPageFacts,
  readSitemap,
  SITEMAP_LOCS_KEPT,
} from '../../src/features/audit/visibility/page-facts';
import { readStructuredData } from '../../src/features/audit/visibility/structured-data';
import { checkLlmsTxt, checkMarkdown } from '../../src/features/audit/visibility/checks-files';
import { checkHttps } from '../../src/features/audit/visibility/checks-site';
import type { Fetched } from '../../src/features/audit/visibility/fetched';

const check = (id: VisibilityCheck['id'], status: VisibilityCheck['status'], fix?: string) =>
  ({ id, status, title: id, detail: '', ...(fix ? { fix } : {}) }) as VisibilityCheck;

describe('the visibility score', () => {
  it('weighs the checks to 100 in all, each in one group', () => {
    expect(Object.keys(CHECK_INFO).sort()).toEqual([...CHECK_IDS].sort());
    expect(Object.values(CHECK_INFO).reduce((sum, c) => sum + c.weight, 0)).toBe(100);
    const grouped = CHECK_GROUPS.flatMap((g) =>
      checksInGroup(
        CHECK_IDS.map((id) => check(id, 'pass')),
        g,
      ),
    );
    expect(grouped).toHaveLength(CHECK_IDS.length);
  });

  it('earns a check its weight for a pass, half for a warning, nothing for a failure', () => {
    const all = (status: VisibilityCheck['status']) => CHECK_IDS.map((id) => check(id, status));
    expect(scoreChecks(all('pass'))).toEqual({ score: 100, grade: 'A' });
    expect(scoreChecks(all('warn'))).toEqual({ score: 50, grade: 'F' });
    expect(scoreChecks(all('fail'))).toEqual({ score: 0, grade: 'F' });
    // robots-ai weighs 20: failing it alone leaves 80, a B.
    expect(
      scoreChecks(CHECK_IDS.map((id) => check(id, id === 'robots-ai' ? 'fail' : 'pass'))),
    ).toEqual({
      score: 80,
      grade: 'B',
    });
  });

  it('leaves checks that could not run out of the score, and gives no score when none ran', () => {
    const some = CHECK_IDS.map((id) => check(id, id === 'https' ? 'pass' : 'error'));
    expect(scoreChecks(some)).toEqual({ score: 100, grade: 'A' });
    expect(scoreChecks(CHECK_IDS.map((id) => check(id, 'error')))).toEqual({
      score: null,
      grade: null,
    });
  });

  it('leads with the three fixes that cost the most, each fix once', () => {
    const checks = [
      check('llms-txt', 'fail', 'add llms.txt'),
      check('meta', 'warn', 'same fix'),
      check('headings', 'fail', 'same fix'),
      check('robots-ai', 'warn', 'allow bots'),
      check('status', 'fail', 'fix the page'),
      check('https', 'pass'),
      check('sitemap', 'error', 'unknown'),
    ];
    expect(topFixes(checks).map((c) => c.id)).toEqual(['status', 'robots-ai', 'meta']);
  });
});

describe('robots.txt', () => {
  const page = 'https://www.example.com/services/plumbing';
  const allowed = (txt: string) =>
    Object.fromEntries(readRobots(txt, page)!.access.map((a) => [a.token, a.allowed]));

  it('applies the group naming a crawler, else the * group (RFC 9309)', () => {
    const verdict = allowed(
      ['User-agent: *', 'Disallow: /services/', '', 'User-agent: googlebot', 'Allow: /', ''].join(
        '\n',
      ),
    );
    expect(verdict.Googlebot).toBe(true);
    expect(verdict.Bingbot).toBe(false);
    expect(verdict.GPTBot).toBe(false);
  });

  it('merges groups for one crawler and lets the longest match win, Allow on a tie', () => {
    const txt = [
      'User-agent: GPTBot',
      'Disallow: /',
      'User-agent: ClaudeBot',
      'Disallow: /services',
      'Allow: /services/plumbing',
      '',
      'User-agent: gptbot',
      'Allow: /services/',
      '',
      'User-agent: CCBot',
      'Disallow: /*/plumbing$',
      '',
      'User-agent: PerplexityBot',
      'Disallow: /services/plumbing',
      'Allow: /services/plumbing',
    ].join('\n');
    const verdict = allowed(txt);
    expect(verdict.GPTBot).toBe(true);
    expect(verdict.ClaudeBot).toBe(true);
    expect(verdict.CCBot).toBe(false);
    expect(verdict.PerplexityBot).toBe(true);
  });

  it('reads a file that starts with a byte-order mark', () => {
    expect(allowed('\uFEFFUser-agent: *\nDisallow: /').Googlebot).toBe(false);
  });

  it('finds Sitemap lines anywhere, as absolute addresses', () => {
    expect(
      sitemapsIn(
        'Sitemap: /a.xml\nUser-agent: *\nDisallow:\nsitemap: https://cdn.example.com/b.xml',
        'https://www.example.com/robots.txt',
      ),
    ).toEqual(['https://www.example.com/a.xml', 'https://cdn.example.com/b.xml']);
  });

  it('reads Content-Signal lines with the user agents of their group', () => {
    const signals = readRobots(
      [
        '# Content-Signal: search=no (a comment)',
        'User-Agent: *',
        'Content-Signal: ai-train=no, search=yes, ai-input=yes',
        'Allow: /',
        '',
        'User-agent: GPTBot',
        'User-agent: CCBot',
        'content-signal: ai-train=maybe, ai_input=yes',
      ].join('\n'),
      page,
    )!.signals;
    expect(signals).toEqual([
      {
        agents: ['*'],
        signals: { 'ai-train': 'no', search: 'yes', 'ai-input': 'yes' },
        invalid: [],
      },
      { agents: ['GPTBot', 'CCBot'], signals: {}, invalid: ['ai-train=maybe', 'ai_input=yes'] },
    ]);
  });
});

describe('robots.txt within limits', () => {
  const page = 'https://www.example.com/services/plumbing';
  const lines = (n: number, line: (i: number) => string) =>
    Array.from({ length: n }, (_, i) => line(i)).join('\n');
  const { groups, agents, rules, entries, patternLength, stepsPerRule, steps, timeMs } =
    ROBOTS_LIMITS;
  // A wildcard rule costs its length times the page path's length and one to match.
  const wildcards = `/${'*a'.repeat(50)}`;
  const wildcardSteps = wildcards.length * (new URL(page).pathname.length + 1);

  it.each([
    ['groups', lines(groups + 1, (i) => `User-agent: bot${i}\nDisallow: /${i}`)],
    ['user agents', `${lines(agents + 1, (i) => `User-agent: bot${i}`)}\nDisallow: /`],
    ['rules', `User-agent: *\n${lines(rules + 1, (i) => `Disallow: /${i}`)}`],
    [
      'rules stored per user agent',
      `${lines(100, (i) => `User-agent: bot${i}`)}\n${lines(entries / 100 + 1, (i) => `Allow: /${i}`)}`,
    ],
    ['a long rule', `User-agent: *\nDisallow: /${'a'.repeat(patternLength)}`],
    [
      'many rules of wildcards',
      `User-agent: *\n${lines(Math.floor(steps / wildcardSteps) + 1, () => `Disallow: ${wildcards}`)}`,
    ],
  ])('reads nothing from a file past its limit of %s', (_what, txt) => {
    expect(readRobots(txt, page)).toBeUndefined();
  });

  it('reads nothing from a file with one rule too costly to match against a long path', () => {
    const txt = `User-agent: *\nDisallow: ${wildcards}`;
    const long = `${page}/${'a'.repeat(Math.ceil(stepsPerRule / wildcards.length))}`;
    expect(wildcards.length).toBeLessThan(patternLength);
    expect(readRobots(txt, page)).toBeDefined();
    expect(readRobots(txt, long)).toBeUndefined();
  });

  it('takes a file just within the limits', () => {
    const txt = [
      lines(groups - 1, (i) => `User-agent: bot${i}\nDisallow: /${i}`),
      `User-agent: *\n${lines(rules - groups, (i) => `Disallow: /*/x${i}`)}`,
    ].join('\n');
    expect(readRobots(txt, page)?.access.every((a) => a.allowed)).toBe(true);
  });

  it('stops when reading takes longer than its time', () => {
    let clock = 0;
    const txt = `User-agent: *\n${lines(1000, (i) => `Disallow: /${i}`)}`;
    expect(readRobots(txt, page, () => (clock += timeMs / 2))).toBeUndefined();
    expect(readRobots(txt, page, () => clock)).toBeDefined();
  });

  it('matches the * group once for every crawler without a group of its own', () => {
    // Rules for the * group count once toward the matching work, not once per crawler.
    const n = Math.floor(steps / wildcardSteps);
    const txt = `User-agent: *\n${lines(n, () => `Disallow: ${wildcards}`)}`;
    expect(readRobots(txt, page)?.access.map((a) => a.allowed)).toEqual(Array(10).fill(true));
  });
});

describe('page facts', () => {
  it('reads the head and outline of a page as a crawler would', () => {
    const facts = readPageFacts(`<!doctype html><HTML LANG="en-US"><head>
      <title> Plumbing &amp; Heating
        in Springfield </title>
      <meta name="Description" content="Fast &quot;same day&quot; repairs.">
      <meta name="robots" content="NOINDEX, follow"><meta name="googlebot" content="nosnippet">
      <link rel="alternate canonical" href="https://www.example.com/a">
      <meta property="og:title" content="A"><meta name="og:image" content="/x.jpg">
      <script type="application/ld+json">{"@type":"Thing"}</script>
      <script>document.title = "<h1>not a heading</h1>"</script>
      </head><body><svg><title>Icon</title></svg><h1>One <em>big</em> title</h1><h3>Skip</h3></body></html>`);
    expect(facts).toEqual({
      title: 'Plumbing & Heating in Springfield',
      lang: 'en-US',
      description: 'Fast "same day" repairs.',
      robots: ['noindex, follow', 'nosnippet'],
      canonicals: ['https://www.example.com/a'],
      openGraph: { 'og:title': 'A', 'og:image': '/x.jpg' },
      jsonLd: ['{"@type":"Thing"}'],
      headings: [
        { level: 1, text: 'One big title' },
        { level: 3, text: 'Skip' },
      ],
    });
  });

  it('reads a sitemap and a sitemap index, namespace prefixes included', () => {
    expect(
      readSitemap(
        '<?xml version="1.0"?><urlset><url><loc> https://a.example/x?a=1&amp;b=2 </loc></url></urlset>',
        (loc) => loc === 'https://a.example/x?a=1&b=2',
      ),
    ).toEqual({
      root: 'urlset',
      locs: ['https://a.example/x?a=1&b=2'],
      count: 1,
      listsPage: true,
      cut: false,
    });
    expect(
      readSitemap(
        '<sm:sitemapindex><sm:sitemap><sm:loc>https://a.example/1.xml</sm:loc></sm:sitemap></sm:sitemapindex>',
      ),
    ).toEqual({
      root: 'sitemapindex',
      locs: ['https://a.example/1.xml'],
      count: 1,
      listsPage: false,
      cut: false,
    });
    expect(readSitemap('<!doctype html><html><body>Not found</body></html>').root).toBe('html');
  });

  const urlset = (n: number) =>
    `<urlset>${Array.from({ length: n }, (_, i) => `<url><loc>https://a.example/${i}</loc></url>`).join('')}</urlset>`;

  it('reads sitemaps only as far as their shared budget of addresses goes, comparing each once', () => {
    const budget = { urls: 25_000, deadline: Infinity, now: () => 0 };
    const compared: string[] = [];
    const isPage = (loc: string) => (compared.push(loc), false);
    const first = readSitemap(urlset(20_000), isPage, budget);
    expect(first).toMatchObject({ count: 20_000, cut: false, listsPage: false });
    expect(first.locs).toHaveLength(SITEMAP_LOCS_KEPT);
    const second = readSitemap(urlset(20_000), isPage, budget);
    expect(second).toMatchObject({ count: 5_000, cut: true });
    expect(budget.urls).toBe(0);
    expect(compared).toHaveLength(25_000);
    expect(readSitemap(urlset(10), isPage, budget)).toMatchObject({ count: 0, cut: true });
  });

  it('stops reading a sitemap when the time is up', () => {
    let clock = 0;
    const budget = { urls: Infinity, deadline: 3, now: () => clock++ };
    const facts = readSitemap(urlset(50_000), () => false, budget);
    expect(facts.cut).toBe(true);
    expect(facts.count).toBeGreaterThan(0);
    expect(facts.count).toBeLessThan(50_000);
  });
});

describe('structured data', () => {
  it('lists the types of every block and @graph, and what Google asks of them', () => {
    const data = readStructuredData([
      JSON.stringify({
        '@context': 'https://schema.org',
        '@graph': [
          { '@type': 'Article', headline: 'H', author: { name: 'A' }, datePublished: '2026-01-01' },
          { '@type': ['LocalBusiness', 'Plumber'], name: 'Acme' },
        ],
      }),
      JSON.stringify([
        {
          '@type': 'https://schema.org/FAQPage',
          mainEntity: [{ '@type': 'Question', name: 'Q?' }],
        },
        { '@type': 'BreadcrumbList', itemListElement: [{ position: 1, name: 'Home' }] },
      ]),
      '{"@type": "Product",}',
    ]);
    expect(data.blocks).toBe(3);
    expect(data.invalid).toBe(1);
    expect(data.types).toEqual([
      'Article',
      'LocalBusiness',
      'Plumber',
      'FAQPage',
      'BreadcrumbList',
    ]);
    expect(data.shortfalls).toEqual([
      { type: 'Article', required: [], recommended: ['image'] },
      { type: 'LocalBusiness', required: ['address'], recommended: ['telephone', 'url'] },
      { type: 'Plumber', required: ['address'], recommended: ['telephone', 'url'] },
      { type: 'FAQPage', required: ['mainEntity[].acceptedAnswer'], recommended: [] },
    ]);
  });
});

/** A fetched answer for the checks. */
function answer(
  status: number,
  type: string,
  body: string | undefined,
  headers: Record<string, string> = {},
): Fetched {
  return {
    ok: true,
    url: 'https://www.example.com/llms.txt',
    status,
    headers: new Headers({ 'content-type': type, ...headers }),
    hops: [],
    ttfbMs: 20,
    contentType: type.split(';')[0],
    body,
    truncated: false,
  };
}

describe('llms.txt, Markdown and HTTPS', () => {
  it('wants a title, a summary and links in an llms.txt', () => {
    const good =
      '# Firm\n\n> What we do.\n\n## Services\n\n- [SEO](https://www.example.com/seo.md): monthly\n';
    expect(checkLlmsTxt(answer(200, 'text/plain', good)).status).toBe('pass');
    const bare = checkLlmsTxt(answer(200, 'text/plain', 'Firm\n\nSome text.\n'));
    expect(bare.status).toBe('warn');
    expect(bare.detail).toBe('llms.txt is there but lacks a title, a summary and lists of links.');
    expect(checkLlmsTxt(answer(404, 'text/html', '<html>')).status).toBe('fail');
    expect(checkLlmsTxt(answer(200, 'text/html', '<!doctype html><html>')).detail).toMatch(
      /web page/,
    );
  });

  it('wants Markdown with Vary: Accept for a request that asks for Markdown', () => {
    expect(
      checkMarkdown(
        answer(200, 'text/markdown; charset=utf-8', '# Hi', { vary: 'Accept-Encoding, Accept' }),
      ).status,
    ).toBe('pass');
    expect(checkMarkdown(answer(200, 'text/markdown', '# Hi')).status).toBe('warn');
    expect(checkMarkdown(answer(200, 'text/html', '<!doctype html>')).status).toBe('fail');
    expect(checkMarkdown(answer(200, 'text/markdown', '<!doctype html><html>')).status).toBe(
      'fail',
    );
  });

  it('wants HTTPS, a permanent redirect from http:// and HSTS', () => {
    const page = { ...answer(200, 'text/html', '<html>'), url: 'https://www.example.com/' };
    const hsts = {
      ...page,
      headers: new Headers({ 'strict-transport-security': 'max-age=31536000' }),
    };
    const redirect = (status: number, location: string) => ({
      ...answer(status, '', undefined, { location }),
      url: 'http://www.example.com/',
    });
    expect(checkHttps(hsts, redirect(301, 'https://www.example.com/')).status).toBe('pass');
    expect(checkHttps(hsts, redirect(302, 'https://www.example.com/')).status).toBe('warn');
    expect(checkHttps(page, redirect(308, 'https://www.example.com/')).detail).toMatch(/HSTS/);
    expect(checkHttps(hsts, redirect(200, '')).detail).toMatch(/does not redirect permanently/);
    expect(checkHttps({ ...page, url: 'http://www.example.com/' }, undefined).status).toBe('fail');
    // Typed as http://, the first hop of the page's own chain is the redirect.
    const viaHop = { ...hsts, hops: [{ url: 'http://www.example.com/', status: 301 }] };
    expect(checkHttps(viaHop, undefined).status).toBe('pass');
  });
});
