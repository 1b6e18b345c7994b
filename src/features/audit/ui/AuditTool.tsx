/**
 * The free website audit: the address form, then the loading, failure or result view. A `?url=`
 * parameter fills the field and starts an audit by itself. Rules live in ../address.ts and
 * ../psi/categories.ts, the request in ../client.ts; this file holds state and markup only.
 */
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { INVALID_URL_MESSAGE, normaliseAuditUrl } from '../address';
import { overallGrade } from '../psi/categories';
import type { AuditSuccess, Visibility } from '../contract';
import { requestAudit } from '../client';
import AuditResults, { type ServiceLinks } from './AuditResults';
import OutcomeHeading from './OutcomeHeading';
import VisibilityReport, { type ServiceLink } from './VisibilityReport';

export interface AuditToolProps {
  /** The recommended service page for each category, with its name. */
  services: ServiceLinks;
  /** The service recommended under the AI-visibility report. */
  visibilityService?: ServiceLink | undefined;
}

type View =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'success'; result: AuditSuccess }
  | { state: 'error'; message: string; visibility?: Visibility | undefined };

export default function AuditTool({ services, visibilityService }: AuditToolProps) {
  const [url, setUrl] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [view, setView] = useState<View>({ state: 'idle' });
  const [announcement, setAnnouncement] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  /** Only the latest audit may change the view; an older answer arriving late is ignored. */
  const runId = useRef(0);
  /** Whether to move focus to the outcome: yes after a click or Enter, not on page load. */
  const focusOutcome = useRef(false);
  const ids = useId();
  const running = view.state === 'loading';

  async function start(typed: string, byUser: boolean) {
    const target = normaliseAuditUrl(typed);
    if (!target) {
      setFieldError(INVALID_URL_MESSAGE);
      if (byUser) inputRef.current?.focus();
      return;
    }
    setFieldError(null);
    const id = ++runId.current;
    focusOutcome.current = byUser;
    setView({ state: 'loading' });
    setAnnouncement('Analyzing your website. This may take 15 to 30 seconds.');
    const outcome = await requestAudit(target);
    if (id !== runId.current) return;
    if (outcome.ok) {
      setView({ state: 'success', result: outcome.result });
      const ai = outcome.result.visibility?.grade;
      setAnnouncement(
        `Audit complete. Overall grade ${overallGrade(outcome.result.scores).grade}.${
          ai ? ` AI visibility grade ${ai}.` : ''
        }`,
      );
    } else {
      setView({ state: 'error', message: outcome.message, visibility: outcome.visibility });
      setAnnouncement(`Audit failed. ${outcome.message}`);
    }
  }

  useEffect(() => {
    if ((view.state === 'success' || view.state === 'error') && focusOutcome.current) {
      headingRef.current?.focus();
    }
  }, [view]);

  // A shared link (/audit?url=...) starts the audit as soon as the island is ready.
  // Otherwise keep anything typed into the server-rendered field before hydration.
  useEffect(() => {
    const fromQuery = new URLSearchParams(window.location.search).get('url');
    if (fromQuery && fromQuery.trim() !== '' && runId.current === 0) {
      setUrl(fromQuery);
      void start(fromQuery, false);
    } else if (inputRef.current?.value) {
      setUrl(inputRef.current.value);
    }
  }, []);

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (running || url.trim() === '') return;
    void start(url, true);
  }

  const errorId = `${ids}-error`;
  return (
    <div>
      {/* Without JavaScript the form still works: it reloads /audit?url=..., which starts the audit. */}
      <form
        action="/audit"
        method="get"
        noValidate
        onSubmit={onSubmit}
        className="mx-auto flex max-w-2xl flex-col gap-3 sm:flex-row sm:items-start"
      >
        <div className="grow">
          <label htmlFor={`${ids}-url`} className="sr-only">
            Website URL to audit
          </label>
          <input
            ref={inputRef}
            id={`${ids}-url`}
            name="url"
            type="url"
            inputMode="url"
            autoComplete="url"
            placeholder="example.com"
            value={url}
            onChange={(e) => {
              setUrl(e.target.value);
              if (fieldError) setFieldError(null);
            }}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? errorId : undefined}
            className="field px-4"
          />
          {fieldError && (
            <p id={errorId} role="alert" className="mt-2 text-sm font-medium text-red-700">
              {fieldError}
            </p>
          )}
        </div>
        <button
          type="submit"
          disabled={running || url.trim() === ''}
          className="btn-primary shrink-0 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {running ? 'Running Audit...' : 'Run Audit'}
        </button>
      </form>

      <p role="status" className="sr-only">
        {announcement}
      </p>

      <div className="mt-10" aria-busy={running}>
        {view.state === 'loading' && <Loading />}
        {view.state === 'error' && (
          <section
            aria-labelledby={`${ids}-failed`}
            className="mx-auto max-w-2xl rounded-2xl border border-red-200 bg-red-50 p-6 text-center"
          >
            <OutcomeHeading
              id={`${ids}-failed`}
              headingRef={headingRef}
              className="text-xl font-bold text-red-900"
            >
              Audit Failed
            </OutcomeHeading>
            <p className="mt-2 text-red-900">{view.message}</p>
            <button
              type="button"
              onClick={() => void start(url, true)}
              className="btn-primary mt-5"
            >
              Try Again
            </button>
          </section>
        )}
        {view.state === 'error' && view.visibility && (
          <div className="mx-auto max-w-5xl">
            <VisibilityReport visibility={view.visibility} service={visibilityService} />
          </div>
        )}
        {view.state === 'success' && (
          <AuditResults
            result={view.result}
            services={services}
            headingRef={headingRef}
            visibilityService={visibilityService}
          />
        )}
      </div>
    </div>
  );
}

/** Placeholders in the shape of the result while PageSpeed Insights runs. */
function Loading() {
  return (
    <section aria-labelledby="audit-loading" className="mx-auto max-w-4xl text-center">
      <h2 id="audit-loading" className="text-xl font-bold">
        Analyzing Your Website
      </h2>
      <p className="mt-1 text-slate-600">This may take 15-30 seconds...</p>
      <div aria-hidden="true" className="mt-8 motion-safe:animate-pulse">
        <div className="mx-auto size-32 rounded-full bg-slate-200" />
        <div className="mx-auto mt-4 h-4 w-64 max-w-full rounded bg-slate-200" />
        <div className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} data-skeleton className="h-40 rounded-2xl bg-slate-200" />
          ))}
        </div>
      </div>
    </section>
  );
}
