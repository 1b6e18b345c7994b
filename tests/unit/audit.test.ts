import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  INVALID_URL_MESSAGE,
  MAX_AUDIT_URL_LENGTH,
  normaliseAuditUrl,
} from '../../src/features/audit/address';
import { gradeFor } from '../../src/features/audit/grades';
import {
  AUDIT_CATEGORIES,
  CATEGORY_INFO,
  averageScore,
  badgeFor,
  overallGrade,
  servicePathFor,
} from '../../src/features/audit/psi/categories';

describe('normaliseAuditUrl', () => {
  const table: [input: string, expected: string | null][] = [
    ['example.com', 'https://www.example.com/'],
    ['  example.com ', 'https://www.example.com/'],
    ['\texample.com\n', 'https://www.example.com/'],
    ['example', 'https://www.example/'],
    ['www.example.com', 'https://www.example.com/'],
    ['www.example', 'https://www.example/'],
    ['http://example.com', 'http://www.example.com/'],
    ['https://example.com', 'https://www.example.com/'],
    ['HTTPS://Example.COM/About', 'https://www.example.com/About'],
    ['https://sub.example.co.uk', 'https://sub.example.co.uk/'],
    ['example.co.uk', 'https://example.co.uk/'],
    ['blog.example.com/path?q=1#top', 'https://blog.example.com/path?q=1#top'],
    ['example.com/a page', 'https://www.example.com/a%20page'],
    ['münchen.de', 'https://www.xn--mnchen-3ya.de/'],
    ['example.com:8080', 'https://www.example.com:8080/'],
    ['localhost', 'https://www.localhost/'],
    ['127.0.0.1', 'https://127.0.0.1/'],
    ['http://2130706433', 'http://127.0.0.1/'],
    ['//example.com', 'https://www.example.com/'],
    ['ftp://x.com', null],
    ['file:///etc/passwd', null],
    ['javascript:alert(1)', null],
    ['javascript://example.com/%0Aalert(1)', null],
    ['data:text/html,hello', null],
    ['mailto:someone@example.com', null],
    ['http://user:pass@example.com', null],
    ['http://[::1]', null],
    ['', null],
    ['   ', null],
    ['exa mple.com', null],
    ['exa%20mple.com', null],
    ['example..com', null],
    ['-example.com', null],
    ['my_site.example.com', 'https://my_site.example.com/'],
    ['example.com.', 'https://example.com./'],
    ['http://', null],
    ['https://', null],
    [`${'a'.repeat(MAX_AUDIT_URL_LENGTH)}.com`, null],
  ];

  it.each(table)('%j -> %j', (input, expected) => {
    expect(normaliseAuditUrl(input)).toBe(expected);
  });

  it('is idempotent on everything it accepts', () => {
    for (const [input] of table) {
      const once = normaliseAuditUrl(input);
      if (once !== null) expect(normaliseAuditUrl(once)).toBe(once);
    }
  });

  it('uses the spec message for invalid input', () => {
    expect(INVALID_URL_MESSAGE).toBe(
      'Please enter a valid URL (e.g., example.com or www.example.com)',
    );
  });
});

describe('grades and badges', () => {
  it.each([
    [100, 'A'],
    [90, 'A'],
    [89, 'B'],
    [80, 'B'],
    [79, 'C'],
    [70, 'C'],
    [69, 'D'],
    [60, 'D'],
    [59, 'F'],
    [0, 'F'],
  ])('score %i is grade %s', (score, grade) => {
    expect(gradeFor(score).grade).toBe(grade);
  });

  it.each([
    [95, 'A', 90, 'green', 'Excellent performance across all metrics'],
    [85, 'B', 80, 'blue', 'Good performance with room for improvement'],
    [75, 'C', 70, 'yellow', 'Average performance needs optimization'],
    [65, 'D', 60, 'orange', 'Below average, significant improvements needed'],
    [5, 'F', 0, 'red', 'Poor performance requires immediate attention'],
  ])(
    'a score of %i is grade %s of the spec table: from %i, %s, "%s"',
    (score, grade, min, colour, description) => {
      expect(gradeFor(score)).toEqual({ grade, min, colour, description });
    },
  );

  it.each([
    [100, 'Excellent'],
    [90, 'Excellent'],
    [89, 'Good'],
    [80, 'Good'],
    [79, 'Good'],
    [70, 'Good'],
    [69, 'Needs Work'],
    [60, 'Needs Work'],
    [59, 'Needs Work'],
    [0, 'Needs Work'],
  ])('score %i has badge %s', (score, badge) => {
    expect(badgeFor(score)).toBe(badge);
  });

  it('grades the rounded average of the four scores', () => {
    // 89.75 rounds up to 90, 89.25 down to 89.
    const up = { performance: 89, accessibility: 90, best_practices: 90, seo: 90 };
    const down = { performance: 89, accessibility: 89, best_practices: 90, seo: 89 };
    expect(averageScore(up)).toBe(90);
    expect(overallGrade(up).grade).toBe('A');
    expect(averageScore(down)).toBe(89);
    expect(overallGrade(down).grade).toBe('B');
    expect(
      overallGrade({ performance: 57, accessibility: 35, best_practices: 92, seo: 64 }),
    ).toMatchObject({
      grade: 'D',
    });
  });
});

describe('categories', () => {
  it('maps each category to the spec service page, which exists', () => {
    expect(Object.fromEntries(AUDIT_CATEGORIES.map((c) => [c, servicePathFor(c)]))).toEqual({
      performance: '/services/ai-website-optimization',
      accessibility: '/services/operations-consulting',
      best_practices: '/services/ai-strategy-training',
      seo: '/services/seo',
    });
    for (const c of AUDIT_CATEGORIES) {
      expect(existsSync(`src/content/services/${CATEGORY_INFO[c].service}.mdx`)).toBe(true);
    }
  });

  it('shows underscores as spaces and links Lighthouse docs', () => {
    for (const c of AUDIT_CATEGORIES) {
      expect(CATEGORY_INFO[c].label.toLowerCase()).toBe(c.replace(/_/g, ' '));
      expect(CATEGORY_INFO[c].explanationUrl).toMatch(
        /^https:\/\/developer\.chrome\.com\/docs\/lighthouse\//,
      );
    }
  });
});
