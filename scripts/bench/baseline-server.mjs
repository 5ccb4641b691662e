// The baseline of `npm run bench`: a bare Fastify JSON route, nothing else (no hooks, no database).
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/baseline', async () => ({ data: { status: 'ok' } }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
