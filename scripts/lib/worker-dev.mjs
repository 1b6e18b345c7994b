// How every local run serves the Worker (`npm start`, `npm run dev`, the end-to-end tests, the
// benchmark): `wrangler dev --local`, the runtime production uses, offline and with no login.
// Workers AI is the one binding with no local stand-in; in development the advisor answers
// without it (src/features/advisor/server/llm.server.ts).

/** Environment for wrangler: no usage metrics, no download of the Request.cf sample object. */
export const OFFLINE_ENV = {
  WRANGLER_SEND_METRICS: process.env.WRANGLER_SEND_METRICS ?? 'false',
  CLOUDFLARE_CF_FETCH_ENABLED: process.env.CLOUDFLARE_CF_FETCH_ENABLED ?? 'false',
};

/**
 * The arguments after `wrangler` for one local Worker on 127.0.0.1:`port`: `assets` replaces
 * wrangler.toml's dist/, `vars` are configuration (`KEY: value`), `persistTo` keeps the local
 * queue and state apart from other runs.
 *
 * @param {{ port: number, assets?: string, inspectorPort?: number, persistTo?: string,
 *   vars?: Record<string, string>, logLevel?: string }} options
 * @returns {string[]}
 */
export function workerDevArgs({ port, assets, inspectorPort, persistTo, vars = {}, logLevel }) {
  const args = ['dev', '--local', '--port', String(port), '--ip', '127.0.0.1'];
  if (assets) args.push('--assets', assets);
  if (inspectorPort) args.push('--inspector-port', String(inspectorPort));
  if (persistTo) args.push('--persist-to', persistTo);
  if (logLevel) args.push('--log-level', logLevel);
  args.push('--show-interactive-dev-session=false');
  for (const [key, value] of Object.entries(vars)) args.push('--var', `${key}:${value}`);
  return args;
}

/** `args` as one shell command line, each argument quoted. */
export function shellLine(args) {
  return args
    .map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replaceAll("'", `'\\''`)}'`))
    .join(' ');
}
