/**
 * A URL or path with its secrets blanked (ARCHITECTURE.md: tokens and codes are never logged),
 * for request logs and for the paths analytics records:
 * - the sign-in link's passcode, the address and the key it carries (`/login/:code?email=&key=`);
 * - unsubscribe tokens in paths (`/unsubscribe[-mailers]/:email/:token`);
 * - thread tokens (`/messages/:id/:token` and `/api/messages/threads/:id/:token/…`, ADR 0025);
 * - any `token` query parameter (the RFC 8058 one-click URL).
 */
export function redactUrl(url: string): string {
  return url
    .replace(/^\/login\/[^/?#]+/, '/login/[redacted]')
    .replace(/^(\/login\/\[redacted\]\?(?:[^#]*&)?email=)[^&#]*/, '$1[redacted]')
    .replace(/^(\/login\/\[redacted\]\?(?:[^#]*&)?key=)[^&#]*/, '$1[redacted]')
    .replace(/^\/(unsubscribe|unsubscribe-mailers)\/([^/?#]+)\/[^/?#]+/, '/$1/$2/[redacted]')
    .replace(/^((?:\/api)?\/messages\/(?:threads\/)?\d+\/)(?!(?:read|messages)(?:[/?#]|$))[^/?#]+/, '$1[redacted]')
    .replace(/([?&]token=)[^&#]*/g, '$1[redacted]');
}
