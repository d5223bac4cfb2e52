/**
 * CI's guard that schema.ts and the migrations cannot drift (`npm run db:check`):
 *   1. `drizzle-kit check`: the migration snapshots are consistent with each other;
 *   2. `drizzle-kit generate` into a copy of the migrations writes nothing: the last snapshot is
 *      the schema as written, so a column changed in schema.ts without its migration fails here,
 *      not at run time.
 * Fix a failure with `npm run db:generate` (and review the new SQL); never edit a migration
 * that has been applied.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import config from './drizzle.config.ts';

const drizzleKit = (args: string[]) => {
  // stdin closed: drizzle-kit never waits for an answer.
  const run = spawnSync('npx', ['drizzle-kit', ...args], { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', timeout: 120_000 });
  return { ok: run.status === 0, output: `${run.stdout ?? ''}${run.stderr ?? ''}` };
};

function filesUnder(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files.set(path.relative(dir, file), readFileSync(file, 'utf8'));
  }
  return files;
}

const configFile = path.relative(process.cwd(), path.join(import.meta.dirname, 'drizzle.config.ts'));
const check = drizzleKit(['check', `--config=${configFile}`]);
if (!check.ok) {
  process.stderr.write(check.output);
  console.error('db:check: drizzle-kit check found the migration snapshots inconsistent.');
  process.exit(1);
}

const migrations = path.resolve(config.out ?? 'packages/db/migrations');
const scratch = mkdtempSync(path.join(tmpdir(), 'shop-db-check-'));
try {
  const copy = path.join(scratch, 'migrations');
  cpSync(migrations, copy, { recursive: true });
  // drizzle-kit takes --out relative to the working directory (it prefixes './').
  const generate = drizzleKit(['generate', `--dialect=${config.dialect}`, `--schema=${String(config.schema)}`, `--out=${path.relative(process.cwd(), copy)}`]);
  const before = filesUnder(migrations);
  const after = filesUnder(copy);
  const changed = [...after.keys()].filter((file) => before.get(file) !== after.get(file));
  // Without a terminal, a question (a column renamed or new?) is printed as an error with exit
  // status 0, and nothing is written: only drizzle-kit's own "no changes" counts as a pass.
  const unchanged = generate.ok && changed.length === 0 && generate.output.includes('No schema changes');
  if (!unchanged) {
    process.stderr.write(generate.output);
    console.error(
      changed.length > 0
        ? `db:check: schema.ts differs from the migrations; drizzle-kit generate would write ${changed.join(', ')}. Run npm run db:generate.`
        : 'db:check: drizzle-kit generate did not confirm that schema.ts matches the migrations (see above); run npm run db:generate.',
    );
    process.exit(1);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
console.log('db:check: the migrations are consistent and match schema.ts.');
