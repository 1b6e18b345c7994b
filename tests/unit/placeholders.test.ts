import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import placeholderGuard from '../../src/integrations/placeholder-guard';
import {
  findPlaceholders,
  isExampleEmail,
  isExampleHost,
  isExampleUrl,
  isProductionBuild,
  type ConsultantFacts,
} from '../../src/lib/placeholders';
import type { SiteConfig } from '../../src/lib/site-config';
import { site } from '../../src/site.config';

const root = join(import.meta.dirname, '..', '..');
const exampleTeam: ConsultantFacts[] = parse(
  readFileSync(join(root, 'src/content/consultants.yaml'), 'utf8'),
);

/** The example data with every fact replaced by a real-looking one. */
const realSite: SiteConfig = {
  ...site,
  name: 'Lakeshore Operations Group',
  shortName: 'Lakeshore Ops',
  legalName: 'Lakeshore Operations Group LLC',
  contacts: site.contacts.map((c, i) => ({ ...c, email: `team${i}@lakeshore-ops.com` })),
  privacy: { ...site.privacy, email: 'privacy@lakeshore-ops.com' },
  socials: [{ label: 'LinkedIn', url: 'https://www.linkedin.com/company/lakeshore-ops' }],
};
const realTeam: ConsultantFacts[] = [
  {
    id: 'dana-reyes',
    name: 'Dana Reyes',
    photo: '../assets/consultants/dana-reyes.jpg',
    photoAlt: 'Dana Reyes smiling in the office',
    link: { url: 'https://www.linkedin.com/in/dana-reyes' },
  },
];

describe('placeholder detection', () => {
  it('knows reserved example and local hosts from real ones', () => {
    for (const host of ['example.com', 'www.example.com', 'example.org', 'a.example.net', 'x.test'])
      expect(isExampleHost(host), host).toBe(true);
    for (const host of ['localhost', '127.0.0.1', 'shop.localhost'])
      expect(isExampleHost(host)).toBe(true);
    for (const host of ['examples.com', 'example.co.uk', 'lakeshore-ops.com', 'counterexample.com'])
      expect(isExampleHost(host), host).toBe(false);
    expect(isExampleEmail('hello@example.com')).toBe(true);
    expect(isExampleEmail('hello@lakeshore-ops.com')).toBe(false);
    expect(isExampleUrl('https://www.linkedin.com/in/example')).toBe(true);
    expect(isExampleUrl('https://www.linkedin.com/in/example-person')).toBe(false);
    expect(isExampleUrl('not a url')).toBe(true);
  });

  it('lists every example fact of the shipped data, saying where it is', () => {
    const found = findPlaceholders({
      site,
      consultants: exampleTeam,
      origin: 'https://www.example.com',
    });
    expect(found).toEqual(
      expect.arrayContaining([
        "SITE_URL: https://www.example.com (set SITE_URL to the site's own https origin)",
        'src/site.config.ts name: "Example Consulting Group"',
        'src/site.config.ts shortName: "Example Consulting"',
        'src/site.config.ts legalName: "Example Consulting Group LLC"',
        'src/site.config.ts contacts[0] (General Inquiries) email: hello@example.com',
        'src/site.config.ts privacy email: privacy@example.com',
        'src/site.config.ts socials (LinkedIn): https://www.linkedin.com/company/example',
        'src/content/consultants.yaml consultant-one name: "Alex Example"',
        'src/content/consultants.yaml consultant-one photoAlt: "Portrait placeholder for Alex Example"',
        'src/content/consultants.yaml consultant-one link: https://www.linkedin.com/in/example',
        'src/content/consultants.yaml consultant-two link: https://www.example.org',
        'src/content/consultants.yaml consultant-three photo: none (the page shows "Photo TBD")',
      ]),
    );
    expect(found.filter((f) => f.includes('a drawn placeholder portrait'))).toHaveLength(2);
  });

  it('finds nothing once the firm has put in its own facts', () => {
    expect(
      findPlaceholders({
        site: realSite,
        consultants: realTeam,
        origin: 'https://lakeshore-ops.com',
      }),
    ).toEqual([]);
  });

  it('flags a plain-http or local origin', () => {
    const origins = ['http://lakeshore-ops.com', 'http://localhost:4321'];
    for (const origin of origins) {
      expect(findPlaceholders({ site: realSite, consultants: realTeam, origin })).toEqual([
        expect.stringMatching(/^SITE_URL: /),
      ]);
    }
  });
});

