/**
 * The customer's return or claim form (routes/order-return.tsx): read from the multipart form the
 * page posts natively (photos as files) with the contract's one schema for returns, the one the
 * JSON API takes (returnRequestFormSchema: the same, rows left at 0 aside), and the call to core.
 * Core checks the window, the packs, the photos (as catalogue images are checked) and the owner.
 */
import type { AppLoadContext } from 'react-router';
import { returnRequestFormSchema } from '@shop/contract/forms';
// Relative: the API's tests read this module too (the page and the API refuse alike).
import { failureFrom, parseForm, postedForm, refusedForm } from '../forms.server';

/** The page marks the packs of all lines in one place: a row's count refused is said beside the list. */
function linesFolded(fields: Record<string, string>): Record<string, string> {
  const folded: Record<string, string> = {};
  for (const [name, message] of Object.entries(fields)) {
    const field = name.startsWith('lines[') ? 'lines' : name;
    folded[field] ??= message;
  }
  return folded;
}

/**
 * A file's bytes, read a piece at a time into one buffer of its size: Blob.arrayBuffer() of a
 * file-backed upload gathers the pieces and joins them in one step on the request thread
 * (0.1-0.3 s for a 10 MB photo, and the photo twice in memory meanwhile).
 */
async function bytesOf(file: { size: number; stream(): ReadableStream<Uint8Array> }): Promise<Uint8Array> {
  const bytes = new Uint8Array(file.size);
  let at = 0;
  const reader = file.stream().getReader();
  for (let piece = await reader.read(); !piece.done; piece = await reader.read()) {
    if (at + piece.value.byteLength > bytes.byteLength) throw new Error('The upload grew while it was read.');
    bytes.set(piece.value, at);
    at += piece.value.byteLength;
  }
  return at === bytes.byteLength ? bytes : bytes.subarray(0, at);
}

/** Opens the return; answers its id, or the page's failure. */
export async function openReturn(request: Request, context: AppLoadContext, userId: number, orderId: number) {
  const posted = await postedForm(request, context);
  // The files sent, still in their temporary files: core reads each only when its image job runs,
  // after the form's other checks (typed by shape: the API's tests read this module with Node's own File type).
  const photos: { size: number; read(): Promise<Uint8Array> }[] = [];
  for (const value of posted.getAll('photos')) if (typeof value !== 'string' && value.size > 0) photos.push({ size: value.size, read: () => bytesOf(value) });
  // The form without its photos (files, never shown back).
  const form = new FormData();
  for (const [name, value] of posted) if (name !== 'photos') form.append(name, value);
  const parsed = parseForm(form, returnRequestFormSchema);
  if (!parsed.ok) return { answer: refusedForm({ ...parsed, problems: { ...parsed.problems, fields: linesFolded(parsed.problems.fields) } }, 'return') };
  const input = parsed.value;
  try {
    const opened = await context.services.returns.open(userId, orderId, {
      reason: input.reason,
      description: input.description,
      faultFoundOn: input.fault_found_on ?? null,
      lines: input.lines.map((line) => ({ orderLineId: line.order_line_id, count: line.count })),
      photos,
    });
    return { returnId: opened.returnId };
  } catch (error) {
    return { answer: failureFrom(error, 'return', form) };
  }
}
