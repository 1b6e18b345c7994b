/**
 * Reports Core Web Vitals to POST /api/analytics/vitals by sendBeacon. The web-vitals library is
 * fetched only once the page is idle, so it never competes with the page's own loading.
 */
import type { VitalReport } from '../features/analytics/contract';

const ENDPOINT = '/api/analytics/vitals';

function send(report: VitalReport): void {
  const body = JSON.stringify(report);
  // text/plain keeps the beacon a simple request (no preflight); the endpoint accepts it.
  if (!navigator.sendBeacon?.(ENDPOINT, body)) {
    void fetch(ENDPOINT, { method: 'POST', body, keepalive: true }).catch(() => {});
  }
}

async function start(): Promise<void> {
  const { onCLS, onFCP, onINP, onLCP, onTTFB } = await import('web-vitals');
  const report = ({ name, value, id }: { name: string; value: number; id: string }) => {
    send({
      metric: name as VitalReport['metric'],
      value,
      id,
      url: location.href,
      timestamp: Date.now(),
      userAgent: navigator.userAgent.slice(0, 500),
    });
    // The spec's hook for an analytics tag, when the firm adds one.
    const w = window as Window & { gtag?: (...args: unknown[]) => void };
    w.gtag?.('event', 'web_vitals', {
      event_category: 'Web Vitals',
      event_label: name,
      value: Math.round(value),
    });
  };
  for (const on of [onCLS, onFCP, onINP, onLCP, onTTFB]) on(report);
}

const whenIdle = (fn: () => void) =>
  'requestIdleCallback' in window
    ? requestIdleCallback(fn, { timeout: 5000 })
    : setTimeout(fn, 2000);

if (document.readyState === 'complete') whenIdle(() => void start());
else addEventListener('load', () => whenIdle(() => void start()), { once: true });
