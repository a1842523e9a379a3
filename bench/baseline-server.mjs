// The baseline: a bare Fastify hello-world, measured in the same run as the real server. The reference
// routes `/<shape>-shape` answer with the headers and body of one real answer of the server under test
// (BENCH_REFERENCE_SHAPES, written by run.ts) and do nothing else: the gap between them and the
// hello-world is what those headers cost (decision 013).
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));

/** @type {Record<string, { headers: Record<string, string>, body: string }>} */
const shapes = JSON.parse(process.env.BENCH_REFERENCE_SHAPES ?? '{}');
for (const [name, { headers, body }] of Object.entries(shapes)) {
  app.get(`/${name}-shape`, (_request, reply) => {
    reply.header('x-request-id', randomUUID()).headers(headers).send(body);
  });
}

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
