/**
 * The embedded database (PGlite) is a directory that one process may open at a time: a second
 * process writing it beside the server would corrupt it. The server writes its pid beside the
 * directory (`<DATA_DIR>/pglite.pid`) while it holds it; commands that would open the same
 * directory (`npm run staff`) read it first and tell the operator to stop the shop. A file left
 * by a server that died (SIGKILL, power cut) names a pid that no longer runs: it is ignored.
 * PostgreSQL (DATABASE_URL) needs none of this: any number of processes share it.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Where the embedded database lives under DATA_DIR. */
export function embeddedDatabaseDir(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

export function embeddedDatabasePidFile(dataDir: string): string {
  return path.join(dataDir, 'pglite.pid');
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A recycled pid (the server died, another program got its number) is not the shop.
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('node');
  } catch {
    return true;
  }
}

/** The pid of another live process holding the embedded database in this data directory, else null. */
export function embeddedDatabaseHolder(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(readFileSync(embeddedDatabasePidFile(dataDir), 'utf8').trim());
  } catch {
    return null;
  }
  return pid !== process.pid && isRunning(pid) ? pid : null;
}

/** Marks the embedded database as held by this process; the answer releases it (also done at exit). */
export function holdEmbeddedDatabase(dataDir: string): () => void {
  const file = embeddedDatabasePidFile(dataDir);
  writeFileSync(file, `${process.pid}\n`);
  const release = () => {
    process.off('exit', release);
    try {
      if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file, { force: true });
    } catch {
      // Already gone.
    }
  };
  process.on('exit', release);
  return release;
}
