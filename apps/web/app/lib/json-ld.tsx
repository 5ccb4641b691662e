/** schema.org JSON-LD written into a page (product.md#entities, "schema content"); builders in lib/structured-data. */

/** A length in seconds as an ISO 8601 duration (`PT1H2M3S`), as schema.org's `duration` asks. */
export function isoDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s || (!h && !m) ? `${s}S` : ''}`;
}

/** The text of a JSON-LD script: '<' is escaped so no text can close the tag early. */
export function jsonLdText(json: Record<string, unknown>): string {
  return JSON.stringify({ '@context': 'https://schema.org', ...json }).replace(/</g, '\\u003c');
}

export function JsonLd({ json }: { json: Record<string, unknown> }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(json) }} />;
}
