import { z } from 'zod';

/** Every 4xx/5xx answer has this shape (DESIGN section 4 "Errors"). */
export const errorResponseSchema = z
  .object({
    error: z.string().describe('Machine-readable code, e.g. not_found, invalid_request'),
    message: z.string().describe('Human-readable text'),
    fields: z
      .array(z.object({ field: z.string(), message: z.string() }))
      .optional()
      .describe('For 400s: each invalid field with its message'),
  })
  .meta({ id: 'Error' });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

