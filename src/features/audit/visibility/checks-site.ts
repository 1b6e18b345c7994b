/**
 * The checks of how the page is served and what robots.txt says about it: HTTPS, the page's
 * response, AI crawler access and content signals. Pure functions from fetched answers to
 * findings in plain words.
 */
import type { LearnMore, VisibilityCheck } from '../contract';
import { describeFailure, header, isOurLimit, type Attempt, type Fetched } from './fetched';
import { failedFetch, finding, list } from './finding';
import { LEARN_MORE } from './learn-more';
import {
  readRobots,
  ROBOTS_LIMITS,
  SIGNAL_KEYS,
  type CrawlerAccess,
  type RobotsRules,
} from './robots';

const PERMANENT = new Set([301, 308]);
/** Time to first byte Google's web.dev guidance counts as good. */
export const GOOD_TTFB_MS = 800;

function isHtml(fetched: Fetched): boolean {
  return fetched.contentType === 'text/html' || fetched.contentType === 'application/xhtml+xml';
}

/** `https`: served over HTTPS, plain HTTP redirected to it permanently, HSTS set. */
export function checkHttps(page: Attempt, httpProbe: Attempt | undefined): VisibilityCheck {
  const learnMore = LEARN_MORE.https;
  if (!page.ok) return failedFetch('https', page, 'the page', { learnMore });
  const fix =
    'Serve every page over HTTPS (most hosts and Cloudflare include a free certificate), send every http:// address to its https:// twin with one permanent (301) redirect, and then set the Strict-Transport-Security header.';
  if (new URL(page.url).protocol !== 'https:') {
    return finding(
      'https',
      'fail',
      `The page is served over plain HTTP (${page.url}), so browsers mark it "Not secure".`,
      { fix, learnMore },
    );
  }
  const hsts = /max-age\s*=\s*"?(\d+)/.exec(header(page, 'strict-transport-security'));
  const hstsOk = !!hsts && Number(hsts[1]) > 0;
  // The redirect from http:// is the first hop when the visitor typed http://, else a probe's answer.
  const firstHop = page.hops[0];
  let redirect: 'permanent' | 'temporary' | 'none' | 'no answer';
  let redirectStatus = 0;
  if (firstHop && new URL(firstHop.url).protocol === 'http:') {
    redirectStatus = firstHop.status;
  } else if (httpProbe?.ok) {
    const location = httpProbe.headers.get('location') ?? '';
    redirectStatus = location.startsWith('https://') ? httpProbe.status : 0;
  }
  if (redirectStatus) redirect = PERMANENT.has(redirectStatus) ? 'permanent' : 'temporary';
  else redirect = httpProbe && !httpProbe.ok ? 'no answer' : 'none';
  const items = [
    { label: 'Secure address', value: page.url },
    {
      label: 'http:// version',
      value: {
        permanent: `Redirects to HTTPS (${redirectStatus}, permanent)`,
        temporary: `Redirects to HTTPS (${redirectStatus}, temporary)`,
        none: 'Does not redirect to HTTPS',
        'no answer': 'Does not answer',
      }[redirect],
    },
    { label: 'HSTS', value: hstsOk ? `Set (max-age ${hsts[1]} seconds)` : 'Not set' },
  ];
  const problems = [
    redirect === 'permanent' ? '' : 'the http:// address does not redirect permanently to HTTPS',
    hstsOk ? '' : 'the Strict-Transport-Security (HSTS) header is missing',
  ].filter(Boolean);
  if (problems.length === 0) {
    return finding(
      'https',
      'pass',
      'The page is served over HTTPS, http:// redirects to it permanently and HSTS tells browsers to stay on HTTPS.',
      { learnMore, items },
    );
  }
  return finding('https', 'warn', `The page is served over HTTPS, but ${problems.join(' and ')}.`, {
    fix,
    learnMore,
    items,
  });
}

