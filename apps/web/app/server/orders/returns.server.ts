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

/** Opens the return; answers its id, or the page's failure. */
export async function openReturn(request: Request, context: AppLoadContext, userId: number, orderId: number) {
  const posted = await postedForm(request, context);
  // The files sent (typed by shape: the API's tests read this module with Node's own File type).
  const photos: { size: number; arrayBuffer(): Promise<ArrayBuffer> }[] = [];
  for (const value of posted.getAll('photos')) if (typeof value !== 'string' && value.size > 0) photos.push(value);
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
      photos: await Promise.all(photos.map(async (photo) => new Uint8Array(await photo.arrayBuffer()))),
    });
    return { returnId: opened.returnId };
  } catch (error) {
    return { answer: failureFrom(error, 'return', form) };
  }
}
