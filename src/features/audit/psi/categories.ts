/**
 * The PageSpeed report's four Lighthouse categories, shared by the /audit island and
 * POST /api/site-audit: their order, the overall grade, the badges and each category's facts
 * (label, explanation, recommended service). Pure data and arithmetic.
 */
import { gradeFor, type GradeInfo } from '../grades';

/** The four Lighthouse categories the audit scores, in display order. */
export const AUDIT_CATEGORIES = ['performance', 'accessibility', 'best_practices', 'seo'] as const;

export type AuditCategory = (typeof AUDIT_CATEGORIES)[number];

export type AuditScores = Record<AuditCategory, number>;

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
