/** Server rendering with the per-request CSP nonce on every script React Router emits. */
import { PassThrough, Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router';
import { StylesheetContext } from './components/inline-stylesheet';
import { nonceFrom } from './load-context.server';
import { stylesheetText } from './stylesheet.server';

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = nonceFrom(loadContext);
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Crawlers and the first paint both get complete HTML: wait for all data before sending.
    const readyEvent = userAgent && isbot(userAgent) ? 'onAllReady' : 'onShellReady';
    const page = (
      <StylesheetContext.Provider value={stylesheetText()}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </StylesheetContext.Provider>
    );
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      [readyEvent]() {
        shellRendered = true;
        const body = new PassThrough();
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
        resolve(new Response(createReadableStreamFromReadable(body.pipe(lowPriorityModulePreloads())), { headers: responseHeaders, status: responseStatusCode }));
        pipe(body);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    });
    setTimeout(abort, streamTimeout + 1000);
  });
}

/**
 * The page paints from HTML and the inlined stylesheet alone; the JavaScript only hydrates it.
 * Marking the module preloads low priority lets the first paint and the hero image go first on
 * slow connections (the scripts still start downloading at once).
 */
function lowPriorityModulePreloads(): Transform {
  const marker = 'rel="modulepreload"';
  const mark = (text: string) => text.replaceAll(marker, `${marker} fetchpriority="low"`);
  const decoder = new StringDecoder('utf8'); // never splits a multi-byte character
  let carry = '';
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      // Replace whole markers, then hold back a tail shorter than the marker: it may be the
      // start of one split across chunks (and cannot hold a whole, already marked one).
      const text = mark(carry + decoder.write(chunk));
      const cut = Math.max(0, text.length - (marker.length - 1));
      carry = text.slice(cut);
      callback(null, text.slice(0, cut));
    },
    flush(callback) {
      callback(null, mark(carry + decoder.end()));
    },
  });
}
