/**
 * The AI-visibility part of an audit: the three fixes that matter most, then every check by
 * group with what was found, why it matters, the fix and where our guides explain it. Each
 * status is written out, not only coloured.
 */
import type { Visibility, VisibilityCheck } from '../contract';
import {
  CHECK_GROUPS,
  CHECK_INFO,
  STATUS_LABEL,
  checksInGroup,
  topFixes,
} from '../visibility/scoring';

/** The service page that does this work for a client, as the island names it. */
export interface ServiceLink {
  href: string;
  title: string;
}

interface Props {
  visibility: Visibility;
  /** Offered under the report, for owners who want the fixes done for them. */
  service?: ServiceLink | undefined;
}

const STATUS_STYLES: Record<VisibilityCheck['status'], { badge: string; icon: string }> = {
  pass: { badge: 'bg-emerald-100 text-emerald-900', icon: '✓' },
  warn: { badge: 'bg-amber-100 text-amber-950', icon: '!' },
  fail: { badge: 'bg-red-100 text-red-900', icon: '✕' },
  error: { badge: 'bg-slate-200 text-slate-800', icon: '?' },
};

const link = 'text-brand-700 underline underline-offset-2 hover:text-navy-900';

export default function VisibilityReport({ visibility, service }: Props) {
  const fixes = topFixes(visibility.checks);
  const ran = visibility.score !== null;
  return (
    <section
      aria-labelledby="audit-visibility"
      className="mt-10 rounded-2xl border border-slate-200 bg-white p-6"
    >
      <h3 id="audit-visibility" className="text-lg font-semibold">
        AI visibility
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        Checked by our own server: can search engines and AI assistants reach this page, read it and
        cite it?
      </p>
      {!ran && (
        <p className="mt-4 text-slate-800">
          We could not run these checks for this page. {visibility.checks[0]?.detail}
        </p>
      )}
      {ran && fixes.length > 0 && (
        <div className="mt-6 rounded-xl bg-slate-50 p-5">
          <h4 className="font-semibold">The fixes that matter most</h4>
          <ol className="mt-3 list-decimal space-y-2 pl-6 text-slate-800 marker:font-semibold">
            {fixes.map((check) => (
              <li key={check.id}>
                <span className="font-medium">{check.title}:</span> {check.fix}
              </li>
            ))}
          </ol>
        </div>
      )}
      {ran && fixes.length === 0 && (
        <p className="mt-4 text-slate-800">Every check we could run passed. Nothing to fix here.</p>
      )}
      {ran &&
        CHECK_GROUPS.map((group) => (
          <div key={group} className="mt-8">
            <h4 className="font-semibold text-navy-900">{group}</h4>
            <ul className="mt-3 space-y-4">
              {checksInGroup(visibility.checks, group).map((check) => (
                <CheckItem key={check.id} check={check} />
              ))}
            </ul>
          </div>
        ))}
      {service && (
        <p className="mt-8 text-sm text-slate-700">
          Want these fixed for you?{' '}
          <a href={service.href} className={`font-medium ${link}`}>
            Recommended: {service.title}
          </a>
        </p>
      )}
    </section>
  );
}

function CheckItem({ check }: { check: VisibilityCheck }) {
  const style = STATUS_STYLES[check.status];
  return (
    <li className="rounded-xl border border-slate-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h5 className="font-semibold">{check.title}</h5>
        <span className={`badge ${style.badge}`}>
          <span aria-hidden="true" className="mr-1">
            {style.icon}
          </span>
          <span>{STATUS_LABEL[check.status]}</span>
        </span>
      </div>
      <p className="mt-2 text-slate-800">{check.detail}</p>
      <p className="mt-2 text-sm text-slate-600">
        <span className="font-medium text-slate-700">Why it matters:</span>{' '}
        {CHECK_INFO[check.id].why}
      </p>
      {check.fix && (
        <p className="mt-2 text-sm text-slate-800">
          <span className="font-medium">How to fix it:</span> {check.fix}
        </p>
      )}
      {check.items && check.items.length > 0 && (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer text-slate-700">What we found</summary>
          <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
            {check.items.map((item, i) => (
              <div key={i} className="contents">
                <dt className="text-slate-600">{item.label}</dt>
                <dd className="break-all text-slate-900">{item.value}</dd>
              </div>
            ))}
          </dl>
        </details>
      )}
      {check.learnMore && (
        <p className="mt-2 text-sm">
          <a href={check.learnMore.href} className={link}>
            Learn more: {check.learnMore.label}
          </a>
        </p>
      )}
    </li>
  );
}
