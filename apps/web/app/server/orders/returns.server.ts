/**
 * The customer's return or claim form (routes/order-return.tsx): its one schema, read from the
 * multipart form the page posts natively (photos as files), and the call to core. Core checks
 * the window, the packs, the photos (as catalogue images are checked) and the owner.
 */
import { z } from 'zod';
import type { AppLoadContext } from 'react-router';
import { ORDER_LINES_MAX } from '@shop/contract';
import { failure, failureFrom, parseForm, postedForm, typedValues } from '~/server/forms.server';

export const returnRequestSchema = z.object({
  reason: z.string({ error: 'Choose why you are returning the goods.' }),
  description: z.string({ error: 'Describe what is wrong.' }).max(2000, 'At most 2000 characters.'),
  fault_found_on: z.string().optional(),
  lines: z.array(z.object({ order_line_id: z.number().int().min(1), count: z.number().int().min(0).max(1000).default(0) })).max(ORDER_LINES_MAX).default([]),
});

/** Opens the return; answers its id, or the page's failure. */
export async function openReturn(request: Request, context: AppLoadContext, userId: number, orderId: number) {
  const form = await postedForm(request, context);
  const parsed = parseForm(form, returnRequestSchema);
  const values = typedValues(form);
  delete values.photos;
  if (!parsed.ok) return { answer: failure('invalid_request', parsed.problems.message, parsed.problems.fields, 'return', values) };
  const input = parsed.value;
  const photos = form.getAll('photos').filter((value): value is File => value instanceof File && value.size > 0);
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
    const answer = failureFrom(error, 'return');
    return { answer: failure(domainCode(answer), messageOf(answer), fieldsOf(answer), 'return', values) };
  }
}

type Answer = ReturnType<typeof failure>;
const bodyOf = (answer: Answer) => answer.data;
const domainCode = (answer: Answer) => bodyOf(answer).error;
const messageOf = (answer: Answer) => bodyOf(answer).message;
const fieldsOf = (answer: Answer) => bodyOf(answer).fields;
