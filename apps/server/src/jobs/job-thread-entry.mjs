// The job thread's first module. A worker thread does not inherit the main thread's TypeScript
// loader (tsx registered by `npm start`), so it loads the TypeScript itself, through tsx's API.
import { tsImport } from 'tsx/esm/api';

await tsImport('./job-thread-main.ts', import.meta.url);
