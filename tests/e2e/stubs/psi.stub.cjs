// PageSpeed Insights v5 stand-in for end-to-end runs. It answers from the Lighthouse fixtures in
// tests/fixtures, chosen by the audited host name, so each test picks its outcome by the address
// it types:
//   *unreachable*  400 with Lighthouse's FAILED_DOCUMENT_REQUEST, as PSI does for a dead site
//   *quota*        429, PSI's answer when the API quota is used up
//   *crux*         the flawed-page result plus real-user Core Web Vitals (loadingExperience)
//   *perfect*      the result of our own built site
//   *slow*         the flawed-page result after 1.5 s, like a real PSI run (only shorter)
//   anything else  the flawed-page result
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

const fixture = (name) =>
  JSON.parse(readFileSync(join(__dirname, '..', '..', 'fixtures', `psi-${name}.json`), 'utf8'));
const poor = fixture('poor');
const site = fixture('site');

/** Real-user metrics in the shape PSI reports them (CLS is multiplied by 100). */
const loadingExperience = {
  metrics: {
    LARGEST_CONTENTFUL_PAINT_MS: { percentile: 3400, category: 'AVERAGE' },
    INTERACTION_TO_NEXT_PAINT: { percentile: 180, category: 'FAST' },
    CUMULATIVE_LAYOUT_SHIFT_SCORE: { percentile: 31, category: 'SLOW' },
  },
  overall_category: 'SLOW',
};

function send(res, status, body) {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=UTF-8' });
  res.end(JSON.stringify(body));
}

/** PSI's envelope for `target`, its addresses rewritten to the audited page. */
function resultFor(base, target, extra = {}) {
  const lighthouseResult = {
    ...base.lighthouseResult,
    requestedUrl: target,
    finalUrl: target,
    finalDisplayedUrl: target,
  };
  return { ...base, id: target, ...extra, lighthouseResult };
}

module.exports = {
  prefix: '/psi',
  bindings: (origin) => ({ PSI_ENDPOINT: `${origin}/psi/runPagespeed` }),
  async handle(req, res, body, url) {
    const target = url.searchParams.get('url') ?? '';
    let host = '';
    try {
      host = new URL(target).hostname;
    } catch {
      return send(res, 400, {
        error: { code: 400, message: 'Invalid value', status: 'INVALID_ARGUMENT' },
      });
    }
    if (host.includes('unreachable')) {
      return send(res, 400, {
        error: {
          code: 400,
          message:
            'Lighthouse returned error: FAILED_DOCUMENT_REQUEST. Lighthouse was unable to reliably load the page you requested. (Details: net::ERR_CONNECTION_REFUSED)',
          status: 'INVALID_ARGUMENT',
        },
      });
    }
    if (host.includes('quota')) {
      return send(res, 429, {
        error: {
          code: 429,
          message: 'Quota exceeded for quota metric',
          status: 'RESOURCE_EXHAUSTED',
        },
      });
    }
    if (host.includes('slow')) await new Promise((resolve) => setTimeout(resolve, 1500));
    if (host.includes('crux'))
      return send(res, 200, resultFor(poor, target, { loadingExperience }));
    if (host.includes('perfect')) return send(res, 200, resultFor(site, target));
    return send(res, 200, resultFor(poor, target));
  },
};
