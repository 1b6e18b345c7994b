/**
 * Website audit rules shared by the /audit island and POST /api/site-audit: the URL normaliser,
 * the grade table, score badges and the category facts (labels, explanations, services).
 * Pure functions of data, no DOM and no network.
 */

/** The four Lighthouse categories the audit scores, in display order. */
export const AUDIT_CATEGORIES = ['performance', 'accessibility', 'best_practices', 'seo'] as const;

export type AuditCategory = (typeof AUDIT_CATEGORIES)[number];

export type AuditScores = Record<AuditCategory, number>;

/** Longest address we accept; real pages stay far below it and it bounds the upstream query. */
export const MAX_AUDIT_URL_LENGTH = 2048;

/** Shown when the normaliser rejects what was typed. */
export const INVALID_URL_MESSAGE =
  'Please enter a valid URL (e.g., example.com or www.example.com)';

const HTTP_PREFIX = /^https?:\/\//i;
/** Any other explicit scheme (ftp://, file://, javascript://): never rewritten into https. */
const OTHER_SCHEME = /^[a-z][a-z\d+.-]*:\/\//i;
/**
 * A DNS host name after parsing (international names are in punycode by then). Checked because
 * browsers' URL parsers differ: Chromium accepts "exa mple.com" as the host "exa%20mple.com".
 */
const HOST_NAME =
  /^(?:[a-z\d_](?:[a-z\d_-]{0,61}[a-z\d])?\.)*[a-z\d_](?:[a-z\d_-]{0,61}[a-z\d])?\.?$/;

/**
 * Normalises what a visitor typed into the address to audit, per the spec's page rules: trim;
 * prepend https:// when there is no http(s) prefix; prefix www. when the host has no dot or is a
 * two-part name not starting with www.; valid only when it parses as http or https.
 *
 * Stricter than the spec in three ways, so that nothing odd is silently rewritten into something
 * else: another explicit scheme (ftp://x.com) is not turned into https://ftp//x.com, an address
 * with credentials (mailto:a@b.com reads as user "mailto" at b.com) is refused, and the host must
 * be a plain DNS name or IPv4 address (IPv6 literals are never audited anyway).
 *
 * @returns the absolute URL, or null when the input is not a usable web address.
 */
export function normaliseAuditUrl(input: string): string | null {
  const trimmed = input.trim();
  if (trimmed === '' || trimmed.length > MAX_AUDIT_URL_LENGTH) return null;
  if (!HTTP_PREFIX.test(trimmed) && OTHER_SCHEME.test(trimmed)) return null;
  const withScheme = HTTP_PREFIX.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password || !HOST_NAME.test(url.hostname)) return null;
  const labels = url.hostname.split('.');
  if (labels.length === 1 || (labels.length === 2 && labels[0] !== 'www')) {
    try {
      url.hostname = `www.${url.hostname}`;
    } catch {
      return null;
    }
    // Setting an unusable host is silently ignored by URL, so check it took.
    if (!url.hostname.startsWith('www.')) return null;
  }
  return url.href;
}

/** A letter grade with the facts the spec's grade table gives it. */
export interface GradeInfo {
  grade: 'A' | 'B' | 'C' | 'D' | 'F';
  /** Lowest rounded average that earns the grade. */
  min: number;
  colour: 'green' | 'blue' | 'yellow' | 'orange' | 'red';
  description: string;
}

/** The spec's grade table, best first. */
export const GRADES: readonly GradeInfo[] = [
  { grade: 'A', min: 90, colour: 'green', description: 'Excellent performance across all metrics' },
  {
    grade: 'B',
    min: 80,
    colour: 'blue',
    description: 'Good performance with room for improvement',
  },
  {
    grade: 'C',
    min: 70,
    colour: 'yellow',
    description: 'Average performance needs optimization',
  },
  {
    grade: 'D',
    min: 60,
    colour: 'orange',
    description: 'Below average, significant improvements needed',
  },
  {
    grade: 'F',
    min: 0,
    colour: 'red',
    description: 'Poor performance requires immediate attention',
  },
];

/** The grade for a score from 0 to 100 (A 90+, B 80+, C 70+, D 60+, F below). */
export function gradeFor(score: number): GradeInfo {
  return GRADES.find((g) => score >= g.min) ?? GRADES[GRADES.length - 1];
}

/** The rounded average of the four category scores. */
export function averageScore(scores: AuditScores): number {
  const total = AUDIT_CATEGORIES.reduce((sum, c) => sum + scores[c], 0);
  return Math.round(total / AUDIT_CATEGORIES.length);
}

/** The overall grade: the grade of the rounded average of the four scores. */
export function overallGrade(scores: AuditScores): GradeInfo {
  return gradeFor(averageScore(scores));
}

export type Badge = 'Excellent' | 'Good' | 'Needs Work';

/** The badge on a category card: Excellent 90+, Good 70+, Needs Work below. */
export function badgeFor(score: number): Badge {
  if (score >= 90) return 'Excellent';
  if (score >= 70) return 'Good';
  return 'Needs Work';
}

/** Facts shown on each category card. */
export interface CategoryInfo {
  /** The category name with underscores shown as spaces. */
  label: string;
  /** Lighthouse's own explanation of how the category is scored. */
  explanationUrl: string;
  /** Slug of the recommended service page (/services/<slug>). */
  service: string;
}

export const CATEGORY_INFO: Record<AuditCategory, CategoryInfo> = {
  performance: {
    label: 'Performance',
    explanationUrl: 'https://developer.chrome.com/docs/lighthouse/performance/performance-scoring',
    service: 'ai-website-optimization',
  },
  accessibility: {
    label: 'Accessibility',
    explanationUrl: 'https://developer.chrome.com/docs/lighthouse/accessibility/scoring',
    service: 'operations-consulting',
  },
  best_practices: {
    label: 'Best Practices',
    explanationUrl: 'https://developer.chrome.com/docs/lighthouse/best-practices/',
    service: 'ai-strategy-training',
  },
  seo: {
    label: 'SEO',
    explanationUrl: 'https://developer.chrome.com/docs/lighthouse/seo/',
    service: 'seo',
  },
};

/** The path of the service page recommended for a category. */
export function servicePathFor(category: AuditCategory): string {
  return `/services/${CATEGORY_INFO[category].service}`;
}
