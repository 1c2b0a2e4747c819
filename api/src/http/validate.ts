import { INVALID_CHARACTERS, isStorableText, validate as check, type FieldErrors } from '@sourcing/shared';
import type { Middleware } from 'koa';
import type { z } from 'zod';
import { HttpError } from './errors';

export const INVALID_SUBMISSION = 'Please fill all required fields';

/** 'Please fill all required fields' when something is missing, else the first specific message. */
function summary(fields: FieldErrors, fallback: string): string {
  const messages = Object.values(fields);
  return messages.some((m) => / is required$|^Select at least|^Specify /.test(m)) ? fallback : (messages[0] ?? fallback);
}

/** Checks a value with a shared schema: the parsed value, or 400 `{ error, fields }`. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, message = INVALID_SUBMISSION): z.output<S> {
  const result = check(schema, input ?? {});
  if (!result.ok) throw new HttpError(400, summary(result.fields, message), result.fields);
  return result.value;
}

export interface Validated<B, Q> {
  body: B;
  query: Q;
}

/** What validate() puts in ctx.state. */
export interface InputState<B = never, Q = never> {
  input: Validated<B, Q>;
}

interface ValidateOptions<B extends z.ZodType, Q extends z.ZodType> {
  body?: B;
  query?: Q;
  /** Turns the raw body into what the schema reads (e.g. the buyer form's typed dispatch mode). */
  readBody?: (body: Record<string, unknown>) => unknown;
  /** The error when something is wrong (default 'Please fill all required fields'). */
  message?: string;
}

const QUERY_SCHEMA = Symbol('querySchema');

/** The query schema a route's validate() step checks, if any: the route-walk tests read its keys. */
export function declaredQuerySchema(middleware: unknown): z.ZodType | null {
  return typeof middleware === 'function' ? ((middleware as { [QUERY_SCHEMA]?: z.ZodType })[QUERY_SCHEMA] ?? null) : null;
}

/**
 * Every query parameter, whatever the schema says of it, holds only text both databases store and
 * compare (PostgreSQL refuses a NUL in a comparison: a 500 there, a silent mismatch on SQLite).
 */
function refuseUnstorableQuery(query: Record<string, unknown>) {
  for (const [key, value] of Object.entries(query)) {
    const texts = Array.isArray(value) ? value : [value];
    if (texts.some((text) => typeof text === 'string' && !isStorableText(text))) {
      throw new HttpError(400, INVALID_CHARACTERS, { [key]: INVALID_CHARACTERS });
    }
  }
}

/**
 * The one validation step of a route: the body and/or query checked by shared schemas, the
 * parsed values in ctx.state.input for the handler (which never reads the raw request).
 */
export function validate<B extends z.ZodType = z.ZodNever, Q extends z.ZodType = z.ZodNever>(
  options: ValidateOptions<B, Q>,
): Middleware<InputState<z.output<B>, z.output<Q>>> {
  const middleware: Middleware<InputState<z.output<B>, z.output<Q>>> = async (ctx, next) => {
    const raw = (ctx.request.body ?? {}) as Record<string, unknown>;
    if (options.query) refuseUnstorableQuery(ctx.query);
    ctx.state.input = {
      body: options.body ? parseInput(options.body, options.readBody ? options.readBody(raw) : raw, options.message) : undefined,
      query: options.query ? parseInput(options.query, ctx.query, options.message) : undefined,
    } as Validated<z.output<B>, z.output<Q>>;
    await next();
  };
  return options.query ? Object.assign(middleware, { [QUERY_SCHEMA]: options.query }) : middleware;
}
