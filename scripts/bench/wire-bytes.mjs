// The bytes a browser downloads for a page (ADR 0056): the document and every stylesheet and
// script it names (module preloads included), each as sent with `Accept-Encoding: br, gzip`.
import http from 'node:http';

function rawBytes(url) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
      let size = 0;
      const chunks = [];
      res.on('data', (chunk) => {
        size += chunk.length;
        chunks.push(chunk);
      });
      res.on('end', () => resolve({ size, body: Buffer.concat(chunks), encoding: res.headers['content-encoding'] }));
    });
    request.on('error', reject);
  });
}

export async function wireBytes(origin, path) {
  const page = await rawBytes(`${origin}${path}`);
  // The document itself, decoded, to find what it loads.
  const html = (await (await fetch(`${origin}${path}`)).text()).toString();
  const assets = new Set();
  for (const match of html.matchAll(/<(?:link|script)\b[^>]*?(?:href|src)="(\/assets\/[^"]+\.(?:js|css))"/g))
    assets.add(match[1]);
  for (const match of html.matchAll(/import\s*(?:\*\s*as\s*\w+\s*from\s*)?"(\/assets\/[^"]+\.js)"/g)) assets.add(match[1]);
  let total = page.size;
  for (const asset of assets) total += (await rawBytes(`${origin}${asset}`)).size;
  return { total, files: assets.size + 1 };
}
