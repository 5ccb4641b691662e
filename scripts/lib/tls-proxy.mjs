// The documented production front (README, "Production build and start"): nginx terminating TLS
// with HTTP/2, passing plain HTTP to the app with the forwarded headers. The reverse-proxy browser
// test drives forms through it, and Lighthouse measures pages through it (ADR 0056): a phone
// reaches the site this way, not over plain HTTP/1.1.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './local-server.mjs';

/** True once something accepts TCP connections on the loopback port. */
function portAnswers(port) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => resolve(socket.end() && true));
    socket.once('error', () => resolve(false));
  });
}

function run(command, args) {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}${result.stderr}`);
}

/**
 * Starts nginx on a free loopback port with a certificate made for localhost, in front of the app
 * on `appPort`. Resolves once it accepts connections, with its https origin and a stop function.
 */
export async function startTlsProxy({ appPort, nginx, openssl }) {
  const dir = mkdtempSync(path.join(tmpdir(), 'fretline-nginx-'));
  run(openssl, [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=localhost',
    '-addext',
    'subjectAltName=DNS:localhost,IP:127.0.0.1',
    '-keyout',
    path.join(dir, 'key.pem'),
    '-out',
    path.join(dir, 'cert.pem'),
  ]);
  const port = await freePort();
  // Debian 12's nginx (1.22) takes `http2` on the listen line; `http2 on;` came in 1.25.
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `worker_processes 1;
daemon off;
master_process off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${port} ssl http2;
    server_name localhost;
    ssl_certificate ${dir}/cert.pem;
    ssl_certificate_key ${dir}/key.pem;
    location / {
      proxy_pass http://127.0.0.1:${appPort};
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-Host $http_host;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    }
  }
}
`,
  );
  const proxy = spawn(nginx, ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', path.join(dir, 'nginx.conf')], {
    stdio: 'inherit',
  });
  const stop = () => {
    proxy.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  };
  const until = Date.now() + 15_000;
  while (!(await portAnswers(port))) {
    if (proxy.exitCode !== null || Date.now() > until) {
      stop();
      throw new Error(`nginx did not start on port ${port} (exit code ${proxy.exitCode})`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { origin: `https://localhost:${port}`, stop };
}
