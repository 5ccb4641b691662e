// `npm run cluster -- [--instances=2] [--layout=app|tiers] [--port=4400]`: starts the cluster of
// ADR 0059 on this machine and keeps it up until Ctrl-C. Sign-in codes arrive at its own SMTP
// server and are printed here, since production instances have no development mailbox.
import { parseArgs } from 'node:util';
import { startCluster } from './cluster.ts';

const { values } = parseArgs({
  options: {
    instances: { type: 'string', default: '2' },
    layout: { type: 'string', default: 'app' },
    port: { type: 'string', default: process.env.CLUSTER_PORT ?? '4400' },
  },
});
const layout = values.layout === 'tiers' ? 'tiers' : 'app';
const cluster = await startCluster({
  layout,
  instances: Math.max(1, Number(values.instances)),
  basePort: Number(values.port),
  verbose: true,
});
process.stdout.write(`\nFretline runs at ${cluster.url} on ${cluster.instances.length} instances. Ctrl-C stops everything.\n`);

let shown = 0;
const timer = setInterval(() => {
  for (; shown < cluster.mail.length; shown++) {
    const message = cluster.mail[shown];
    if (!message) continue;
    const link = /\/login\/[^\s"<>]+/.exec(message.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='))?.[0];
    process.stdout.write(`mail to ${message.to}${link ? `: ${cluster.url}${link}` : ''}\n`);
  }
}, 500);

const stop = () => {
  clearInterval(timer);
  process.stdout.write('stopping the cluster…\n');
  cluster.stop().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
