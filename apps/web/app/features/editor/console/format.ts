import { displayName, formatDate } from '@fretline/contract';

/**
 * 'Nov 22nd, 2026, 3:14 am UTC': the long date and time (product.md#constants), as the rest of the site writes
 * them; UTC so server rendering and hydration agree (ADR 0030).
 */
export function formatWhen(value: Date | string | null | undefined): string {
  // The contract's formatter: it loads the dayjs plugins the long format needs ('Do' is 1st, 2nd…),
  // which a bare dayjs in this bundle would not have.
  if (!value) return '';
  const day = formatDate(value, 'long');
  return day ? `${day}, ${formatDate(value, 'time')} UTC` : '';
}

export function memberName(member: { first_name: string | null; last_name: string | null; email: string | null }): string {
  return displayName(member, 'Unnamed member');
}

/** The audit diff as short readable lines: `roles: Staff → Staff, Editor`. */
export function describeDiff(diff: Record<string, unknown>): string[] {
  const show = (v: unknown): string => {
    if (v === null || v === undefined || v === '') return '—';
    if (Array.isArray(v)) return v.length ? v.map(show).join(', ') : 'none';
    if (v instanceof Date) return formatWhen(v);
    if (typeof v === 'string') return /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(v) ? formatWhen(v) : v;
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    return JSON.stringify(v);
  };
  return Object.entries(diff).map(([key, value]) => {
    const label = key.replace(/_/g, ' ');
    if (value && typeof value === 'object' && !Array.isArray(value) && 'from' in value && 'to' in value) {
      const change = value;
      return `${label}: ${show(change.from)} → ${show(change.to)}`;
    }
    return `${label}: ${show(value)}`;
  });
}

/** 'member.roles.set' → 'Roles changed'. */
export function describeAction(action: string): string {
  const known: Record<string, string> = {
    'member.roles.set': 'Roles changed',
    'member.session.end': 'Session ended',
  };
  return known[action] ?? action;
}
