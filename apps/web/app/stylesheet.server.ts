/** Reads the built stylesheet once, for inlining into every page (components/inline-stylesheet.tsx). */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import stylesheetHref from './app.css?url';

let cached: string | null = null;

export function stylesheetText(): string {
  if (cached === null) {
    // The server bundle is build/server/index.js; the client assets are in build/client.
    const file = fileURLToPath(new URL(`../client${stylesheetHref}`, import.meta.url));
    cached = readFileSync(file, 'utf8').replace(/<\/style/gi, '<\\/style');
  }
  return cached;
}
