/**
 * Long work on the request thread done in pieces, so that other visitors are served between
 * them (DESIGN section 8: no request holds the others up for more than about 100 ms). The
 * embedded database (PGlite) runs on this thread too: one statement carrying 0.5 MB of bytes
 * held every visitor up for 0.3-1 s, encoding it, and a 10,000-row statement check for 1.4 s.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';

/** The longest stretch of work between two turns of the event loop (well under the 100 ms bar). */
export const WORK_SLICE_MS = 20;

/** Lets the event loop serve whatever waits (answers, timers) before going on. */
export async function yieldToEventLoop(): Promise<void> {
  await nextTurn();
}

/**
 * A pause to call often in a long loop: it yields to the event loop once `sliceMs` of work have
 * passed since the last turn, and costs nothing otherwise (awaiting a resolved promise does not
 * let I/O in: only a real turn does).
 */
export function workSlices(sliceMs = WORK_SLICE_MS): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    if (performance.now() - since < sliceMs) return undefined;
    return yieldToEventLoop().then(() => {
      since = performance.now();
    });
  };
}

/** Bytes written per statement by writeBytesInChunks: about 10-50 ms on the embedded database. */
export const BYTES_PER_STATEMENT = 32 * 1024;

/**
 * Writes `bytes` a piece at a time (`write` appends one piece, e.g. `SET bytes = bytes || piece`),
 * with a turn of the event loop after each: the embedded database encodes a bytea parameter on
 * the request thread, about 1-2 s per MB.
 */
export async function writeBytesInChunks(bytes: Uint8Array, write: (piece: Uint8Array) => Promise<unknown>, size = BYTES_PER_STATEMENT): Promise<void> {
  for (let at = 0; at < bytes.byteLength; at += size) {
    await write(bytes.subarray(at, at + size));
    await yieldToEventLoop();
  }
}
