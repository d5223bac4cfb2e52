/**
 * The back office's page kit, markup side: the pieces every back-office page is made of, so a
 * new page is a schema, a loader and its markup (the server side is
 * ~/server/admin/admin-page.server.ts). Everything renders and posts without JavaScript.
 */
import { Link } from 'react-router';
import { AdminMessage } from './admin-frame';

/** A refused form as an action answers it (AdminFailure), as far as the markup needs it. */
export interface AdminAnswer {
  ok: boolean;
  intent?: string;
  message?: string;
  fields?: Record<string, string>;
  values?: Record<string, string>;
}

/**
 * Reading the action's answer: which form was refused, and for that form the message beside
 * each field and what was typed (a page rendered without JavaScript shows it again).
 */
export function useAdminAnswer<Answer extends AdminAnswer>(answer: Answer | undefined | null) {
  // A refusal keeps its own shape (an import's carries the report it was refused for).
  const failed = answer && !answer.ok ? (answer as Exclude<Answer, { ok: true }>) : null;
  return {
    failed,
    /** The refusal of this form (by its intent), else null. */
    failedFor: (intent: string) => (failed?.intent === intent ? failed : null),
    errorOf: (intent: string, field: string) => (failed?.intent === intent ? failed.fields?.[field] : undefined),
    valueOf: (intent: string, field: string) => (failed?.intent === intent ? failed.values?.[field] : undefined),
  };
}

/** A labelled input of one form (`form` scopes its id), with its message under it. */
export function Field({ form, label, name, error, hint, ...input }: { form: string; label: string; name: string; error?: string; hint?: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  const id = `${form}-${name}`;
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <label htmlFor={id} className="block text-sm">
      <span className="font-medium text-stone-800">{label}</span>
      <input id={id} name={name} className="form-input mt-1 w-full" aria-invalid={error ? true : undefined} aria-describedby={described} {...input} />
      {hint ? (
        <span id={`${id}-hint`} className="mt-1 block text-xs text-stone-500">
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={`${id}-error`} className="mt-1 block text-sm text-red-700">
          {error}
        </span>
      ) : null}
    </label>
  );
}

/** One label and value of a details list (inside a <dl>). */
export function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[9rem_1fr] gap-2 py-1.5">
      <dt className="text-stone-500">{label}</dt>
      <dd className="min-w-0 break-words text-stone-900">{children}</dd>
    </div>
  );
}

/**
 * A record page's head: the way back to its list, the title, its state, the notice a saved
 * change left, and the message of a refused form that has no place of its own on the page.
 */
export function PageHead({
  back,
  title,
  state,
  stateTestId,
  notice,
  failure,
  children,
}: {
  back?: { to: string; label: string };
  title: string;
  state?: React.ReactNode;
  stateTestId?: string;
  notice?: string | null;
  failure?: string | null;
  children?: React.ReactNode;
}) {
  return (
    <div>
      {back ? (
        <p className="text-sm">
          <Link to={back.to} className="text-brand-700 hover:underline">
            {back.label}
          </Link>
        </p>
      ) : null}
      <div className="mt-1 flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-stone-900">{title}</h1>
        {state ? (
          <p className="rounded bg-stone-100 px-2 py-1 text-sm font-medium text-stone-800" data-testid={stateTestId}>
            {state}
          </p>
        ) : null}
      </div>
      {children}
      <Notices notice={notice} failure={failure} />
    </div>
  );
}

/** The notice a saved change left (shown once) and a refused form's message. */
export function Notices({ notice, failure }: { notice?: string | null; failure?: string | null }) {
  return (
    <>
      {notice ? (
        <AdminMessage tone="success" testId="admin-notice">
          {notice}
        </AdminMessage>
      ) : null}
      {failure ? <AdminMessage tone="error">{failure}</AdminMessage> : null}
    </>
  );
}

/** One row an import could not read: where (a row of the file, or the file) and why. */
export interface ImportProblem {
  row: number | null;
  column?: string | null;
  message: string;
}

/**
 * The problems of an import's dry run (catalogue, price list, bank statement, ...): nothing is
 * applied until they are corrected. `total` counts them all where only the first are listed.
 */
export function ImportProblems({ problems, total, testId, more }: { problems: readonly ImportProblem[]; total?: number; testId: string; more?: React.ReactNode }) {
  const count = total ?? problems.length;
  if (count === 0) return null;
  return (
    <section className="card overflow-x-auto border-red-200" aria-label="Errors">
      <h3 className="border-b border-red-200 bg-red-50 px-4 py-2.5 text-sm font-semibold text-red-900">Errors ({count}): nothing can be applied until they are corrected</h3>
      <table className="w-full text-left text-sm" data-testid={testId}>
        <thead className="bg-stone-50 text-xs tracking-wide text-stone-600 uppercase">
          <tr>
            <th scope="col" className="px-4 py-2">
              Row
            </th>
            <th scope="col" className="px-4 py-2">
              Column
            </th>
            <th scope="col" className="px-4 py-2">
              Problem
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100 align-top">
          {problems.map((problem, i) => (
            <tr key={i}>
              <td className="px-4 py-2 tabular-nums">{problem.row ?? 'File'}</td>
              <td className="px-4 py-2 font-mono text-xs">{problem.column ?? '-'}</td>
              <td className="px-4 py-2">{problem.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {count > problems.length
        ? (more ?? (
            <p className="border-t border-stone-100 px-4 py-2 text-xs text-stone-600">
              The first {problems.length.toLocaleString('en-GB')} of {count.toLocaleString('en-GB')} are listed.
            </p>
          ))
        : null}
    </section>
  );
}

/** An import's dry-run counts (rows read, to add, to change, errors, ...): errors stand out. */
export function ImportCounts({ counts, testId }: { counts: readonly (readonly [label: string, count: number])[]; testId?: string }) {
  return (
    <dl className={`grid grid-cols-2 gap-3 ${counts.length >= 5 ? 'sm:grid-cols-5' : 'sm:grid-cols-4'}`} data-testid={testId}>
      {counts.map(([label, count]) => (
        <div key={label} className={`card p-3 ${label === 'Errors' && count > 0 ? 'border-red-300 bg-red-50' : ''}`}>
          <dt className="text-xs tracking-wide text-stone-600 uppercase">{label}</dt>
          <dd className="text-2xl font-semibold text-stone-900 tabular-nums">{count}</dd>
        </div>
      ))}
    </dl>
  );
}
