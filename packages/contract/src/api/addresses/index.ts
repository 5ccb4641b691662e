import type { CallAddress } from '../call.ts';
import { analyticsAddresses } from './analytics.ts';
import { authAddresses } from './auth.ts';
import { editorAddresses } from './editor.ts';
import { financeAddresses } from './finance.ts';
import { messagesAddresses } from './messages.ts';
import { platformAddresses } from './platform.ts';
import { mailersAddresses } from './mailers.ts';
import { staffAddresses } from './staff.ts';
import { videosAddresses } from './videos.ts';

export type { CallAddress } from '../call.ts';
export { fillPath, pathParamNames, pathPattern } from '../call.ts';

/**
 * Every API call's method and path by name (ADR 0052). Runtime data without zod: this is what the
 * browser holds; the schemas (../schemas/index.ts) load only when a response is checked.
 */
export const API_ADDRESSES = {
  ...authAddresses,
  ...messagesAddresses,
  ...financeAddresses,
  ...analyticsAddresses,
  ...platformAddresses,
  ...videosAddresses,
  ...editorAddresses,
  ...staffAddresses,
  ...mailersAddresses,
} as const satisfies Record<string, CallAddress>;

export type ApiAddresses = typeof API_ADDRESSES;
export type CallName = keyof ApiAddresses;
