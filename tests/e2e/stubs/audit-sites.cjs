// Fixture websites the audit's own checks fetch: a well-kept site and a neglected one, each a
// request handler that serves a page, robots.txt, a sitemap, llms.txt and a Markdown version
// (or fails to). Function tests serve them with startStub; end-to-end runs start this file
// (`node tests/e2e/stubs/audit-sites.cjs`), which serves the neglected site on
// E2E_AUDIT_SITE_PORT for the browser report test. Both are reached through AUDIT_ALLOW_HOSTS.

/** The site's own origin, from the address the request came to. */
const originOf = (req) => `http://${req.headers.host}`;

function send(res, status, type, body, headers = {}) {
  res.writeHead(status, { 'Content-Type': type, ...headers });
  res.end(body);
}

const html = (type = 'text/html; charset=utf-8') => type;

/** A well-kept small business site: every check the deployment does not settle passes. */
function goodSite(req, res) {
  const origin = originOf(req);
  const path = new URL(req.url, origin).pathname;
  const wantsMarkdown = /text\/markdown/.test(req.headers.accept ?? '');
  switch (path) {
    case '/':
      if (wantsMarkdown) {
        return send(
          res,
          200,
          'text/markdown; charset=utf-8',
          '# Acme Plumbing\n\nWater heaters and drains in Springfield.\n',
          { Vary: 'Accept' },
        );
      }
      return send(
        res,
        200,
        html(),
        `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Acme Plumbing: Water Heaters &amp; Drains</title>
<meta name="description" content="Family-owned plumbers in Springfield: water heater replacement, drain cleaning and repairs, with prices on every page.">
<link rel="canonical" href="${origin}/">
<meta name="robots" content="index, follow">
<meta property="og:title" content="Acme Plumbing">
<meta property="og:description" content="Water heaters and drains in Springfield.">
<meta property="og:image" content="${origin}/share.jpg">
<script type="application/ld+json">${JSON.stringify({
          '@context': 'https://schema.org',
          '@type': 'Plumber',
          name: 'Acme Plumbing',
          url: `${origin}/`,
          telephone: '+1-555-0100',
          address: { '@type': 'PostalAddress', addressLocality: 'Springfield' },
        })}</script>
</head>
<body>
<svg><title>Logo</title></svg>
<h1>Acme Plumbing</h1>
<h2>Water heaters</h2><h3>Prices</h3>
<h2>Drains</h2>
</body>
</html>`,
        { Vary: 'Accept' },
      );
    case '/robots.txt':
      return send(
        res,
        200,
        'text/plain; charset=utf-8',
        [
          'User-agent: *',
          'Content-Signal: search=yes, ai-input=yes, ai-train=no',
          'Allow: /',
          'Disallow: /admin/',
          '',
          'User-agent: GPTBot',
          'User-agent: CCBot',
          'Disallow: /',
          '',
          `Sitemap: ${origin}/sitemap-index.xml`,
          '',
        ].join('\n'),
      );
    case '/sitemap-index.xml':
      return send(
        res,
        200,
        'application/xml',
        `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${origin}/sitemap-0.xml</loc></sitemap></sitemapindex>`,
      );
    case '/sitemap-0.xml':
      return send(
        res,
        200,
        'application/xml',
        `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${origin}/</loc></url><url><loc>${origin}/drains</loc></url></urlset>`,
      );
    case '/llms.txt':
      return send(
        res,
        200,
        'text/plain; charset=utf-8',
        `# Acme Plumbing\n\n> Family-owned plumbers in Springfield.\n\n## Services\n\n- [Water heaters](${origin}/water-heaters): prices and brands\n- [Drains](${origin}/drains): what a first visit costs\n`,
      );
    default:
      return send(res, 404, 'text/plain', 'Not found');
  }
}

/** A neglected site: a temporary redirect, noindex, broken markup and no files for crawlers. */
function badSite(req, res) {
  const origin = originOf(req);
  const path = new URL(req.url, origin).pathname;
  switch (path) {
    case '/':
      return send(res, 302, 'text/plain', '', { Location: '/home' });
    case '/home':
      return send(
        res,
        200,
        html(),
        `<!doctype html>
<html>
<head>
<title>Home | Welcome to the Official Website of Bob's Best Bargain Plumbing and Heating Services LLC</title>
<meta name="robots" content="noindex">
<meta property="og:title" content="Bob's">
<script type="application/ld+json">{"@context": "https://schema.org", "@type": "Organization", "name": </script>
<script type="application/ld+json">{"@context": "https://schema.org", "@type": "Product", "name": "Boiler service"}</script>
</head>
<body>
<h1>Welcome</h1>
<h4>Our services</h4>
<h1>Call us</h1>
</body>
</html>`,
      );
    case '/robots.txt':
      return send(
        res,
        200,
        'text/plain',
        [
          'User-agent: *',
          'Disallow: /admin',
          '',
          'User-agent: Bingbot',
          'User-agent: OAI-SearchBot',
          'User-agent: GPTBot',
          'Disallow: /',
          '',
        ].join('\n'),
      );
    case '/llms.txt':
      // A "soft 404": the home page again, with a 200.
      return send(res, 200, html(), '<!doctype html><html><title>Home</title></html>');
    default:
      return send(res, 404, html(), '<!doctype html><html><title>Not found</title></html>');
  }
}

module.exports = { goodSite, badSite };

if (require.main === module) {
  const { createServer } = require('node:http');
  const port = Number(process.env.E2E_AUDIT_SITE_PORT ?? 8792);
  createServer((req, res) => {
    if (req.url === '/__up') return send(res, 200, 'text/plain', 'up');
    badSite(req, res);
  }).listen(port, '127.0.0.1');
}