/** `status`: the final status code, the redirect chain and the time to first byte. */
export function checkStatus(page: Attempt): VisibilityCheck {
  if (!page.ok) {
    const loop = page.kind === 'redirect_loop' || page.kind === 'too_many_redirects';
    return failedFetch('status', page, 'the page', {
      fix: loop
        ? 'Point every old address straight at the final page with a single permanent (301) redirect, and remove the redirects that send pages back and forth.'
        : 'Check that the site is online and answers quickly: hosting limits, a firewall or a slow plugin are the usual causes.',
      learnMore: loop ? LEARN_MORE.redirects : LEARN_MORE.status,
      items: page.hops.map((hop) => hopItem(hop)),
    });
  }
  const items = [
    ...page.hops.map(hopItem),
    { label: `${page.status} answer`, value: page.url },
    { label: 'Time to first byte', value: `${page.ttfbMs} ms` },
  ];
  if (page.status < 200 || page.status >= 300) {
    return finding(
      'status',
      'fail',
      `The page answers with status ${page.status} instead of 200, so search engines and AI crawlers do not index it.`,
      {
        fix:
          page.status >= 500
            ? 'Find the server error behind the page (hosting limits, a plugin or a timeout) and fix it; if the site is down for maintenance, answer 503 with a Retry-After header.'
            : 'Restore the page, or redirect its address permanently (301) to the page that replaced it.',
        learnMore: LEARN_MORE.status,
        items,
      },
    );
  }
  const problems: string[] = [];
  let learnMore: LearnMore = LEARN_MORE.status;
  let fix: string | undefined;
  if (page.hops.length > 1 || page.hops.some((h) => !PERMANENT.has(h.status))) {
    problems.push(
      page.hops.length > 1
        ? `it takes ${page.hops.length} redirects to reach it`
        : 'the redirect to it is temporary, which tells search engines to keep the old address',
    );
    learnMore = LEARN_MORE.redirects;
    fix =
      'Link to the final address directly and point old addresses at it with one permanent (301) redirect each.';
  }
  if (!isHtml(page))
    problems.push(`it answers with ${page.contentType || 'no content type'}, not an HTML page`);
  if (page.ttfbMs > GOOD_TTFB_MS) {
    problems.push(
      `the server took ${page.ttfbMs} ms to start answering (under ${GOOD_TTFB_MS} ms is good)`,
    );
    fix ??=
      'Speed up the server response: caching, a content delivery network or a faster host usually bring it under 0.8 seconds.';
  }
  if (problems.length === 0) {
    const via = page.hops.length ? ' after one permanent redirect' : '';
    return finding(
      'status',
      'pass',
      `The page answers 200${via} and started answering in ${page.ttfbMs} ms.`,
      { learnMore, items },
    );
  }
  return finding('status', 'warn', `The page answers 200, but ${problems.join('; ')}.`, {
    fix: fix ?? 'Make sure the address serves the web page itself.',
    learnMore,
    items,
  });
}

function hopItem(hop: { url: string; status: number }) {
  return {
    label: `${hop.status} ${PERMANENT.has(hop.status) ? 'permanent' : 'temporary'} redirect`,
    value: hop.url,
  };
}

/** robots.txt as both of its checks see it, read once. */
export interface RobotsFile {
  attempt: Attempt;
  /** Its text when it answered 2xx as text ('' for a web page); undefined otherwise. */
  text: string | undefined;
  /** What it says about the page; undefined when it is too large or too complex to read. */
  rules: RobotsRules | undefined;
}

/** Reads robots.txt's answer for `pageUrl` (a missing or empty file allows everything). */
export function readRobotsFile(
  attempt: Attempt,
  pageUrl: string,
  now: () => number = Date.now,
): RobotsFile {
  const text = robotsText(attempt);
  return { attempt, text, rules: readRobots(text ?? '', pageUrl, now) };
}

/** robots.txt's text when it answered 2xx as text; undefined otherwise. */
function robotsText(robots: Attempt): string | undefined {
  if (!robots.ok || robots.status < 200 || robots.status >= 300 || robots.body === undefined)
    return undefined;
  return /^\s*</.test(robots.body) ? '' : robots.body;
}

/** The finding of a robots.txt past ROBOTS_LIMITS, for both of its checks. */
function tooComplex(id: 'robots-ai' | 'content-signals', learnMore: LearnMore): VisibilityCheck {
  const { groups, rules, patternLength } = ROBOTS_LIMITS;
  return finding(
    id,
    'error',
    `robots.txt too large or too complex to read: we read at most ${groups} groups and ${rules} rules of up to ${patternLength} characters, and stop when matching its wildcards would take too long, so we did not judge it.`,
    {
      fix: 'Keep robots.txt short and plain: one group for each crawler you treat differently, a few hundred rules at most, and few * wildcards in a rule. Crawlers have limits too and may ignore the rest.',
      learnMore,
    },
  );
}

