/**
 * The company pages of the back office (routes/admin/companies.tsx, company.tsx): the schemas of
 * their forms, the contract's own (the customer's company page and the JSON API use them too)
 * with the form's intent and the member it is about.
 */
import { z } from 'zod';
import { companyInviteSchema, companyMemberChangeSchema, companyRenameSchema } from '@shop/contract';
import { UNKNOWN_FORM } from './admin-forms.server';

const memberId = z.coerce.number({ error: UNKNOWN_FORM }).int().positive();

export const companyFormSchema = z.discriminatedUnion(
  'intent',
  [
    companyRenameSchema.extend({ intent: z.literal('rename') }),
    companyInviteSchema.extend({ intent: z.literal('invite') }),
    companyMemberChangeSchema.extend({ intent: z.literal('change'), user_id: memberId }),
    z.object({ intent: z.literal('remove'), user_id: memberId }),
  ],
  { error: UNKNOWN_FORM },
);
