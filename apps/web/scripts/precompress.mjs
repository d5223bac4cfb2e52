#!/usr/bin/env node
// After the build: write .br and .gz beside every text asset so the server sends them
// precompressed (no compression work per request).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const clientDir = path.resolve(import.meta.dirname, '../build/client');
const compressible = /\.(js|css|svg|json|html|txt|map)$/;

function walk(dir) {
  for (const entry of readdirSync(dir)) {
    const file = path.join(dir, entry);
    if (statSync(file).isDirectory()) walk(file);
    else if (compressible.test(file)) {
      const content = readFileSync(file);
      writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    }
  }
}
walk(clientDir);