describe('when the build refuses placeholders', () => {
  it('is the Workers Builds build of the production branch only', () => {
    expect(isProductionBuild({ WORKERS_CI: '1', WORKERS_CI_BRANCH: 'main' })).toBe(true);
    expect(isProductionBuild({ WORKERS_CI: '1', WORKERS_CI_BRANCH: 'feature/x' })).toBe(false);
    expect(isProductionBuild({ WORKERS_CI_BRANCH: 'main' })).toBe(false);
    expect(isProductionBuild({})).toBe(false);
    const release = { WORKERS_CI: '1', PRODUCTION_BRANCH: 'release' };
    expect(isProductionBuild({ ...release, WORKERS_CI_BRANCH: 'release' })).toBe(true);
    expect(isProductionBuild({ ...release, WORKERS_CI_BRANCH: 'main' })).toBe(false);
  });

  /** Runs the guard's hook as Astro would, with a recording logger. */
  async function runGuard(command: string, env: Record<string, string>) {
    const warn = vi.fn();
    const hook = placeholderGuard({ env }).hooks['astro:config:setup']!;
    const run = hook({
      config: { root: new URL(`file://${root}/`), site: 'https://www.example.com' },
      command,
      logger: { warn, info: vi.fn(), error: vi.fn(), debug: vi.fn() },
    } as any);
    return { run, warn };
  }

  it('throws with the list in a production build and warns once everywhere else', async () => {
    const production = await runGuard('build', { WORKERS_CI: '1', WORKERS_CI_BRANCH: 'main' });
    await expect(production.run).rejects.toThrow(
      /still carries \d+ example facts:\n {2}- SITE_URL/,
    );
    expect(production.warn).not.toHaveBeenCalled();

    for (const [command, env] of [
      ['build', { WORKERS_CI: '1', WORKERS_CI_BRANCH: 'preview' }],
      ['build', {}],
      ['dev', { WORKERS_CI: '1', WORKERS_CI_BRANCH: 'main' }],
    ] as const) {
      const other = await runGuard(command, env);
      await expect(other.run).resolves.toBeUndefined();
      expect(other.warn).toHaveBeenCalledTimes(1);
      expect(other.warn.mock.calls[0][0]).toMatch(
        /^\d+ example facts remain .*\(README, "Deploy"\)\.$/,
      );
    }
  });
});

describe('astro build for the production deployment', () => {
  it('fails before building any page, listing every placeholder', { timeout: 90_000 }, () => {
    const outDir = mkdtempSync(join(tmpdir(), 'guard-build-'));
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, WORKERS_CI: '1', WORKERS_CI_BRANCH: 'main' };
      delete env.SITE_URL;
      delete env.PRODUCTION_BRANCH;
      const result = spawnSync('npx', ['astro', 'build', '--outDir', outDir], {
        cwd: root,
        env,
        encoding: 'utf8',
        timeout: 80_000,
      });
      const output = `${result.stdout}\n${result.stderr}`;
      expect(result.status, output).not.toBe(0);
      const expected = findPlaceholders({
        site,
        consultants: exampleTeam,
        origin: 'https://www.example.com',
      });
      expect(expected.length).toBeGreaterThan(10);
      for (const line of expected) expect(output).toContain(`  - ${line}`);
      expect(output).not.toMatch(/page\(s\) built/);
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });
});
