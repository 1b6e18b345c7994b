// Renders public/og-default.jpg, the 1200x630 image social networks show for pages without a
// raster image of their own: node scripts/make-share-image.mjs (rerun after changing the firm's
// name or tagline in src/site.config.ts).
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright';
import { launchOptions } from '../tests/browser.mjs';

const config = readFileSync(new URL('../src/site.config.ts', import.meta.url), 'utf8');
const field = (name) => config.match(new RegExp(`\\b${name}: '([^']+)'`))?.[1] ?? '';
const logo = readFileSync(new URL('../public/favicon.svg', import.meta.url), 'utf8');
const escape = (s) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

const html = `<!doctype html><html><body style="margin:0">
<div style="width:1200px;height:630px;box-sizing:border-box;padding:80px;display:flex;flex-direction:column;justify-content:space-between;
  background:radial-gradient(circle at 80% 20%, rgba(29,95,209,.55), transparent 55%), #0b2240;color:#fff;font-family:system-ui,sans-serif">
  <div style="display:flex;align-items:center;gap:24px"><div style="width:96px;height:96px">${logo}</div>
    <div style="font-size:44px;font-weight:700">${escape(field('name'))}</div></div>
  <div style="font-size:64px;font-weight:800;line-height:1.1;max-width:980px">AI, operations &amp; SEO consulting for growing businesses</div>
  <div style="display:flex;justify-content:space-between;font-size:32px"><span style="color:#f0c14b">${escape(field('tagline'))}</span><span>Veteran-owned</span></div>
</div></body></html>`;

const browser = await chromium.launch(launchOptions());
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
await page.setContent(html);
await page.screenshot({
  path: new URL('../public/og-default.jpg', import.meta.url).pathname,
  type: 'jpeg',
  quality: 85,
});
await browser.close();
console.log('public/og-default.jpg');
