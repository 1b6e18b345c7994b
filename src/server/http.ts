/** JSON answers and errors shared by every function. Errors never carry a stack or upstream text. */
import * as z from 'zod/mini';

export interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string[]> };
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string[]>,
    readonly headers?: HeadersInit,
  ) {
    super(message);
  }
}

export function json(body: unknown, status = 200, headers?: HeadersInit): Response {
  const h = new Headers(headers);
  h.set('Content-Type', 'application/json; charset=utf-8');
  h.set('Cache-Control', 'no-store');
  return new Response(JSON.stringify(body), { status, headers: h });
}

export function errorResponse(err: HttpError): Response {
  const body: ErrorBody = { error: { code: err.code, message: err.message } };
  if (err.fields) body.error.fields = err.fields;
  return json(body, err.status, err.headers);
}

/** Body size limit in bytes unless a route says otherwise. */
export const DEFAULT_BODY_LIMIT = 16 * 1024;

/**
 * Reads a JSON body within `limit` bytes. Answers 413 over the limit, 415 for a body that is not
 * JSON or text, and 400 for JSON that does not parse.
 */
export async function readJson(request: Request, limit = DEFAULT_BODY_LIMIT): Promise<unknown> {
  const type = (request.headers.get('Content-Type') ?? '').toLowerCase();
  if (type && !type.startsWith('application/json') && !type.startsWith('text/plain')) {
    throw new HttpError(415, 'unsupported_media_type', 'Send the body as application/json.');
  }
  const declared = Number(request.headers.get('Content-Length') ?? '0');
  if (declared > limit) throw bodyTooLarge(limit);
  const text = await readText(request, limit);
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'invalid_json', 'The request body is not valid JSON.');
  }
}

/** The 413 for a body over `limit` bytes (the router's size check, and reading here). */
export function bodyTooLarge(limit: number): HttpError {
  return new HttpError(413, 'body_too_large', `The request body is larger than ${limit} bytes.`);
}

async function readText(request: Request, limit: number): Promise<string> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw bodyTooLarge(limit);
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) {
    all.set(c, offset);
    offset += c.byteLength;
  }
  return new TextDecoder().decode(all);
}

/**
 * Field errors for a 400 answer from a failed schema parse (zod or zod/mini), keyed by the
 * dotted path of the field, or `body` when the whole body is wrong.
 */
export function fieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || 'body';
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

export interface ParseBodyOptions {
  /** Body size limit in bytes; DEFAULT_BODY_LIMIT unless the route needs more or less. */
  limit?: number;
  /** The 400 answer's code and message when the body does not fit the contract. */
  code?: string;
  message?: string;
}

/**
 * Reads the JSON body and parses it with a feature's contract. A body that does not fit answers
 * 400 with the contract's field errors; see readJson for 413, 415 and unparsable JSON.
 */
export async function parseBody<T extends z.core.$ZodType>(
  schema: T,
  request: Request,
  options: ParseBodyOptions = {},
): Promise<z.output<T>> {
  return parseWith(schema, await readJson(request, options.limit), options);
}

/** Parses an already-read body with a contract; 400 with field errors when it does not fit. */
export function parseWith<T extends z.core.$ZodType>(
  schema: T,
  body: unknown,
  options: Omit<ParseBodyOptions, 'limit'> = {},
): z.output<T> {
  const parsed = z.safeParse(schema, body);
  if (parsed.success) return parsed.data;
  throw new HttpError(
    400,
    options.code ?? 'invalid_request',
    options.message ?? 'The request is not valid.',
    fieldErrors(parsed.error.issues),
  );
}

/** The 405 answer for a route that takes only `allow`. */
export function methodNotAllowed(allow = 'POST'): never {
  throw new HttpError(405, 'method_not_allowed', `Use ${allow}.`, undefined, { Allow: allow });
}
