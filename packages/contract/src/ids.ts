/** Ids in requests (SPEC 7): one definition of what a record id may be, for every API schema. */
import { z } from 'zod';
import { MAX_ID } from './record-ids.ts';

export { MAX_ID };

/** A positive id sent as a JSON number (the basket calls). */
export const jsonIdSchema = (name: string) =>
  z
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .positive(`${name} must be a positive number`)
    .max(MAX_ID, `${name} is too large`);

/** A positive id sent as a number or as digits: the storefront keeps some ids (user, address) as strings. */
export const idSchema = (name: string) =>
  z.union([z.number(), z.string().regex(/^\d{1,10}$/, `${name} must be a whole number`).transform(Number)]).pipe(jsonIdSchema(name));
