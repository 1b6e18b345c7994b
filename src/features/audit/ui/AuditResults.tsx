/**
 * A finished audit: the overall grade beside the AI-visibility grade, one card per category, the
 * suggestions, the metrics, the credit line, the AI-visibility report and, for sample results
 * only, the mock-data indicator.
 */
import type { RefObject } from 'react';
import { gradeFor, type GradeInfo } from '../grades';
import {
  AUDIT_CATEGORIES,
  CATEGORY_INFO,
  averageScore,
  badgeFor,
  overallGrade,
  type AuditCategory,
  type Badge,
} from '../psi/categories';
import type { AuditMetric, AuditSuccess, MetricRating } from '../contract';
import OutcomeHeading from './OutcomeHeading';
import VisibilityReport, { type ServiceLink } from './VisibilityReport';

/** The recommended service page per category (path and name), from the services collection. */
export type ServiceLinks = Record<AuditCategory, { href: string; title: string }>;

interface Props {
  result: AuditSuccess;
  services: ServiceLinks;
  /** Receives focus when the result appears after a visitor's action. */
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** The service that fixes what the AI-visibility checks find. */
  visibilityService?: ServiceLink | undefined;
}

/** The grade circle's colours, by the spec's colour name. */
const GRADE_STYLES: Record<GradeInfo['colour'], string> = {
  green: 'bg-emerald-100 text-emerald-800 ring-emerald-500',
  blue: 'bg-blue-100 text-blue-800 ring-blue-500',
  yellow: 'bg-yellow-100 text-yellow-800 ring-yellow-400',
  orange: 'bg-orange-100 text-orange-800 ring-orange-500',
  red: 'bg-red-100 text-red-800 ring-red-500',
};

const BADGE_STYLES: Record<Badge, string> = {
  Excellent: 'bg-emerald-100 text-emerald-800',
  Good: 'bg-blue-100 text-blue-800',
  'Needs Work': 'bg-red-100 text-red-800',
};

const RATING: Record<MetricRating, { label: string; dot: string }> = {
  good: { label: 'Good', dot: 'bg-emerald-500' },
  'needs-improvement': { label: 'Needs Improvement', dot: 'bg-amber-500' },
  poor: { label: 'Poor', dot: 'bg-red-600' },
};

