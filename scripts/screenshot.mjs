// Full-page screenshots of a running site for review: node scripts/screenshot.mjs /path [width] [out.png]
import { chromium } from 'playwright';
import { launchOptions } from '../tests/browser.mjs';

const [path = '/', width = '1280', out = 'screenshot.png'] = process.argv.slice(2);
const base = process.env.BASE_URL ?? 'http://127.0.0.1:8788';
const browser = await chromium.launch(launchOptions());
const page = await browser.newPage({ viewport: { width: Number(width), height: 900 } });
await page.goto(new URL(path, base).href, { waitUntil: 'networkidle' });
await page.screenshot({ path: out, fullPage: process.env.FULL !== '0' });
await browser.close();
console.log(out);
