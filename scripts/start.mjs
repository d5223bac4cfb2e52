#!/usr/bin/env node
// `npm start`: build the storefront if its build is missing or older than its sources, and
// compile the server if its sources changed (scripts/compile-server.mjs), then serve the shop
// (server.ts first migrates the database and seeds the demo catalogue on first start, in a
// short-lived process of its own: apps/server/src/prepare-database.ts).
//
// The server runs in this very process, not in a child: package.json's `exec node ...` makes
// this process npm's direct child, so the SIGTERM or SIGINT npm forwards reaches the server's
// graceful shutdown, and there is no second process left to outlive it and keep the port.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compileServer, COMPILED_SERVER_ARGS } from './compile-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const buildEntry = path.join(root, 'apps/web/build/server/index.js');
const sourceDirs = ['apps/web/app', 'apps/web/public', 'packages/contract/src', 'packages/core/src'].map((d) => path.join(root, d));
const configFiles = ['apps/web/vite.config.ts', 'apps/web/react-router.config.ts'].map((f) => path.join(root, f));
const PARENT_CHECK_INTERVAL_MS = 1_000;

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

/**
 * npm forwards only SIGTERM and SIGINT. When npm itself dies without forwarding (SIGKILL, a
 * hang-up), this process is re-parented and would keep serving on the port: stop it then, with
 * the same graceful shutdown as SIGTERM. Only under npm: a process started on its own (a
 * container's PID 1, nohup) is meant to outlive whatever started it.
 */
function stopWhenNpmDies() {
  if (!process.env.npm_lifecycle_event) return;
  const npmPid = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === npmPid) return;
    clearInterval(watch);
    process.kill(process.pid, 'SIGTERM');
  }, PARENT_CHECK_INTERVAL_MS);
  watch.unref();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (storefrontBuildIsStale()) {
    console.log('Building the storefront...');
    run('npm', ['run', 'build', '--silent']);
  }
  const compiled = await compileServer();
  if (compiled.length > 0) console.log(`Compiled ${compiled.join(', ')}.`);
  if (!import.meta.resolve('@shop/db').endsWith('.js')) {
    console.error(`Run the shop as npm start does: node ${COMPILED_SERVER_ARGS[0]} scripts/start.mjs (the packages' compiled JavaScript).`);
    process.exit(1);
  }
  process.env.NODE_ENV = 'production';
  stopWhenNpmDies();
  // What `node --conditions=compiled apps/server/dist/server.js` does, in this process.
  await import('../apps/server/dist/server.js');
}
