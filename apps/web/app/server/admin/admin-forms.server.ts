/**
 * The back office's form fields and refusals (DESIGN section 10 "Forms"): each form has one zod
 * schema, beside its route's other server code, read by ~/server/forms.server's readForm. A
 * form its schema refuses, or a domain error core throws, becomes the page's message and the
 * messages beside its fields (FormProblems).
 */
import { z } from 'zod';
import { DomainError } from '@shop/core';
import { httpStatusByErrorCode } from '@shop/contract';
import type { FormProblems } from '~/server/forms.server';

/** What was typed in these fields (a refused form shows it again), each cut to `max` characters. */
export function postedText<Name extends string>(posted: Record<string, unknown>, names: readonly Name[], max = 1000): Record<Name, string> {
  const texts = {} as Record<Name, string>;
  for (const name of names) texts[name] = typeof posted[name] === 'string' ? posted[name].slice(0, max) : '';
  return texts;
}

/** The posted `intent` (which of a page's forms was sent), '' when there is none. */
export function postedIntent(posted: Record<string, unknown>): string {
  return typeof posted.intent === 'string' ? posted.intent.slice(0, 40) : '';
}

/** The answer to a form the page does not have (an unknown or missing `intent`). */
export const UNKNOWN_FORM = 'Unknown form.';

// The fields the back office's schemas are made of.

/**
 * A text field, '' when left empty or out, cut to `max` characters: core checks what the value
 * must hold (with its own messages); this bounds what is carried to it and shown back.
 */
export const textField = (max: number) =>
  z
    .string()
    .default('')
    .transform((value) => value.slice(0, max));

/** A checkbox: ticked ('on') or not. */
export const checkbox = z.boolean().default(false);

/** A whole number from a hidden field (an id, a version); anything else is refused with `message`. */
export const wholeNumber = (message: string) => z.number({ error: message }).int(message).min(0, message).max(Number.MAX_SAFE_INTEGER, message);

/** What staff typed as pounds ('1,500', '£1500.50') as pence, else null. */
export function penceFromPounds(text: string): number | null {
  const cleaned = text.replace(/[£,\s]/g, '');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** An amount in pounds, read as pence; `message` when it is missing or is not an amount. */
export const poundsField = (message: string) =>
  z.string({ error: message }).transform((text, context) => {
    const pence = penceFromPounds(text.slice(0, 20));
    if (pence === null) {
      context.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return pence;
  });

/** Setup and set-password: the password typed twice must match (core checks the password itself). */
export const NEW_PASSWORD_MESSAGES = { differ: 'The two passwords differ.', confirm: 'Type the same password twice.' } as const;

export function passwordsMatch(value: { password: string; confirm: string }, context: z.RefinementCtx): void {
  if (value.password === value.confirm) return;
  context.addIssue({ code: 'custom', path: [], message: NEW_PASSWORD_MESSAGES.differ });
  context.addIssue({ code: 'custom', path: ['confirm'], message: NEW_PASSWORD_MESSAGES.confirm });
}

// Refusals by core.

/**
 * A domain error thrown by core as the page's answer: its message, the messages of its fields
 * and its HTTP status (as the JSON API answers it). Anything else is rethrown (the error page,
 * logged). The pages and the API share one copy of core in the process, so `instanceof` holds.
 */
export function adminFailureOf(error: unknown): FormProblems {
  if (!(error instanceof DomainError)) throw error;
  const fields: Record<string, string> = {};
  const listed = error.details.fields as { field: string; message: string }[] | undefined;
  for (const field of listed ?? []) fields[field.field] ??= field.message;
  return { message: error.message, fields, status: httpStatusByErrorCode[error.code] ?? 400 };
}

/** Seconds to wait, when core refused an attempt over its limit; else null. */
export function retryAfterOf(error: unknown): number | null {
  if (!(error instanceof DomainError) || error.code !== 'too_many_requests') return null;
  const seconds = error.details.retryAfterSeconds;
  return typeof seconds === 'number' ? seconds : null;
}
