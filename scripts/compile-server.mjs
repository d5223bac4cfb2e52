#!/usr/bin/env node
// The server and the workspace packages it runs (contract, db, core) as JavaScript, for `npm start`
// and the processes tests start: each TypeScript source becomes one .js file under its package's
// dist/ (src/a/b.ts -> dist/a/b.js), its imports kept and pointed at the .js files. Nothing is
// bundled, so every module is still loaded once and the storefront's build shares them (DESIGN
// section 2: one module graph). A process runs the compiled files with `node --conditions=compiled`:
// the packages' exports send that condition to dist/ and everyone else (Vitest, Vite, tsc, tsx) to
// src/.
//
// Why: a shop process started through tsx spent most of its start loading modules through tsx's
// hooks (tests/README.md, "Where the time goes").
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The compiled packages, in no particular order: each one's src/ becomes its dist/. */
const COMPILED_PACKAGES = ['packages/contract', 'packages/db', 'packages/core', 'apps/server'];
/**
 * Node's arguments that run the compiled server (from the repository's root): the condition
 * sends every workspace package to its dist/.
 */
export const COMPILED_SERVER_ARGS = ['--conditions=compiled', 'apps/server/dist/server.js'];

const STAMP = 'dist/.compiled-from';
const isSource = (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.endsWith('.d.ts');

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/** What the compiled files were made from: every source's path, size and modification time. */
function sourcesFingerprint(packageDir) {
  const files = filesUnder(path.join(packageDir, 'src')).sort();
  return files
    .map((file) => {
      const stat = statSync(file);
      return `${path.relative(packageDir, file)} ${stat.size} ${stat.mtimeMs}`;
    })
    .join('\n');
}

/** What the stamp of a package's dist/ says it was compiled from ('' when never compiled). */
function compiledFrom(packageDir) {
  const stamp = path.join(packageDir, STAMP);
  return existsSync(stamp) ? readFileSync(stamp, 'utf8') : '';
}

/** Rewrites a relative import of a TypeScript file to the .js file compiled from it. */
const relativeImportsToJs = {
  name: 'relative-imports-to-js',
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      return { path: args.path.replace(/\.tsx?$/, '.js'), external: true };
    });
  },
};

async function compilePackage(packageDir, fingerprint) {
  const { build } = await import('esbuild');
  const src = path.join(packageDir, 'src');
  const dist = path.join(packageDir, 'dist');
  rmSync(dist, { recursive: true, force: true });
  const files = filesUnder(src);
  await build({
    entryPoints: files.filter(isSource),
    outdir: dist,
    outbase: src,
    bundle: true, // with every import external: one file in, one file out, imports rewritten
    plugins: [relativeImportsToJs],
    platform: 'node',
    format: 'esm',
    target: `node${process.versions.node}`,
    keepNames: true, // as tsx compiles them for the tests: class and function names kept
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  // Files the code reads beside itself (the documents' fonts).
  for (const file of files.filter((f) => !/\.(tsx?|md)$/.test(f) && !f.includes(`${path.sep}fixtures${path.sep}`))) {
    const target = path.join(dist, path.relative(src, file));
    mkdirSync(path.dirname(target), { recursive: true });
    cpSync(file, target);
  }
  writeFileSync(path.join(packageDir, STAMP), fingerprint);
}

/** Compiles every package whose dist/ is missing or stale; answers the packages it compiled. */
export async function compileServer({ force = false } = {}) {
  const stale = COMPILED_PACKAGES.map((p) => path.join(root, p))
    .map((dir) => ({ dir, fingerprint: sourcesFingerprint(dir) }))
    .filter(({ dir, fingerprint }) => force || compiledFrom(dir) !== fingerprint);
  await Promise.all(stale.map(({ dir, fingerprint }) => compilePackage(dir, fingerprint)));
  return stale.map(({ dir }) => path.relative(root, dir));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const compiled = await compileServer({ force: process.argv.includes('--force') });
  console.log(compiled.length > 0 ? `Compiled ${compiled.join(', ')}.` : 'The compiled server is up to date.');
}
