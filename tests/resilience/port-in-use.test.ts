/**
 * Starting the shop on a port something else listens on prints one clear line saying so and
 * exits 1, rather than a raw EADDRINUSE stack.
 */
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { rm } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { COMPILED_SERVER_ARGS } from '../../scripts/compile-server.mjs';
import { createDataDir, NOT_INHERITED, repositoryRoot } from './server-process.ts';

describe('starting on a port in use', () => {
  let occupier: Server | undefined;
  let dataDir: string | undefined;
  afterAll(async () => {
    await new Promise((resolve) => (occupier ? occupier.close(resolve) : resolve(undefined)));
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('prints one line naming the port and exits 1', async () => {
    occupier = createServer();
    const port = await new Promise<number>((resolve) => occupier!.listen(0, '127.0.0.1', () => resolve((occupier!.address() as { port: number }).port)));
    // A shop's database already there: the port is found taken once it is opened, not after a first migration.
    dataDir = await createDataDir('shop-port-in-use', { seeded: true });
    const env: Record<string, string> = {};
    for (const [key, value] of Object.entries(process.env)) if (value !== undefined && !NOT_INHERITED.includes(key)) env[key] = value;
    Object.assign(env, { NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_DEMO_CATALOGUE: '0' });
    const child = spawn(process.execPath, COMPILED_SERVER_ARGS, { cwd: repositoryRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.stdout.resume();
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain(`The shop cannot start: port ${port} on 127.0.0.1 is already in use`);
    expect(stderr).not.toMatch(/EADDRINUSE|\n\s+at .+:\d+:\d+/);
  }, 600_000);
});
