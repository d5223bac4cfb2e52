/**
 * The shop's recurring work (decision record 021), each occasion one job of the durable queue:
 * - 'credit-control': every day at 07:00 London time (CREDIT_CONTROL_TIME), reminders e-mailed and
 *   stops recorded (credit-control/credit-control.ts), so they reach customers at the start of the day.
 *   Missed while the shop was down, today's run happens when it is back (within 20 hours);
 *   earlier days are covered by it (a reminder stage not yet sent is sent late).
 * - 'monthly-statements': the first working day of each month (England and Wales) at 06:00,
 *   the statements of the month before (jobs/monthly-statements-run.ts). Missed, it runs
 *   when the shop is back within 7 days; a shop started for the first time later in the month
 *   does not send last month's.
 */
import { CREDIT_CONTROL_RUN_JOB } from '../credit-control/credit-control.ts';
import { MONTHLY_STATEMENTS_RUN_JOB } from './monthly-statements-run.ts';
import { dailyAt, firstWorkingDayOfMonthAt, type Schedule } from './scheduler.ts';

/** A London wall-clock time of day. */
export interface TimeOfDay {
  hour: number;
  minute: number;
}

/** When the daily credit control runs unless CREDIT_CONTROL_TIME says otherwise. */
export const DEFAULT_CREDIT_CONTROL_TIME: TimeOfDay = { hour: 7, minute: 0 };

export const creditControlSchedule = (at: TimeOfDay = DEFAULT_CREDIT_CONTROL_TIME): Schedule => dailyAt('credit-control', CREDIT_CONTROL_RUN_JOB, at.hour, at.minute);
export const CREDIT_CONTROL_SCHEDULE: Schedule = creditControlSchedule();
export const MONTHLY_STATEMENTS_SCHEDULE: Schedule = firstWorkingDayOfMonthAt('monthly-statements', MONTHLY_STATEMENTS_RUN_JOB, 6, 0);

/** Every recurring piece of the shop's work, the daily credit control at `creditControlAt`. */
export function shopSchedules(creditControlAt: TimeOfDay = DEFAULT_CREDIT_CONTROL_TIME): readonly Schedule[] {
  return [creditControlSchedule(creditControlAt), MONTHLY_STATEMENTS_SCHEDULE];
}
