/**
 * The bank statement import page (routes/admin/bank-statements.tsx): its form's one schema and
 * its action's work over core's BankStatements, through the back office's import pipeline
 * (import-pipeline.server.ts): the dry run's answer carries the checked file, sealed, so nothing
 * is kept on the server between checking and confirming, and confirming records exactly the
 * file checked; it runs the matching again on the orders as they are then, inside the
 * transaction that records the payments.
 */
import { data, type AppLoadContext } from 'react-router';
import { z } from 'zod';
import { statementLayoutHeaders, STATEMENT_MAX_BYTES, type StaffMember, type StatementLine, type StatementReport } from '@shop/core';
import { checkbox } from './admin-forms.server';
import { carriedImportFields, importPipeline } from './import-pipeline.server';

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
      ...carriedImportFields,
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
  | { ok: true; step: 'dry-run'; report: StatementView; payload: string | null; digest: string }
  | { ok: true; step: 'applied'; report: StatementView; importId: number | null; acceptedOverpayments: boolean };

function view(report: StatementReport): StatementView {
  return { ...report, lines: report.lines.slice(0, LISTED), lineCount: report.lines.length };
}

/** A bank statement's import: the payments it matches recorded in one go. */
function statementImport(context: AppLoadContext, staff: StaffMember) {
  const statements = context.services.bankStatements;
  return importPipeline({
    kind: 'bank-statement',
    maxBytes: STATEMENT_MAX_BYTES,
    async check(file) {
      const report = await statements.dryRun(staff, file);
      return { report, carry: report.lines.some((line) => line.outcome !== 'already-imported') };
    },
    apply: ({ name, bytes }, options: { acceptOverpayments: boolean; chosen: ReadonlyMap<number, number> }) => statements.apply(staff, { name, bytes }, options),
  });
}

/** The action's answer to a dry run or a confirmation; core's refusals (unknown layout, no access) are thrown, for the page's message. */
export async function statementAnswer(context: AppLoadContext, staff: StaffMember, form: z.output<typeof statementFormSchema>) {
  const pipeline = statementImport(context, staff);
  if (form.intent === 'dry-run') {
    const { report, payload, digest } = await pipeline.check(form.csv);
    return data<StatementAnswer>({ ok: true, step: 'dry-run', report: view(report), payload, digest });
  }
  // Staff's choices among the dry run's suggestions; core records one only if it is still a suggestion of its line.
  const chosen = new Map<number, number>();
  for (const choice of form.choices) {
    if (!choice) continue;
    const [line, orderId] = choice.split(':').map(Number) as [number, number];
    chosen.set(line, orderId);
  }
  const { applied } = await pipeline.apply(form, { acceptOverpayments: form.acceptOverpayments, chosen });
  return data<StatementAnswer>({ ok: true, step: 'applied', report: view(applied), importId: applied.importId, acceptedOverpayments: form.acceptOverpayments });
}
