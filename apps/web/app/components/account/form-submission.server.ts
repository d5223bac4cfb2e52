/**
 * A posted storefront form parsed by its contract schema as the browser parses it (Conform's
 * parseWithZod: an empty field is undefined, a ticked box true), or the action's 400 answer:
 * the first SPEC 5 message per field and what was typed (lib/form-action.server.ts's shape).
 */
import { parseWithZod } from '@conform-to/zod/v4';
import type { z } from 'zod';
import { failure, formFields, typedValues } from '~/lib/form-action.server';

export function parseSubmission<S extends z.ZodType>(schema: S, form: FormData, intent?: string) {
  const submission = parseWithZod(form, { schema });
  if (submission.status === 'success') return { ok: true as const, value: submission.value as z.output<S> };
  const fields: Record<string, string> = {};
  for (const [name, messages] of Object.entries(submission.error ?? {})) {
    if (name && messages?.[0]) fields[name] = messages[0];
  }
  return { ok: false as const, answer: failure('invalid_request', 'Please correct the fields marked below.', fields, intent, typedValues(formFields(form))) };
}