export default function AuditResults({ result, services, headingRef, visibilityService }: Props) {
  const grade = overallGrade(result.scores);
  const field = result.metrics?.field;
  const visibility = result.visibility;
  return (
    <section aria-labelledby="audit-results" className="mx-auto max-w-5xl">
      <div className="flex flex-col items-center text-center">
        <OutcomeHeading id="audit-results" headingRef={headingRef} className="text-2xl font-bold">
          Audit Results
        </OutcomeHeading>
        <p className="mt-1 break-all text-slate-600">{result.url}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-x-12 gap-y-6">
          <div className="flex flex-col items-center">
            <p
              className={`flex size-32 flex-col items-center justify-center rounded-full ring-8 ${GRADE_STYLES[grade.colour]}`}
            >
              <span className="sr-only">Overall grade </span>
              <span className="text-6xl leading-none font-extrabold">{grade.grade}</span>
              <span className="mt-1 text-sm font-semibold">{averageScore(result.scores)}/100</span>
            </p>
            <p className="mt-4 text-sm font-semibold text-slate-700">PageSpeed Insights</p>
          </div>
          {visibility && (
            <div className="flex flex-col items-center">
              <p
                className={`flex size-32 flex-col items-center justify-center rounded-full ring-8 ${
                  visibility.score === null
                    ? 'bg-slate-100 text-slate-700 ring-slate-300'
                    : GRADE_STYLES[gradeFor(visibility.score).colour]
                }`}
              >
                <span className="sr-only">AI visibility grade </span>
                <span className="text-6xl leading-none font-extrabold">
                  {visibility.grade ?? '?'}
                </span>
                <span className="mt-1 text-sm font-semibold">
                  {visibility.score === null ? 'Not checked' : `${visibility.score}/100`}
                </span>
              </p>
              <p className="mt-4 text-sm font-semibold text-slate-700">AI visibility</p>
            </div>
          )}
        </div>
        <p className="mt-4 text-lg font-medium text-slate-800">{grade.description}</p>
      </div>

      <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {AUDIT_CATEGORIES.map((category) => (
          <li key={category}>
            <CategoryCard
              category={category}
              score={result.scores[category]}
              service={services[category]}
            />
          </li>
        ))}
      </ul>

      {result.suggestions.length > 0 && (
        <div className="mt-10 rounded-2xl border border-slate-200 bg-white p-6">
          <h3 className="text-lg font-semibold">Key Improvement Suggestions</h3>
          <ol className="mt-4 list-decimal space-y-2 pl-6 text-slate-700 marker:font-semibold">
            {result.suggestions.map((s, i) => (
              <li key={i}>{s}</li>
            ))}
          </ol>
        </div>
      )}

      {result.metrics && result.metrics.lab.length > 0 && (
        <MetricList
          title="Lab metrics (simulated mobile)"
          metrics={result.metrics.lab}
          note="Measured by Lighthouse in a single test run."
        />
      )}
      {field && (
        <MetricList
          title="Core Web Vitals from real users"
          metrics={field.metrics}
          note={`Chrome UX Report, last 28 days, for this ${field.scope === 'origin' ? 'whole site' : 'page'}${
            field.overall ? `. Overall: ${RATING[field.overall].label}` : ''
          }.`}
        />
      )}

      <p className="mt-8 text-center text-sm text-slate-600">
        Results powered by Google PageSpeed Insights, run through our server.
      </p>

      {visibility && <VisibilityReport visibility={visibility} service={visibilityService} />}

      {result.raw?.isMockData && (
        <p
          role="note"
          className="fixed bottom-4 left-4 z-30 rounded-lg bg-amber-100 px-3 py-2 text-xs font-semibold text-amber-950 shadow-md ring-1 ring-amber-400"
        >
          {result.raw.mockIndicator ?? 'Mock data'}
        </p>
      )}
    </section>
  );
}

function CategoryCard({
  category,
  score,
  service,
}: {
  category: AuditCategory;
  score: number;
  service: ServiceLinks[AuditCategory];
}) {
  const info = CATEGORY_INFO[category];
  const badge = badgeFor(score);
  return (
    <article className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h3 className="font-semibold">{info.label}</h3>
      <p className="mt-2 flex items-baseline gap-2">
        <span className="text-4xl font-bold text-navy-900">{score}</span>
        <span className="text-sm text-slate-600">/ 100</span>
      </p>
      <p className="mt-2">
        <span className={`badge ${BADGE_STYLES[badge]}`}>{badge}</span>
      </p>
      <div className="mt-4 flex grow flex-col justify-end gap-2 text-sm">
        <a
          href={info.explanationUrl}
          rel="noopener"
          className="text-brand-700 underline underline-offset-2 hover:text-navy-900"
        >
          How {info.label} is scored
        </a>
        <a
          href={service.href}
          className="font-medium text-brand-700 underline underline-offset-2 hover:text-navy-900"
        >
          Recommended: {service.title}
        </a>
      </div>
    </article>
  );
}

function MetricList({
  title,
  metrics,
  note,
}: {
  title: string;
  metrics: AuditMetric[];
  note: string;
}) {
  return (
    <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-6">
      <h3 className="text-lg font-semibold">{title}</h3>
      <p className="mt-1 text-sm text-slate-600">{note}</p>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {metrics.map((m) => (
          <div key={m.id} className="rounded-xl bg-slate-50 p-4">
            <dt className="text-sm text-slate-600">{m.label}</dt>
            <dd className="mt-1 flex items-center gap-2">
              <span className="text-xl font-bold text-navy-900">{m.display}</span>
              <span className="inline-flex items-center gap-1 text-sm text-slate-700">
                <span
                  aria-hidden="true"
                  className={`size-2.5 rounded-full ${RATING[m.rating].dot}`}
                />
                {RATING[m.rating].label}
              </span>
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
