// The baseline: a bare Fastify hello-world, measured in the same run as the real server. Two reference
// routes answer with the same headers and body size as the real API's anonymous and keyed answers and do
// nothing else: the gap between them and the hello-world is what those headers cost (decision 013).
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));

const body = JSON.stringify({
  USDBRL: {
    code: 'USD',
    codein: 'BRL',
    name: 'Dólar Americano/Real Brasileiro',
    high: '5.2242',
    low: '5.2242',
    varBid: '0.0388',
    pctChange: '0.75',
    bid: '5.2242',
    ask: '5.2242',
    timestamp: '1790640000',
    create_date: '2026-09-28 21:00:00',
  },
});
const common = {
  'x-content-type-options': 'nosniff',
  'access-control-allow-origin': '*',
  'content-type': 'application/json; charset=utf-8',
  'x-quote-source': 'currency-api',
  'x-quote-as-of': '2026-09-29T00:00:00.000Z',
};
const anonymous = { ...common, 'cache-control': 'public, max-age=60' };
const keyed = {
  ...common,
  'x-quota-limit': '1000000000000',
  'x-quota-remaining': '999999999999',
  'x-quota-reset': '2026-12-01T00:00:00.000Z',
};
app.get('/anonymous-shape', (_request, reply) => {
  reply.header('x-request-id', randomUUID()).headers(anonymous).send(body);
});
app.get('/keyed-shape', (_request, reply) => {
  reply.header('x-request-id', randomUUID()).headers(keyed).send(body);
});

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
