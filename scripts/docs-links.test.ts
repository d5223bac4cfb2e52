/**
 * The repository documents itself: every relative link in README.md,
 * docs/**\/*.md and each folder's README.md leads to a file or folder of this repository, and no
 * file points at documents that live outside it (a sibling `shared` folder, a developers' guide
 * kept elsewhere), which a fresh clone does not have. The contract and rules are docs/SPEC.md and
 * docs/DESIGN.md.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Installed, generated or local-only folders: not the repository's own documents. */
const NOT_OURS = new Set(['node_modules', 'build', 'dist', 'data', 'coverage', 'test-results', 'playwright-report']);
const TEXT_FILE = /\.(md|ts|tsx|mts|mjs|js|json|ya?ml|sh|css|html)$|^run$/;
/** Documents that exist only outside this repository. */
const OUTSIDE_DOCUMENTS = [/\.\.\/shared\//, /DEVELOPERS\.md/];

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return NOT_OURS.has(entry.name) || entry.name === '.git' || entry.name.startsWith('.scratch') ? [] : filesUnder(full);
    return entry.isFile() ? [full] : [];
  });
}

const allFiles = filesUnder(root);
const relative = (file: string) => path.relative(root, file);
const markdownDocuments = allFiles.filter((file) => {
  const name = relative(file);
  return name === 'README.md' || (name.startsWith('docs/') && name.endsWith('.md')) || path.basename(name) === 'README.md';
});

/** Link targets of a Markdown text: inline `[text](target)` and definitions `[id]: target`, outside code. */
export function linkTargets(markdown: string): string[] {
  const prose = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
  const inline = [...prose.matchAll(/\]\(\s*(?:<([^>\n]+)>|([^)\s]+))(?:\s+"[^"]*")?\s*\)/g)].map((m) => (m[1] ?? m[2])!);
  const definitions = [...prose.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((m) => m[1]!);
  return [...inline, ...definitions];
}

/** A link to a file of the repository (not a web address, an anchor on the same page or a path of the shop's site). */
function isRepositoryLink(target: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#') && !target.startsWith('/');
}

describe('documentation links', () => {
  it('finds the documents to check', () => {
    const names = markdownDocuments.map(relative);
    expect(names).toEqual(expect.arrayContaining(['README.md', 'docs/SPEC.md', 'docs/DESIGN.md', 'docs/README.md', 'scripts/README.md']));
  });

  it('reads inline links and link definitions, not code', () => {
    const sample = '[a](docs/SPEC.md) [b](<./x y.md> "title") [c](https://example.com) `[d](nope.md)`\n\n[e]: ../DESIGN.md#top\n```\n[f](nope.md)\n```\n';
    expect(linkTargets(sample)).toEqual(['docs/SPEC.md', './x y.md', 'https://example.com', '../DESIGN.md#top']);
  });

  it.each(markdownDocuments.map(relative))('every relative link in %s resolves to a file of the repository', (name) => {
    const file = path.join(root, name);
    const broken = linkTargets(readFileSync(file, 'utf8'))
      .filter(isRepositoryLink)
      .filter((target) => {
        const resolved = path.resolve(path.dirname(file), decodeURIComponent(target.replace(/[#?].*$/, '')));
        return !resolved.startsWith(root + path.sep) || !existsSync(resolved);
      });
    expect(broken, `broken links in ${name}`).toEqual([]);
  });

  it('no file points at documents outside the repository (use docs/SPEC.md and docs/DESIGN.md)', () => {
    const offenders = allFiles
      .filter((file) => TEXT_FILE.test(path.basename(file)) && statSync(file).size < 2_000_000)
      .flatMap((file) => {
        const lines = readFileSync(file, 'utf8').split('\n');
        return lines.flatMap((line, index) => (OUTSIDE_DOCUMENTS.some((pattern) => pattern.test(line)) ? [`${relative(file)}:${index + 1}: ${line.trim()}`] : []));
      });
    expect(offenders).toEqual([]);
  });
});
