import type { Consent } from './consent';
import { getConsent, subscribeConsent } from './consent';
import { api } from './api.client';

/**
 * Analytics actions (product.md#calls): `POST /api/analytics/actions` with
 * `action_type_name` and `action_values` as a JSON list of `{ key, value, type: 'S' }`. Nothing is
 * sent before the visitor allows analytics (ADR 0005): actions wait in a queue until they answer,
 * are sent when they allow, and are dropped when they refuse.
 */
export type ActionValues = Record<string, string | number | boolean | null | undefined>;
/** What an action is for: attribution (campaign, conversion) also needs marketing consent. */
export type ActionPurpose = 'analytic' | 'marketing';

export interface QueuedAction {
  name: string;
  values: { key: string; value: string; type: 'S' }[];
  purpose: ActionPurpose;
}

/** Most actions held while the visitor has not answered (a long unanswered visit must not grow without end). */
const MAX_QUEUED_ACTIONS = 50;

export function toActionValues(values: ActionValues): QueuedAction['values'] {
  return Object.entries(values)
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([key, value]) => ({ key, value: String(value), type: 'S' as const }));
}

function allows(consent: Consent, purpose: ActionPurpose): boolean {
  return consent.analytic && (purpose === 'analytic' || consent.marketing);
}

export interface ActionRecorderDeps {
  send: (action: QueuedAction) => Promise<unknown>;
  getConsent: () => Consent;
  subscribeConsent: (listener: () => void) => () => void;
}

/** The queue-until-consent logic, apart from the browser so it can be tested on its own. */
export function createActionRecorder(deps: ActionRecorderDeps) {
  let queue: QueuedAction[] = [];
  const dispatch = (action: QueuedAction) => {
    // A lost action is not worth an error for the visitor.
    deps.send(action).catch(() => undefined);
  };
  const flush = () => {
    const consent = deps.getConsent();
    if (!consent.asked) return;
    const waiting = queue;
    queue = [];
    for (const action of waiting) if (allows(consent, action.purpose)) dispatch(action);
  };
  let unsubscribe: (() => void) | undefined;
  return {
    record(name: string, values: ActionValues = {}, purpose: ActionPurpose = 'analytic'): void {
      const action: QueuedAction = { name, values: toActionValues(values), purpose };
      const consent = deps.getConsent();
      if (consent.asked) {
        if (allows(consent, purpose)) dispatch(action);
        return;
      }
      unsubscribe ??= deps.subscribeConsent(flush);
      if (queue.length < MAX_QUEUED_ACTIONS) queue.push(action);
    },
    /** For tests: what is waiting for an answer. */
    pending: () => queue.length,
  };
}

const recorder = createActionRecorder({
  send: (action) =>
    api.call('analytics.recordAction', {
      body: { action_type_name: action.name, action_values: JSON.stringify(action.values) },
      cancelKey: false,
    }),
  getConsent,
  subscribeConsent,
});

/** Records an analytics action from the browser once consent allows it; a no-op on the server. */
export function recordAction(name: string, values: ActionValues = {}, purpose: ActionPurpose = 'analytic'): void {
  if (typeof window === 'undefined') return;
  recorder.record(name, values, purpose);
}
