import type { z, ZodType } from 'zod';
import type { CallName } from '../addresses/index.ts';
import type { CallSchemas } from '../call.ts';
import { analyticsSchemas } from './analytics.ts';
import { authSchemas } from './auth.ts';
import { editorSchemas } from './editor.ts';
import { financeSchemas } from './finance.ts';
import { messagesSchemas } from './messages.ts';
import { platformSchemas } from './platform.ts';
import { mailersSchemas } from './mailers.ts';
import { staffSchemas } from './staff.ts';
import { videosSchemas } from './videos.ts';

/**
 * Every API call's schemas by name (ADR 0052): the API validates and serialises with them, the
 * web client types its calls from them and checks responses against them. A name missing here or
 * not in API_ADDRESSES is a type error.
 */
export const CALL_SCHEMAS = {
  ...authSchemas,
  ...messagesSchemas,
  ...financeSchemas,
  ...analyticsSchemas,
  ...platformSchemas,
  ...videosSchemas,
  ...editorSchemas,
  ...staffSchemas,
  ...mailersSchemas,
} satisfies { readonly [N in CallName]: CallSchemas };

export type CallSchemaTable = typeof CALL_SCHEMAS;

type Part<N extends CallName, K extends 'params' | 'query' | 'body'> = CallSchemaTable[N] extends {
  readonly [P in K]: infer S extends ZodType;
}
  ? S
  : undefined;

type InputOf<S> = S extends ZodType ? z.input<S> : undefined;

/** The schema of a call's path parameters, query, body (undefined when it has none). */
export type CallParamsSchema<N extends CallName> = Part<N, 'params'>;
export type CallQuerySchema<N extends CallName> = Part<N, 'query'>;
export type CallBodySchema<N extends CallName> = Part<N, 'body'>;
export type CallHeadersSchema<N extends CallName> = CallSchemaTable[N] extends { readonly headers: infer S extends ZodType }
  ? S
  : undefined;
export type CallResponseSchema<N extends CallName> = CallSchemaTable[N]['response'];

/** What a caller sends: the schemas' input types (undefined when the call has no such part). */
export type CallParams<N extends CallName> = InputOf<Part<N, 'params'>>;
export type CallQuery<N extends CallName> = InputOf<Part<N, 'query'>>;
export type CallBody<N extends CallName> = InputOf<Part<N, 'body'>>;

/** The success status of a call: its declared status (or statuses), else 200. */
export type CallStatus<N extends CallName> = CallSchemaTable[N] extends { readonly status: infer S }
  ? S extends readonly (infer E extends number)[]
    ? E
    : S extends number
      ? S
      : 200
  : 200;

/**
 * What a caller gets: the parsed `data` of the success body; undefined for a 204 (also when a
 * call may answer 204 beside another status).
 */
export type CallData<N extends CallName> =
  (z.output<CallResponseSchema<N>> extends { data: infer D } ? D : undefined) | (204 extends CallStatus<N> ? undefined : never);

/** The schema of a response's `data`, which the client checks after reviving dates. */
export function dataSchemaOf(response: ZodType): ZodType | undefined {
  const shape = (response as { shape?: Record<string, ZodType> }).shape;
  return shape?.data;
}

export type { CallSchemas, SchemasFor, SuccessStatus } from '../call.ts';
