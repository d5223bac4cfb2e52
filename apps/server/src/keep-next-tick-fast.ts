/**
 * Keeps `process.nextTick` fast for the life of the process: import this module first in every
 * entry point (server.ts, the job thread, the benchmark's app).
 *
 * Why. Node 20 builds each queued tick as an object literal with two computed (symbol) keys. V8
 * gives those objects a chain of four hidden classes, and the literal's stores remember them
 * weakly. When the process goes through two or more full garbage collections with no tick
 * queued, the collector frees that chain. Seeding the embedded database does this: its
 * statements run long in WebAssembly, with full collections between them and no I/O. The next
 * tick builds a new chain, the stores see a second set of hidden classes, and they turn
 * megamorphic for good. From then on every nextTick costs about five times as much (330 ns
 * instead of 62 ns on this machine), and an HTTP answer queues several ticks in Node's streams
 * and sockets. Measured with `npm run bench`: a cached catalogue read in a process that had
 * seeded PGlite spent about a quarter more CPU, most of it in nextTick's three stores
 * (decision record 008, docs/performance.md "fourth session").
 *
 * How. Holding one tick object for the life of the process keeps its hidden classes alive, so
 * they are never freed and every later tick reuses them. The object is Node's own (the resource
 * of the running tick); it holds only the small callback below.
 */
import { executionAsyncResource } from 'node:async_hooks';

const heldTickObjects: object[] = [];

process.nextTick(() => {
  // Inside a nextTick callback, the running async resource is the tick object itself.
  heldTickObjects.push(executionAsyncResource());
});
