/**
 * The monthly statement run (DESIGN section 14: statements e-mailed on the first working day):
 * the 'monthly-statements' schedule (shop-schedules.ts) records one job per month, run once
 * however many processes run the shop, and that job calls `emailMonthlyStatements` with the month
 * the statements cover (the month before the run).
 *
 * `emailMonthlyStatements` hands the month to the statements of account
 * (statements/account-statements.ts), which record one e-mail job per customer and month with a
 * dedupe key, so a run repeated after a crash sends nothing twice.
 */
import type { JobKind, JobWorkerLog } from './job-worker.ts';

export const MONTHLY_STATEMENTS_RUN_JOB = 'statements.monthly-run';

export interface MonthlyStatementRun {
  /** The month the statements cover (YYYY-MM): the one before the run. */
  statementMonth: string;
  /** The month of the run (the schedule's occasion, YYYY-MM). */
  occasion: string;
}

export interface MonthlyStatementDeps {
  /** Records the month's statement e-mails (AccountStatements.emailMonthlyStatements). */
  statements: () => { emailMonthlyStatements(month: string): Promise<{ customers: number }> };
  log?: JobWorkerLog;
}

/** THE place the monthly statement e-mails start from: one call per month, once. */
export async function emailMonthlyStatements(run: MonthlyStatementRun, deps: MonthlyStatementDeps): Promise<void> {
  const { customers } = await deps.statements().emailMonthlyStatements(run.statementMonth);
  deps.log?.info({ ...run, customers }, 'monthly statement run: statements recorded for e-mail');
}

/** The job each occasion of the 'monthly-statements' schedule runs. */
export function monthlyStatementsJobKinds(deps: MonthlyStatementDeps, send: typeof emailMonthlyStatements = emailMonthlyStatements): Record<string, JobKind> {
  return {
    [MONTHLY_STATEMENTS_RUN_JOB]: {
      run: async (job) => {
        const occasion = String(job.payload.occasion);
        if (!/^\d{4}-\d{2}$/.test(occasion)) throw new Error(`A monthly statement run needs a month, not ${occasion}`);
        await send({ occasion, statementMonth: previousMonth(occasion) }, deps);
      },
    },
  };
}

function previousMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${year - 1}-12` : `${year}-${String(m - 1).padStart(2, '0')}`;
}
