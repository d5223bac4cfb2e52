/**
 * Write the demo illustrations (drawn by illustrations.ts) as SVG files into
 * apps/server/media/demo/, which the server serves under /media. The files are committed, so
 * a fresh clone serves images without running this: run it after changing a drawing and
 * commit what it writes (illustrations.test.ts fails while the two disagree).
 *
 *   npx tsx scripts/media/generate-illustrations.ts           write the files, remove ones no longer drawn
 *   npx tsx scripts/media/generate-illustrations.ts --check   only compare; exit 1 on any difference
 */
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { allIllustrations } from './illustrations.ts';

export const DEMO_MEDIA_DIR = fileURLToPath(new URL('../../apps/server/media/demo/', import.meta.url));

/** Paths of the .svg files under `dir`, relative to it with '/' separators, sorted. */
export function svgFilesIn(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.svg'))
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}

export interface IllustrationDifferences {
  /** Drawn but not on disk. */
  missing: string[];
  /** On disk with other bytes than the drawing. */
  changed: string[];
  /** On disk but no longer drawn. */
  extra: string[];
}

export function compareWithDrawings(dir: string, drawings = allIllustrations()): IllustrationDifferences {
  const onDisk = new Set(svgFilesIn(dir));
  const differences: IllustrationDifferences = { missing: [], changed: [], extra: [] };
  for (const [file, svg] of drawings) {
    if (!onDisk.has(file)) differences.missing.push(file);
    else if (readFileSync(path.join(dir, file), 'utf8') !== svg) differences.changed.push(file);
  }
  differences.extra = [...onDisk].filter((file) => !drawings.has(file));
  return differences;
}

function writeIllustrations(dir: string): { written: number; removed: number; bytes: number } {
  const drawings = allIllustrations();
  let bytes = 0;
  for (const [file, svg] of drawings) {
    const target = path.join(dir, file);
    mkdirSync(path.dirname(target), { recursive: true });
    // Exactly the drawing's bytes (no trailing newline): what the server sends.
    writeFileSync(target, svg);
    bytes += Buffer.byteLength(svg);
  }
  const { extra } = compareWithDrawings(dir, drawings);
  for (const file of extra) rmSync(path.join(dir, file));
  return { written: drawings.size, removed: extra.length, bytes };
}

function main(argv: string[]): number {
  const relative = path.relative(process.cwd(), DEMO_MEDIA_DIR) || '.';
  if (argv.includes('--check')) {
    mkdirSync(DEMO_MEDIA_DIR, { recursive: true });
    const { missing, changed, extra } = compareWithDrawings(DEMO_MEDIA_DIR);
    const problems = [...missing.map((f) => `missing: ${f}`), ...changed.map((f) => `changed: ${f}`), ...extra.map((f) => `not drawn: ${f}`)];
    if (problems.length === 0) {
      console.log(`${relative}: every illustration is up to date.`);
      return 0;
    }
    console.error(`${relative} differs from the drawings (run npx tsx scripts/media/generate-illustrations.ts):\n  ${problems.join('\n  ')}`);
    return 1;
  }
  const { written, removed, bytes } = writeIllustrations(DEMO_MEDIA_DIR);
  console.log(`Wrote ${written} illustrations (${(bytes / 1024).toFixed(1)} KiB) to ${relative}${removed ? `, removed ${removed} no longer drawn` : ''}.`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv.slice(2));
}
