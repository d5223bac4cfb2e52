/**
 * The bank statement import page (routes/admin/bank-statements.tsx): its form's one schema and
 * its action's work over core's BankStatements. The dry run's answer carries the file back
 * (base64 in a hidden field, as the catalogue import does), so nothing is kept on the server
 * between checking and confirming; confirming runs the matching again on the orders as they are
 * then, inside the transaction that records the payments.
 */
import type { AppLoadContext } from 'react-router';
import { z } from 'zod';
import { statementLayoutHeaders, STATEMENT_MAX_BYTES, type StaffMember, type StatementLine, type StatementReport } from '@shop/core';
import { adminFailureOf, checkbox, textField } from './admin-forms.server';

export const STATEMENT_MAX_MEGABYTES = STATEMENT_MAX_BYTES / 1024 / 1024;

/** Lines shown on the page (the totals count them all). */
const LISTED = 1000;

const CHOOSE_CSV = 'Choose the CSV file of the statement.';
const CHOICE = 'A suggested order could not be read. Run the check again.';

export const statementFormSchema = z.discriminatedUnion(
  'intent',
  [
    z.object({ intent: z.literal('dry-run'), csv: z.file({ error: CHOOSE_CSV }).min(1, CHOOSE_CSV) }),
    z.object({
      intent: z.literal('apply'),
      payload: z.string().min(1, CHOOSE_CSV),
      fileName: textField(200),
      acceptOverpayments: checkbox,
      // One per line that has suggestions: "line:orderId" for the order staff chose, empty for none.
      choices: z.array(z.string().regex(/^\d{1,9}:\d{1,9}$/, CHOICE).optional()).max(10_000, CHOICE).default([]),
    }),
  ],
  { error: CHOOSE_CSV },
);

/** The recognised layouts, for the page's help (docs/bank-statements.md says the same). */
export const statementLayouts = statementLayoutHeaders();

export interface StatementView extends Omit<StatementReport, 'lines'> {
  lines: StatementLine[];
  lineCount: number;
}

export type StatementAnswer =
  | { step: 'dry-run'; report: StatementView; payload: string | null }
  | { step: 'applied'; report: StatementView; importId: number | null; acceptedOverpayments: boolean }
  | { step: 'refused'; message: string };

function view(report: StatementReport): StatementView {
  return { ...report, lines: report.lines.slice(0, LISTED), lineCount: report.lines.length };
}

/** The action's answer to a dry run or a confirmation; a refusal (unknown layout, no access) as the page's message. */
export async function statementAction(context: AppLoadContext, staff: StaffMember, form: z.output<typeof statementFormSchema>): Promise<{ answer: StatementAnswer; status: number }> {
  const statements = context.services.bankStatements;
  try {
    if (form.intent === 'apply') {
      const bytes = new Uint8Array(Buffer.from(form.payload, 'base64'));
      // Staff's choices among the dry run's suggestions; core records one only if it is still a suggestion of its line.
      const chosen = new Map<number, number>();
      for (const choice of form.choices) {
        if (!choice) continue;
        const [line, orderId] = choice.split(':').map(Number) as [number, number];
        chosen.set(line, orderId);
      }
      const applied = await statements.apply(staff, { name: form.fileName, bytes }, { acceptOverpayments: form.acceptOverpayments, chosen });
      return { answer: { step: 'applied', report: view(applied), importId: applied.importId, acceptedOverpayments: form.acceptOverpayments }, status: 200 };
    }
    const bytes = new Uint8Array(await form.csv.arrayBuffer());
    const name = form.csv.name.slice(0, 200);
    const report = await statements.dryRun(staff, { name, bytes });
    const anythingNew = report.lines.some((line) => line.outcome !== 'already-imported');
    return { answer: { step: 'dry-run', report: view(report), payload: anythingNew ? Buffer.from(bytes).toString('base64') : null }, status: 200 };
  } catch (error) {
    const failure = adminFailureOf(error);
    return { answer: { step: 'refused', message: failure.message }, status: failure.status };
  }
}
