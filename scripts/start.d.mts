/** The exports of start.mjs, typed for the TypeScript that imports them (tests/resilience). */
export function storefrontBuildIsStale(): boolean;
