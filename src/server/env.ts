/**
 * Configuration every function may read (see README, "Configuration"). All optional: each
 * feature says what it does when its variables are unset.
 */
export interface Env {
  ENVIRONMENT?: string;
  LLM_API_URL?: string;
  LLM_API_KEY?: string;
  LLM_MODEL?: string;
  PSI_ENDPOINT?: string;
  PSI_API_KEY?: string;
  AUDIT_SAMPLE?: string;
  /** DNS-over-HTTPS JSON endpoint the audit resolves host names with. */
  AUDIT_DOH_URL?: string;
  /** host:port pairs the audit may fetch although not public; honoured in development only. */
  AUDIT_ALLOW_HOSTS?: string;
  SUPABASE_URL?: string;
  SUPABASE_ANON_KEY?: string;
  SUPABASE_SERVICE_ROLE_KEY?: string;
  EMAIL_API_URL?: string;
  EMAIL_API_KEY?: string;
  LEAD_NOTIFY_TO?: string;
  LEAD_NOTIFY_FROM?: string;
  TURNSTILE_SECRET?: string;
  /** Bearer secret of POST /api/leads/resend, the scheduled notification job (32+ characters). */
  LEADS_CRON_SECRET?: string;
  INDEXNOW_KEY?: string;
  INDEXNOW_ENDPOINT?: string;
  SITE_URL?: string;
}

/** A Workers Analytics Engine dataset binding (VITALS, EVENTS); optional, logged without it. */
export interface AnalyticsEngineDataset {
  writeDataPoint(point: { blobs?: string[]; doubles?: number[]; indexes?: string[] }): void;
}

/** Production unless ENVIRONMENT says development: a missing setting never loosens behaviour. */
export function isDevelopment(env: Env): boolean {
  return env.ENVIRONMENT === 'development';
}

/** A Supabase project's origin (no trailing slash, e.g. https://abcd.supabase.co) and a key. */
export interface SupabaseProject {
  url: string;
  key: string;
}

/**
 * The Supabase project and one of its keys, when SUPABASE_URL and that key are both set: the
 * origin trimmed and without a trailing slash, so every client builds its URLs the same way.
 */
export function supabaseProject(
  env: Env,
  keyName: 'SUPABASE_ANON_KEY' | 'SUPABASE_SERVICE_ROLE_KEY',
): SupabaseProject | undefined {
  const url = env.SUPABASE_URL?.trim().replace(/\/+$/, '');
  const key = env[keyName]?.trim();
  return url && key ? { url, key } : undefined;
}

/** What Cloudflare Pages passes a function; standard Request and Response types. */
export interface FunctionContext<E = Env> {
  request: Request;
  env: E;
  params: Record<string, string | string[]>;
  data: Record<string, unknown>;
  waitUntil(promise: Promise<unknown>): void;
  next(input?: Request | string, init?: RequestInit): Promise<Response>;
}

/** A Pages Function handler (`onRequestPost` and friends). */
export type PagesFunction<E = Env> = (context: FunctionContext<E>) => Response | Promise<Response>;
