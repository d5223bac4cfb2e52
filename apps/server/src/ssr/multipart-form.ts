/**
 * A page's multipart form read as it arrives: fields are kept, files are written to a temporary
 * folder and handed to the action as Files backed by those files (fs.openAsBlob), so a 30 MB
 * upload is never held, nor parsed, in memory on the request thread, and other visitors are
 * served meanwhile (DESIGN section 8). The body is counted while it arrives: past the route's
 * body limit it is refused (413), and so is a form with more files than the page takes. The
 * folder is removed once the answer is sent (removeUploads).
 */
import { createWriteStream, openAsBlob } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform, type Readable } from 'node:stream';
import Busboy from '@fastify/busboy';
import type { FastifyError, FastifyRequest } from 'fastify';
import { FORM_ENTRIES_MAX, FORM_TOO_LARGE_MESSAGE } from '@shop/contract';
import { bodyTooLargeError } from '../http/error-handler.ts';

/** What an upload page takes: its files (those that hold anything) at most. */
export interface UploadRules {
  maxFiles: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An upload page's rules (storefront.ts); other pages take no files. */
    uploads?: UploadRules;
  }
}

/** How long a form with files may wait for its answer once it has arrived (photos queue for the image job). */
export const UPLOAD_ANSWER_TIMEOUT_MS = 180_000;

/** The idle timeout of the request's connection; a request without one (injected, in tests) has none to set. */
function setSocketTimeout(request: FastifyRequest, ms: number): void {
  const socket = request.raw.socket as { setTimeout?: (ms: number) => unknown } | undefined;
  if (typeof socket?.setTimeout === 'function') socket.setTimeout(ms);
}

/** The temporary folder of each request whose form held files (made once, at its first file). */
const uploadFolders = new WeakMap<FastifyRequest, Promise<string>>();

/** Reads the multipart body of `request` (bounded by `bodyLimit` bytes and `rules`) into a FormData. */
export async function readMultipartForm(request: FastifyRequest, payload: Readable, bodyLimit: number, rules: UploadRules): Promise<FormData> {
  const contentType = request.headers['content-type'] ?? '';
  let parser: ReturnType<typeof Busboy>;
  try {
    parser = Busboy({
      headers: { ...request.headers, 'content-type': contentType },
      // Field values may be as large as the body (a statement carried back for its confirmation).
      limits: { fieldSize: bodyLimit, parts: FORM_ENTRIES_MAX + 1, fileSize: bodyLimit },
    });
  } catch {
    throw unreadable();
  }
  const entries: ({ name: string; value: string } | { name: string; file: string; filename: string; type: string })[] = [];
  const writes: Promise<void>[] = [];
  let files = 0;
  let refusal: Error | null = null;
  const refuse = (error: Error) => {
    refusal ??= error;
    payload.unpipe(parser);
    payload.resume(); // the rest is read and dropped; the answer closes the connection
    parser.destroy();
  };

  let received = 0;
  payload.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (received > bodyLimit && !refusal) refuse(bodyTooLargeError(bodyLimit));
  });

  parser.on('field', (name, value) => entries.push({ name, value }));
  parser.on('file', (name, stream, filename, _encoding, mimeType) => {
    if (refusal) {
      stream.resume();
      return;
    }
    const entry = { name, file: '', filename, type: mimeType || 'application/octet-stream' };
    entries.push(entry);
    // A file input left empty still sends a part: only files that hold something count. Counted
    // inside the pipeline (a 'data' listener would start the stream before its file is open,
    // and what arrived meanwhile would be lost).
    let counted = false;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        if (!counted && chunk.length > 0) {
          counted = true;
          files += 1;
          if (files > rules.maxFiles) refuse(clientError(400, `Send at most ${rules.maxFiles} ${rules.maxFiles === 1 ? 'file' : 'files'} with this form.`));
        }
        done(null, chunk);
      },
    });
    const number = writes.length + 1;
    writes.push(
      (async () => {
        entry.file = path.join(await uploadFolder(request), `file-${number}`);
        await pipeline(stream, counter, createWriteStream(entry.file));
      })(),
    );
  });
  parser.on('partsLimit', () => refuse(clientError(400, FORM_TOO_LARGE_MESSAGE)));

  const finished = new Promise<void>((resolve, reject) => {
    parser.on('finish', resolve);
    parser.on('error', (error: unknown) => reject(error instanceof Error ? error : new Error(String(error))));
    parser.on('close', () => (refusal ? reject(refusal) : undefined));
    payload.on('error', reject);
  });
  payload.pipe(parser);
  try {
    await finished;
    await Promise.all(writes);
  } catch (error) {
    await Promise.allSettled(writes);
    if (refusal) throw refusal;
    if ((error as Partial<FastifyError>).statusCode) throw error;
    throw unreadable();
  }
  if (refusal) throw refusal;
  // The whole form has arrived: from now on the client waits for the answer, which for photos
  // may wait its turn for the one image job at a time. The connection's idle timeout (meant for
  // silent clients) must not cut it off meanwhile; removeUploads sets it back.
  if (uploadFolders.has(request)) setSocketTimeout(request, UPLOAD_ANSWER_TIMEOUT_MS);

  const form = new FormData();
  for (const entry of entries) {
    if ('value' in entry) form.append(entry.name, entry.value);
    else form.append(entry.name, new File([await openAsBlob(entry.file, { type: entry.type })], entry.filename, { type: entry.type }));
  }
  return form;
}

/** Removes the request's temporary upload folder, if it had one (once the answer is sent). */
export async function removeUploads(request: FastifyRequest): Promise<void> {
  const folder = uploadFolders.get(request);
  if (!folder) return;
  uploadFolders.delete(request);
  setSocketTimeout(request, request.server.initialConfig.connectionTimeout ?? 0);
  await rm(await folder, { recursive: true, force: true });
}

function uploadFolder(request: FastifyRequest): Promise<string> {
  let folder = uploadFolders.get(request);
  if (!folder) {
    folder = mkdtemp(path.join(tmpdir(), 'shop-upload-'));
    uploadFolders.set(request, folder);
  }
  return folder;
}

function clientError(status: number, message: string): FastifyError {
  return Object.assign(new Error(message), { statusCode: status }) as FastifyError;
}

function unreadable(): FastifyError {
  return clientError(400, 'The form could not be read: it is not valid multipart/form-data.');
}
