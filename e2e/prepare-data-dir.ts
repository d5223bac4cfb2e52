/**
 * Before the shared server starts (playwright.config.ts): its embedded database, a copy of one a
 * first start migrated and seeded (made once), so the server starts in seconds, not a minute.
 * Usage: node --import tsx e2e/prepare-data-dir.ts <DATA_DIR>
 */
import path from 'node:path';
import { writePgliteDataDir } from '../packages/db/src/testing.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: prepare-data-dir.ts <DATA_DIR>');
await writePgliteDataDir(path.join(dataDir, 'pglite'), 'demo-shop');
