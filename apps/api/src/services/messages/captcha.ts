import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Config } from '../../config.ts';

/**
 * The helpdesk captcha (ARCHITECTURE.md "captcha", ADR 0027): a self-hosted ALTCHA proof-of-work by
 * default, Google reCAPTCHA when CAPTCHA=recaptcha, nothing with CAPTCHA=off. The form field stays
 * `recaptcha_response` whichever is used (product.md#entities).
 */
export const CAPTCHA_FAILED_TEXT = 'Please complete the "I am not a robot" check and try again.';
const CHALLENGE_TTL_MS = 10 * 60_000;
// SHA-256 with a random counter up to 50,000: well under a second in a browser worker, but each
// message still costs a sender real work, and the server checks it with one keyed hash.
const ALGORITHM = 'SHA-256';
const MAX_COUNTER = 50_000;

function secrets(config: Config) {
  const base = createHmac('sha256', config.SECRET_KEY).update('fretline-altcha').digest('hex');
  return {
    hmacSignatureSecret: base,
    hmacKeySignatureSecret: createHmac('sha256', base).update('key-signature').digest('hex'),
  };
}

export async function createAltchaChallenge(config: Config, now: Date): Promise<Challenge> {
  return createChallenge({
    algorithm: ALGORITHM,
    cost: 1,
    counter: randomInt(MAX_COUNTER, 1_000),
    deriveKey,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
    ...secrets(config),
  });
}

export type CaptchaResult = { ok: true; challengeId?: string } | { ok: false; reason: string };

function parseAltchaPayload(value: string): Payload | undefined {
  try {
    const parsed = JSON.parse(Buffer.from(value, 'base64').toString('utf8')) as Partial<Payload>;
    if (!parsed || typeof parsed !== 'object' || !parsed.challenge?.parameters || !parsed.solution) return undefined;
    return parsed as Payload;
  } catch {
    return undefined;
  }
}

async function verifyAltcha(config: Config, response: string): Promise<CaptchaResult> {
  const payload = parseAltchaPayload(response);
  if (!payload) return { ok: false, reason: 'malformed' };
  try {
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      ...secrets(config),
    });
    if (!result.verified) return { ok: false, reason: result.expired ? 'expired' : 'not verified' };
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  return { ok: true, challengeId: payload.challenge.parameters.nonce };
}

async function verifyRecaptcha(config: Config, response: string, ip: string): Promise<CaptchaResult> {
  if (!config.RECAPTCHA_SECRET) return { ok: false, reason: 'not configured' };
  const body = new URLSearchParams({ secret: config.RECAPTCHA_SECRET, response, remoteip: ip });
  const res = await fetch('https://www.google.com/recaptcha/api/siteverify', {
    method: 'POST',
    body,
    signal: AbortSignal.timeout(5_000),
  });
  const json = (await res.json()) as { success?: boolean };
  return json.success ? { ok: true } : { ok: false, reason: 'rejected' };
}

export async function verifyCaptcha(config: Config, response: string | null | undefined, ip: string): Promise<CaptchaResult> {
  if (config.CAPTCHA === 'off') return { ok: true };
  if (!response) return { ok: false, reason: 'missing' };
  return config.CAPTCHA === 'recaptcha' ? verifyRecaptcha(config, response, ip) : verifyAltcha(config, response);
}

/** Solves a challenge the way the browser widget does; used by tests and the bench. */
