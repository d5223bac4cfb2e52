/**
 * Benchmark baseline: a bare node:http server answering fixed bytes with the same headers the
 * app sends for a cached catalogue read. Reads `{ path: { body(base64), headers } }` on stdin.
 */
import http from 'node:http';

const chunks: Buffer[] = [];
for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
const routes = JSON.parse(Buffer.concat(chunks).toString()) as Record<string, { body: string; headers: Record<string, string> }>;
const answers = new Map(Object.entries(routes).map(([path, r]) => [path, { body: Buffer.from(r.body, 'base64'), headers: r.headers }]));

const server = http.createServer((request, response) => {
  const answer = answers.get(request.url ?? '');
  if (!answer) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, answer.headers);
  response.end(answer.body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`READY ${typeof address === 'object' && address ? address.port : 0}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