/** `robots-ai`: what robots.txt lets each search, answer and training crawler do with the page. */
export function checkRobots({ attempt: robots, text, rules }: RobotsFile): VisibilityCheck {
  const learnMore = LEARN_MORE.robots;
  const serverError = LEARN_MORE.robotsServerError;
  const errorFix =
    'Make /robots.txt answer 200 with your rules, or 404 if you have none; never a server error.';
  if (!robots.ok) {
    if (isOurLimit(robots)) return failedFetch('robots-ai', robots, 'robots.txt', { learnMore });
    return finding(
      'robots-ai',
      'fail',
      `${describeFailure(robots, 'robots.txt')} Crawlers treat a robots.txt they cannot reach like a server error and stop crawling the site.`,
      { fix: errorFix, learnMore: serverError },
    );
  }
  if (robots.status >= 500 || robots.status === 429) {
    return finding(
      'robots-ai',
      'fail',
      `robots.txt answers with status ${robots.status}. Google treats a robots.txt server error as "crawl nothing" and stops crawling the whole site until it is fixed.`,
      { fix: errorFix, learnMore: serverError },
    );
  }
  if (!rules) return tooComplex('robots-ai', learnMore);
  const { access } = rules;
  const items = access.map((a) => ({
    label: `${a.token} (${a.kind === 'training' ? 'AI training' : a.kind === 'answer' ? 'AI answers' : 'search'})`,
    value: a.allowed ? 'Allowed' : 'Blocked',
  }));
  const blocked = (kind: CrawlerAccess['kind']) =>
    access.filter((a) => a.kind === kind && !a.allowed).map((a) => a.token);
  const training = blocked('training');
  const trainingNote = training.length
    ? ` ${list(training)} ${training.length === 1 ? 'is' : 'are'} blocked from AI training, which is your choice and does not affect citations.`
    : '';
  if (text === undefined || text === '') {
    const why =
      text === ''
        ? 'robots.txt answers with a web page instead of rules'
        : `there is no robots.txt (status ${robots.status})`;
    return finding(
      'robots-ai',
      'pass',
      `Every crawler may fetch this page: ${why}, which crawlers read as no restrictions.`,
      { learnMore, items },
    );
  }
  const search = blocked('search');
  const answer = blocked('answer');
  const one = (names: string[], single: string, plural: string) =>
    names.length === 1 ? single : plural;
  const answerNote = answer.length
    ? ` It also blocks ${list(answer)}, which ${one(answer, 'fetches', 'fetch')} pages for AI answers that cite their sources.`
    : '';
  const answerFix = answer.length
    ? ` Allow ${list(answer)} too: give ${one(answer, 'it a group of its', 'them a group of their')} own with Allow: / and your usual Disallow lines.`
    : '';
  if (search.length) {
    return finding(
      'robots-ai',
      'fail',
      `robots.txt blocks ${list(search)} from this page, so it cannot appear in ${one(search, 'its', 'their')} search results or the AI answers built on them.${answerNote}${trainingNote}`,
      {
        fix: `Remove the Disallow rule that covers this page from the ${list(search)} group (or the * group ${one(search, 'it falls', 'they fall')} back to) in robots.txt.${answerFix}`,
        learnMore,
        items,
      },
    );
  }
  if (answer.length) {
    return finding(
      'robots-ai',
      'warn',
      `Search engines may crawl this page, but robots.txt blocks ${list(answer)}, which ${one(answer, 'fetches', 'fetch')} pages for AI answers that cite their sources.${trainingNote}`,
      { fix: answerFix.trim(), learnMore, items },
    );
  }
  return finding(
    'robots-ai',
    'pass',
    `Googlebot, Bingbot and the AI answer crawlers may all fetch this page.${trainingNote}`,
    { learnMore, items },
  );
}

/** `content-signals`: whether robots.txt says how content may be used (search, ai-input, ai-train). */
export function checkContentSignals({ attempt: robots, text, rules }: RobotsFile): VisibilityCheck {
  const learnMore = LEARN_MORE.contentSignals;
  const fix =
    'Add a Content-Signal line under User-agent: * in robots.txt, such as "Content-Signal: search=yes, ai-input=yes, ai-train=no", with the Content Signals Policy text as comments above it.';
  if (!robots.ok && isOurLimit(robots))
    return failedFetch('content-signals', robots, 'robots.txt', { learnMore });
  if (!text) {
    return finding(
      'content-signals',
      'fail',
      'There is no readable robots.txt, so the site states no content signals.',
      { fix, learnMore },
    );
  }
  if (!rules) return tooComplex('content-signals', learnMore);
  const { signals } = rules;
  if (signals.length === 0) {
    return finding(
      'content-signals',
      'fail',
      'robots.txt has no Content-Signal lines, so AI companies cannot tell whether you allow search, AI answers or training.',
      { fix, learnMore },
    );
  }
  const items = signals.map((s) => ({
    label: s.agents.length ? s.agents.join(', ') : 'Outside any group',
    value:
      [
        ...SIGNAL_KEYS.filter((k) => s.signals[k]).map((k) => `${k}=${s.signals[k]}`),
        ...s.invalid,
      ].join(', ') || '(empty)',
  }));
  const invalid = signals.flatMap((s) => s.invalid);
  const ungrouped = signals.some((s) => s.agents.length === 0);
  if (invalid.length || ungrouped) {
    const problems = [
      invalid.length
        ? `${list(invalid.map((i) => `"${i}"`))} ${invalid.length === 1 ? 'is' : 'are'} not a signal (the uses are search, ai-input and ai-train, each yes or no)`
        : '',
      ungrouped ? 'a Content-Signal line stands before any User-agent line' : '',
    ].filter(Boolean);
    return finding(
      'content-signals',
      'warn',
      `robots.txt has content signals, but ${problems.join(' and ')}.`,
      { fix, learnMore, items },
    );
  }
  return finding(
    'content-signals',
    'pass',
    `robots.txt states how your content may be used: ${items[0].value} (${items[0].label}).`,
    { learnMore, items },
  );
}
