// What the cluster suite and the load simulation do to a running cluster: plain HTTP, as a browser
// or a script would, each "visitor" with an address of its own in X-Forwarded-For (the balancer
// appends its own hop; the instances believe the header from loopback, ADR 0004).
import type { Cluster, MailMessage } from './cluster.ts';

let nextAddress = 1;
/** A fresh visitor address (198.18.0.0/15, the range set aside for benchmarks). */
export function freshIp(): string {
  const n = nextAddress++;
  return `198.18.${(n >> 8) & 255}.${n & 255}`;
}

export interface Answer {
  status: number;
  servedBy: string | null;
  body: string;
  headers: Headers;
  json<T = { data: Record<string, unknown> }>(): T;
}

export async function call(
  base: string,
  method: string,
  url: string,
  options: { ip?: string; token?: string; cookie?: string; body?: unknown; raw?: Buffer; timeoutMs?: number } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { 'x-forwarded-for': options.ip ?? freshIp() };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = options.cookie;
  let body: string | Buffer | undefined;
  if (options.raw) {
    headers['content-type'] = 'application/octet-stream';
    body = options.raw;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const res = await fetch(`${base}${url}`, { method, headers, body, signal: AbortSignal.timeout(options.timeoutMs ?? 15_000) });
  const text = await res.text();
  return {
    status: res.status,
    servedBy: res.headers.get('x-served-by'),
    body: text,
    headers: res.headers,
    json: <T>() => JSON.parse(text) as T,
  };
}

/** The sign-in code of the newest e-mail to `email` that arrived after `since` messages. */
export async function waitForMail(
  cluster: Pick<Cluster, 'mail'>,
  email: string,
  since: number,
  timeoutMs = 10_000,
): Promise<MailMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = cluster.mail.slice(since).find((m) => m.to === email.toLowerCase());
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no e-mail to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The passcode in a sign-in e-mail (its `/login/<code>?email=` link), quoted-printable undone. */
function passcodeIn(message: MailMessage): string {
  const text = message.raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
  const code = /\/login\/([A-Za-z0-9-]+)\?/.exec(text)?.[1];
  if (!code) throw new Error(`no sign-in link in the e-mail to ${message.to}`);
  return code;
}

/**
 * Signs in with an e-mailed code: the code is asked for on `requestOn` and redeemed on `redeemOn`
 * (two instances, or the balancer), so the code itself crosses instances as well.
 */
export async function signIn(
  cluster: Pick<Cluster, 'mail'>,
  email: string,
  requestOn: string,
  redeemOn = requestOn,
): Promise<{ token: string; cookie: string }> {
  const since = cluster.mail.length;
  const asked = await call(requestOn, 'POST', '/api/auth/me/passcodes', { body: { email } });
  if (asked.status !== 200) throw new Error(`passcode for ${email}: ${asked.status} ${asked.body}`);
  const passcode = passcodeIn(await waitForMail(cluster, email, since));
  const redeemed = await call(redeemOn, 'PUT', '/api/auth/me/passcodes', { body: { email, passcode } });
  if (redeemed.status !== 200) throw new Error(`sign-in of ${email}: ${redeemed.status} ${redeemed.body}`);
  const token = redeemed.json<{ data: { token: string } }>().data.token;
  const cookie = (redeemed.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return { token, cookie };
}

export interface LoadResult {
  total: number;
  failures: { status: number | string; url: string; servedBy: string | null }[];
  servedBy: Map<string, number>;
}

/**
 * Keeps `concurrency` visitors busy with `requests` (each a method and URL, with a token or not)
 * until `stop()` is called; every answer that is not a 2xx (or 3xx for pages) counts as a failure.
 */
/**
 * A browser's request: an idempotent one whose kept-alive connection closed before any answer
 * arrived is sent once more on a new connection (RFC 9112 §9.3.1), as browsers do; the balancer
 * may close an idle client connection just as the next request is written on it.
 */
async function callAsBrowser(base: string, r: { method: string; url: string; token?: string; body?: () => unknown }) {
  const send = () => call(base, r.method, r.url, { token: r.token, body: r.body?.() });
  try {
    return await send();
  } catch (err) {
    const code = (err as Error & { cause?: { code?: string } }).cause?.code;
    if (r.method !== 'GET' || code !== 'UND_ERR_SOCKET') throw err;
    return send();
  }
}

export function startLoad(
  base: string,
  requests: { method: string; url: string; token?: string; body?: () => unknown }[],
  concurrency: number,
): { stop(): Promise<LoadResult> } {
  const result: LoadResult = { total: 0, failures: [], servedBy: new Map() };
  let running = true;
  let turn = 0;
  const worker = async () => {
    while (running) {
      const r = requests[turn++ % requests.length];
      if (!r) break;
      try {
        const answer = await callAsBrowser(base, r);
        result.total++;
        if (answer.servedBy) result.servedBy.set(answer.servedBy, (result.servedBy.get(answer.servedBy) ?? 0) + 1);
        if (answer.status >= 400) result.failures.push({ status: answer.status, url: r.url, servedBy: answer.servedBy });
      } catch (err) {
        result.total++;
        const cause = (err as Error & { cause?: { code?: string; message?: string } }).cause;
        result.failures.push({
          status: `${(err as Error).message} (${cause?.code ?? cause?.message ?? 'no cause'})`,
          url: r.url,
          servedBy: null,
        });
      }
    }
  };
  const workers = Array.from({ length: concurrency }, worker);
  return {
    stop: async () => {
      running = false;
      await Promise.all(workers);
      return result;
    },
  };
}
