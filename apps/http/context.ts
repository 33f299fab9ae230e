import type { Context } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import { errors, isDomainError } from '../../core/domain/errors.js';
import type { PublicUser } from '../../core/domain/user.js';
import type { Actor } from '../../core/use-cases/use-cases.js';
import { parseStoredId, type IdSchema } from '../../core/schemas/ids.js';
import { parseInput } from '../../core/schemas/parse.js';
import type { z } from 'zod';
import type { Logger } from '../shared/logger.js';

/** Who is signed in on this request (set by the auth middleware; null for visitors). */
export interface AuthState {
  user: PublicUser;
  actor: Actor;
  /** SHA-256 of the session cookie's id. */
  sessionIdHash: string;
}

export type AppEnv = {
  Bindings: Partial<HttpBindings>;
  Variables: {
    auth: AuthState | null;
    /** Counts the request against its route's rate limit, where the handler decides when (route-facts.ts). */
    countAttempt?: () => Promise<void>;
    /** The request's id (X-Request-Id, taken or made: request-context.ts). */
    requestId: string;
    /** The app's logger; logOf(c) makes the request's own (with its id) from it when a handler logs. */
    baseLogger: Logger;
    logger?: Logger;
  };
};

/**
 * The client's address. Without proxies (`trustProxyHops` 0) it is the socket's remote address.
 * Behind N trusted proxies, each appends the address it saw to X-Forwarded-For, so the client is
 * the N-th address from the right of [...X-Forwarded-For, socket]: entries left of it were written
 * by the client and are not trusted (a forged header changes nothing). `app.request` in tests has
 * no socket: the address is then 'local'.
 */
export function clientIp(c: Context, trustProxyHops: number): string {
  const env = c.env as Partial<HttpBindings> | undefined;
  const socket = env?.incoming?.socket?.remoteAddress ?? 'local';
  if (trustProxyHops <= 0) return socket;
  const forwarded = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const chain = [...forwarded, socket];
  return chain[Math.max(0, chain.length - 1 - trustProxyHops)]!;
}

/**
 * Whether the client closed the connection before its request body arrived in full (a closed
 * laptop, a dropped mobile connection): reading the body then fails, which is no fault of ours.
 */
export function clientWentAway(c: Context): boolean {
  const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
  return Boolean(incoming && !incoming.complete && (incoming.destroyed || incoming.errored));
}

/** Reads the JSON body: an empty body is `{}`; text that is not JSON is a 400. */
export async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw errors.validation('The request body is not valid JSON.', { _form: ['The request body is not valid JSON.'] });
  }
}

/**
 * The context of a handler that reads its JSON body with `readBody(c, schema)`. Only a type: it
 * declares the body in the route's Hono Input, so the SPA's typed `hc` client knows what to send
 * (`InferRequestType`). The handler still reads and checks the body itself, after its own checks
 * (session, path ids), so the answers keep their order. The body is declared as the schema reads
 * it (its output): what a well-behaved client sends, already in the form the server keeps.
 */
export type JsonBodyContext<S extends z.ZodType> = Context<AppEnv, string, { in: { json: z.output<S> } }>;

/**
 * The same for a query string read with `parseInput(schema, c.req.query())`: its values are texts
 * the schema coerces, so it is declared as the schema's input.
 */
export type QueryContext<S extends z.ZodType> = Context<AppEnv, string, { in: { query: z.input<S> } }>;

/**
 * The same for a multipart upload read with `readUpload(c, field)`: its file field (and the
 * others it reads).
 */
export type UploadContext<Form extends Record<string, File | string | undefined>> = Context<AppEnv, string, { in: { form: Form } }>;

/** Bodies already read and checked, per request and schema (a rate limit's key may need the body first). */
const checkedBodies = new WeakMap<Request, Map<z.ZodType, unknown>>();

/** Reads and validates the JSON body with a shared schema (400 with the messages of docs/product.md §5). */
export async function readBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const checked = checkedBodies.get(c.req.raw);
  if (checked?.has(schema)) return checked.get(schema) as z.output<S>;
  const body = parseInput(schema, await readJson(c));
  if (checked) checked.set(schema, body);
  else checkedBodies.set(c.req.raw, new Map([[schema, body]]));
  return body;
}

/**
 * The body as `schema` reads it, or null when it is not valid: for what runs before the handler
 * (a rate limit's key), which leaves the 400 to the handler's own readBody.
 */
export async function validBodyOrNull<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S> | null> {
  try {
    return await readBody(c, schema);
  } catch (error) {
    if (isDomainError(error, 'Validation')) return null;
    throw error;
  }
}

/** A path parameter read with a shared id schema: 400 with its message, 404 beyond the id range. */
export function pathId(c: Context, name: string, schema: IdSchema): number {
  return parseStoredId(schema, c.req.param(name));
}
