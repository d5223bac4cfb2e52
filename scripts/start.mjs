#!/usr/bin/env node
// `npm start`: build the storefront if its build is missing or older than its sources,
// then serve the shop (migrations run and the demo catalogue is seeded on first start).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const buildEntry = path.join(root, 'apps/web/build/server/index.js');
const sourceDirs = ['apps/web/app', 'apps/web/public', 'packages/contract/src', 'packages/core/src'].map((d) => path.join(root, d));
const configFiles = ['apps/web/vite.config.ts', 'apps/web/react-router.config.ts'].map((f) => path.join(root, f));

function newestMtime(target) {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((newest, entry) => Math.max(newest, newestMtime(path.join(target, entry))), stat.mtimeMs);
}

export function storefrontBuildIsStale() {
  if (!existsSync(buildEntry)) return true;
  const builtAt = statSync(buildEntry).mtimeMs;
  return [...sourceDirs, ...configFiles].some((p) => existsSync(p) && newestMtime(p) > builtAt);
}

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (storefrontBuildIsStale()) {
    console.log('Building the storefront...');
    run('npm', ['run', 'build', '--silent']);
  }
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  // Pass stop signals on so the server shuts down gracefully (finishes in-flight requests).
  for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
