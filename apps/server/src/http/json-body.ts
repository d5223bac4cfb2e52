/**
 * The JSON body parser: Fastify's own (secure-json-parse, refusing __proto__ and constructor
 * poisoning), after a cheap scan that refuses bodies nested more deeply than any request of
 * this API needs. Without the limit a body such as `{"error": {"a": {"a": ... }}}` nested
 * thousands of levels within the 100 kB limit overflows the stack where a value is turned back
 * into text (the order log keeps JSON values as JSON text), which answered 500.
 *
 * An empty body sent as application/json is refused (400) unless the routes registered it with
 * `emptyBodyIsNoBody`: those whose body is optional (POST /api/session) take it as no body.
 */
import type { FastifyError, FastifyInstance } from 'fastify';

/** Nesting levels of objects and arrays a request body may have (the API's own need at most 4). */
export const MAX_JSON_DEPTH = 64;

/** True when the JSON text opens more than `maxDepth` nested objects/arrays (strings are skipped). */
export function jsonNestingExceeds(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > maxDepth) return true;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      depth--;
    }
  }
  return false;
}

export interface JsonBodyOptions {
  /** An empty or blank body is no body (null), as without a content type. Parsers are per context. */
  emptyBodyIsNoBody?: boolean;
}

export function registerJsonBodyParser(app: FastifyInstance, options: JsonBodyOptions = {}): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (options.emptyBodyIsNoBody && (body as string).trim() === '') {
      done(null, null);
      return;
    }
    if (jsonNestingExceeds(body as string, MAX_JSON_DEPTH)) {
      const error = new Error(`The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`) as FastifyError;
      error.statusCode = 400;
      done(error, undefined);
      return;
    }
    // Answers through `done`; the parser returns nothing worth awaiting.
    void parseJson(request, body as string, done);
  });
}
