/** The exports of compile-server.mjs, typed for the TypeScript that imports them (tests, e2e). */
export const COMPILED_SERVER_ARGS: string[];
export function compileServer(options?: { force?: boolean }): Promise<string[]>;
