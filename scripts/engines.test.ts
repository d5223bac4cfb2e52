/**
 * Every installed package runs on every Node the project supports: its `engines.node` (as locked
 * in package-lock.json) takes the oldest Node the root package.json's `engines` allows. So
 * `npm install` on the machines' Node 20 prints no EBADENGINE, and a dependency bump that
 * quietly drops Node 20 fails here rather than on a developer's machine.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const readJson = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

const projectNode: string = readJson('package.json').engines.node;
const lock: { packages: Record<string, { version?: string; engines?: { node?: string } | string[] }> } = readJson('package-lock.json');

describe('the packages npm installs', () => {
  it('each accept the oldest Node the project supports', () => {
    const oldest = semver.minVersion(projectNode)!.version;
    const refusing = Object.entries(lock.packages).flatMap(([where, entry]) => {
      // A few old packages wrote engines as a list of strings, which npm ignores.
      const wanted = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      if (wanted === undefined || semver.satisfies(oldest, wanted)) return [];
      return [`${where.replace(/^.*node_modules\//, '')}@${entry.version} wants node ${wanted}`];
    });
    expect(refusing, `the project supports Node ${projectNode}`).toEqual([]);
  });
});
