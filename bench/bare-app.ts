import { createServer } from 'node:http';
import Koa from 'koa';

/**
 * The yardstick: Koa on the same Node answering each benchmarked route with the real API's
 * response bytes, doing no work (no parsing, validation, database or files). The API's req/s
 * divided by this app's is the share of the machine's HTTP capacity the product keeps.
 */
const responses = JSON.parse(process.env.BARE_RESPONSES ?? '{}') as Record<string, { status: number; body: string }>;
responses['GET /api/health'] = { status: 200, body: '{"status":"ok"}' };

const app = new Koa();
app.use((ctx) => {
  const answer = responses[`${ctx.method} ${ctx.path}`];
  if (!answer) {
    ctx.status = 404;
    return;
  }
  ctx.status = answer.status;
  ctx.type = 'application/json';
  ctx.body = answer.body;
});
const handle = app.callback();
createServer((req, res) => void handle(req, res)).listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
