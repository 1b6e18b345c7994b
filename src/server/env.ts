/**
 * Configuration and bindings every route may read (see README, "Configuration"). All optional: each
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
  INDEXNOW_KEY?: string;
  INDEXNOW_ENDPOINT?: string;
  SITE_URL?: string;
  /** The built site (dist/), served by the platform; the Worker reads the advisor index from it. */
  ASSETS?: AssetsBinding;
  /** Accepted leads, handed over durably to this Worker's queue consumer. */
  LEAD_QUEUE?: QueueProducer;
  /** Leads that could not be delivered, for the dead-letter consumer (and admins). */
  LEAD_DEAD_LETTERS?: QueueProducer;
  /** Rate Limiting bindings, one per allowance and scope (see functions/routes.ts). */
  [binding: `RATE_LIMIT_${string}`]: RateLimitBinding | undefined;
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

/** What a route handler gets: the request, the configuration, and a way to finish work later. */
export interface RouteContext<E = Env> {
  request: Request;
  env: E;
  /** Keeps the Worker alive for work that must not delay the answer (logging, caching). */
  waitUntil: (promise: Promise<unknown>) => void;
}

/** A route's handler, called by the router (functions/router.ts) once the guards passed. */
export type RouteHandler<E = Env> = (context: RouteContext<E>) => Response | Promise<Response>;

/** The Workers Rate Limiting binding (`[[ratelimits]]` in wrangler.toml). */
export interface RateLimitBinding {
  limit(options: { key: string }): Promise<{ success: boolean }>;
}

/** A Cloudflare Queue producer binding (`[[queues.producers]]`). */
export interface QueueProducer<Body = unknown> {
  send(body: Body, options?: { delaySeconds?: number }): Promise<void>;
}

/** One message of a queue batch, as the consumer receives it. */
export interface QueueMessage<Body = unknown> {
  readonly id: string;
  readonly timestamp: Date;
  readonly body: Body;
  /** Deliveries so far, this one included (1 on the first). */
  readonly attempts: number;
  ack(): void;
  retry(options?: { delaySeconds?: number }): void;
}

/** A batch of messages for the Worker's `queue` handler. */
export interface QueueBatch<Body = unknown> {
  readonly queue: string;
  readonly messages: readonly QueueMessage<Body>[];
}

/** The static assets binding (`[assets] binding`): the built site. */
export interface AssetsBinding {
  fetch(request: Request | string | URL): Promise<Response>;
}
