/**
 * The example facts a firm must replace before going live: the example firm name, addresses at
 * reserved example domains, example people with drawn placeholder portraits, example social
 * links and the default https://www.example.com origin. Pure functions, so the build guard
 * (src/integrations/placeholder-guard.ts) and the tests share one definition.
 */
import type { SiteConfig } from './site-config';

/** A consultant as written in src/content/consultants.yaml, before the content schema runs. */
export interface ConsultantFacts {
  id?: unknown;
  name?: unknown;
  photo?: unknown;
  photoAlt?: unknown;
  link?: { url?: unknown } | undefined;
}

/** What the check looks at: the firm's facts, its people and the origin the site is built for. */
export interface PlaceholderSources {
  site: SiteConfig;
  consultants: readonly ConsultantFacts[];
  /** The canonical origin (`site` in astro.config.mjs, from SITE_URL). */
  origin: string;
}

/** Domains reserved for documentation (RFC 2606, RFC 6761): never a real firm's address. */
const RESERVED_DOMAIN = /(^|\.)(example(\.(com|net|org))?|test|invalid|localhost)$/i;
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|\[::1\]|0\.0\.0\.0)$/;

/** A host at a reserved example or local domain. */
export function isExampleHost(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return RESERVED_DOMAIN.test(h) || LOOPBACK.test(h);
}

/** An email address at a reserved example domain. */
export function isExampleEmail(email: string): boolean {
  const at = email.lastIndexOf('@');
  return at < 0 || isExampleHost(email.slice(at + 1));
}

/**
 * A link that is example data: at a reserved domain, or a profile named "example" on a real
 * network (https://www.linkedin.com/in/example).
 */
export function isExampleUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return true;
  }
  if (isExampleHost(parsed.hostname)) return true;
  return parsed.pathname.split('/').some((segment) => /^example$/i.test(segment));
}

/** A name that is example data: it contains the word "Example". */
export function isExampleName(name: string): boolean {
  return /\bexample\b/i.test(name);
}

/** Text that says it stands in for something: "placeholder", "TBD", "lorem ipsum". */
export function isPlaceholderText(text: string): boolean {
  return /\b(placeholder|tbd|lorem ipsum)\b/i.test(text);
}

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * Every placeholder still in the sources, one readable line each, saying where it is and what
 * it holds. An empty list means the site carries the firm's own facts.
 */
export function findPlaceholders({ site, consultants, origin }: PlaceholderSources): string[] {
  const found: string[] = [];
  const config = (field: string, value: string) =>
    found.push(`src/site.config.ts ${field}: ${value}`);

  if (isExampleUrl(origin)) {
    found.push(`SITE_URL: ${origin} (set SITE_URL to the site's own https origin)`);
  } else if (!origin.startsWith('https://')) {
    found.push(`SITE_URL: ${origin} (the public site is served over https)`);
  }

  for (const field of ['name', 'shortName', 'legalName'] as const) {
    if (isExampleName(site[field])) config(field, `"${site[field]}"`);
  }
  if (isPlaceholderText(site.description)) config('description', `"${site.description}"`);
  site.contacts.forEach((c, i) => {
    if (isExampleEmail(c.email)) config(`contacts[${i}] (${c.label}) email`, c.email);
  });
  if (isExampleEmail(site.privacy.email)) config('privacy email', site.privacy.email);
  site.socials.forEach((s) => {
    if (isExampleUrl(s.url)) config(`socials (${s.label})`, s.url);
  });

  consultants.forEach((c, i) => {
    const where = `src/content/consultants.yaml ${str(c.id) ?? `entry ${i + 1}`}`;
    const name = str(c.name);
    if (name !== undefined && isExampleName(name)) found.push(`${where} name: "${name}"`);
    const photo = str(c.photo);
    const alt = str(c.photoAlt);
    if (!photo) {
      found.push(`${where} photo: none (the page shows "Photo TBD")`);
    } else if (/\.svg$/i.test(photo)) {
      found.push(`${where} photo: ${photo} (a drawn placeholder portrait, not a photograph)`);
    }
    if (alt !== undefined && (isPlaceholderText(alt) || isExampleName(alt))) {
      found.push(`${where} photoAlt: "${alt}"`);
    }
    const link = str(c.link?.url);
    if (link !== undefined && isExampleUrl(link)) found.push(`${where} link: ${link}`);
  });

  return found;
}

/** The environment variables that decide how the build treats placeholders. */
export interface DeployEnv {
  WORKERS_CI?: string | undefined;
  WORKERS_CI_BRANCH?: string | undefined;
  PRODUCTION_BRANCH?: string | undefined;
}

/**
 * True for the build of the production deployment: on Workers Builds (`WORKERS_CI=1`) for the
 * production branch (`PRODUCTION_BRANCH`, default `main`). Local, test and preview builds (pull
 * requests and other branches) are not.
 */
export function isProductionBuild(env: DeployEnv): boolean {
  return env.WORKERS_CI === '1' && env.WORKERS_CI_BRANCH === (env.PRODUCTION_BRANCH || 'main');
}

/** The build error listing every placeholder, with what to do about it. */
export function placeholderError(found: readonly string[]): string {
  return [
    `This production build still carries ${found.length} example fact${found.length === 1 ? '' : 's'}:`,
    ...found.map((f) => `  - ${f}`),
    'Replace them with the firm\'s own (README, "Deploy"), or build a preview branch instead.',
  ].join('\n');
}

/** The one-line warning of local, test and preview builds. */
export function placeholderWarning(found: readonly string[]): string {
  return `${found.length} example facts remain (firm name, addresses, people, SITE_URL): fine for local and preview builds; the production build on Workers Builds refuses them (README, "Deploy").`;
}
