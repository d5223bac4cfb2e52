/** The exports of initial-js.mjs, typed for the TypeScript that imports them (scripts/lighthouse.ts). */
export function scriptsOf(html: string): string[];
export function gzipSize(url: string): number;
export function publicPages(baseUrl: string): Promise<Record<string, string>>;
export function startShop(port?: number): Promise<{ url: string; stop(): void }>;
