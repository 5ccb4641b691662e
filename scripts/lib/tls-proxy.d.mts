// Types for the browser test that starts the proxy.
export function startTlsProxy(options: {
  appPort: number | string;
  nginx: string;
  openssl: string;
}): Promise<{ origin: string; stop: () => void }>;
