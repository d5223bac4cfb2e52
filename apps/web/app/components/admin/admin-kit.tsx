/**
 * The back office's page kit, markup side: the pieces every back-office page is made of, so a
 * new page is a schema, a loader and its markup (the server side is
 * ~/server/admin/admin-page.server.ts). Everything renders and posts without JavaScript.
 */
import { Form, Link } from 'react-router';
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
  title: React.ReactNode;
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

// Lists: the tables, paging, filters and state tabs the list and record pages are made of.

/** A column of a list table: its heading; `right` for figures; `className` to hide it on a phone, say. */
export type Column = string | { label: React.ReactNode; right?: boolean; className?: string; key?: string };

/** A table cell's classes: every list pads its cells alike; figures sit right, in even digits. */
function cellClass({ right, nowrap, className }: { right?: boolean; nowrap?: boolean; className?: string }): string {
  return ['px-4 py-2.5', right ? 'text-right tabular-nums' : '', nowrap ? 'whitespace-nowrap' : '', className ?? ''].filter(Boolean).join(' ');
}

/** One cell of a list table's row (see Table). */
export function Cell({ right, nowrap, className, ...cell }: { right?: boolean; nowrap?: boolean } & React.TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cellClass({ right, nowrap, className })} {...cell} />;
}

/**
 * A table of items: the column headings, a row per item (`row` renders its <tr>) and, with no
 * item, the `empty` words across the table, or in their place with `emptyAs="text"`.
 */
export function Table<Item>({
  columns,
  items,
  row,
  empty,
  emptyAs = 'row',
  testId,
  className,
  after,
}: {
  columns: readonly Column[];
  items: readonly Item[];
  row: (item: Item, index: number) => React.ReactNode;
  empty?: React.ReactNode;
  emptyAs?: 'row' | 'text';
  testId?: string;
  className?: string;
  /** Rows after the items' (a total, the delivery). */
  after?: React.ReactNode;
}) {
  if (items.length === 0 && empty && emptyAs === 'text') return <p className="px-5 pt-1 pb-4 text-sm text-stone-600">{empty}</p>;
  return (
    <table className={`w-full text-left text-sm ${className ?? ''}`} data-testid={testId}>
      <thead className="border-b border-stone-200 bg-stone-50 text-xs tracking-wide text-stone-600 uppercase">
        <tr>
          {columns.map((column, i) => {
            const { label, right, className: classes, key } = typeof column === 'string' ? { label: column } : column;
            return (
              <th key={key ?? (typeof label === 'string' ? label : i)} scope="col" className={cellClass({ right, className: classes })}>
                {label}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody className="divide-y divide-stone-100">
        {items.map(row)}
        {after}
        {items.length === 0 && empty ? (
          <tr>
            <td colSpan={columns.length} className="px-4 py-8 text-center text-stone-600">
              {empty}
            </td>
          </tr>
        ) : null}
      </tbody>
    </table>
  );
}

/**
 * A list in a card: its heading (for screen readers only unless `titleShown`), what `children`
 * say above it, and the table (see Table).
 */
export function ListTable<Item>({
  id,
  title,
  titleShown = false,
  sectionTestId,
  children,
  ...table
}: { id: string; title: React.ReactNode; titleShown?: boolean; sectionTestId?: string; children?: React.ReactNode } & React.ComponentProps<typeof Table<Item>>) {
  return (
    <section className="card overflow-x-auto" aria-labelledby={id} data-testid={sectionTestId}>
      <h2 id={id} className={titleShown ? 'px-5 pt-4 text-lg font-semibold text-stone-900' : 'sr-only'}>
        {title}
      </h2>
      {children}
      <Table {...table} className={titleShown ? 'mt-2' : ''} />
    </section>
  );
}

/** A list page's head: its title, what it lists, and links or forms beside them. */
export function ListHead({ title, intro, children }: { title: string; intro?: React.ReactNode; children?: React.ReactNode }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-stone-900">{title}</h1>
        {intro ? <p className="mt-1 text-sm text-stone-600">{intro}</p> : null}
      </div>
      {children}
    </div>
  );
}

/** A list's pages: which items are shown of how many, and the way to the pages before and after. */
export function Paging({ label, count, testId, previous, next }: { label: string; count: string; testId: string; previous: string | null; next: string | null }) {
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3 text-sm text-stone-600">
      <p data-testid={testId}>{count}</p>
      <div className="flex gap-2">
        {previous ? (
          <Link className="btn-secondary px-3 py-1.5" to={previous} rel="prev">
            Previous
          </Link>
        ) : null}
        {next ? (
          <Link className="btn-secondary px-3 py-1.5" to={next} rel="next">
            Next
          </Link>
        ) : null}
      </div>
    </nav>
  );
}

/** A list's states as tabs (links, so they work without JavaScript): the one shown is marked. */
export function StateTabs({ label, tabs, current, testId }: { label: string; tabs: readonly { key: string; label: React.ReactNode; to: string }[]; current: string; testId?: string }) {
  return (
    <nav aria-label={label} className="flex flex-wrap gap-2" data-testid={testId}>
      {tabs.map((tab) => (
        <Link
          key={tab.key}
          to={tab.to}
          aria-current={tab.key === current ? 'page' : undefined}
          className={`rounded-full border px-3 py-1 text-sm ${tab.key === current ? 'border-brand-700 bg-brand-700 text-white' : 'border-stone-300 bg-white text-stone-800 hover:bg-stone-50'}`}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}

/** A filter form's choice (a GET form's <select>), 'Any' first unless `any` is null. */
export function FilterSelect({ label, name, value, options, any = 'Any' }: { label: string; name: string; value: string | null | undefined; options: readonly (readonly [value: string, label: string])[]; any?: string | null }) {
  return (
    <label className="block text-sm">
      <span className="font-medium text-stone-800">{label}</span>
      <select name={name} defaultValue={value ?? ''} className="form-input mt-1 w-full">
        {any === null ? null : <option value="">{any}</option>}
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A filter form's field (a GET form's <input>): its label above it. */
export function FilterInput({ label, className, ...input }: { label: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className="block text-sm">
      <span className="font-medium text-stone-800">{label}</span>
      <input className={`form-input mt-1 ${className ?? 'w-full'}`} {...input} />
    </label>
  );
}

/** A filter form's buttons: Filter, and Clear (to the list unfiltered) once something is filtered. */
export function FilterButtons({ clear, label = 'Filter' }: { clear: string | null; label?: string }) {
  return (
    <div className="flex gap-2">
      <button type="submit" className="btn-primary">
        {label}
      </button>
      {clear ? (
        <Link to={clear} className="btn-secondary">
          Clear
        </Link>
      ) : null}
    </div>
  );
}

/** The button of a change that cannot be undone (delete, disable, close); amber where it is a step to be sure of (filing a VAT return). */
export const DANGER_BUTTON = 'rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800';
export const CAREFUL_BUTTON = 'rounded-md bg-amber-700 px-4 py-2 text-sm font-semibold text-white hover:bg-amber-800';

const CONFIRM_TONES = {
  danger: { box: 'border-red-300 bg-red-50', text: 'text-red-900' },
  careful: { box: 'border-amber-300 bg-amber-50', text: 'text-amber-900' },
};

/**
 * The question before a change that cannot be undone (reached by a GET to `?confirm=...`, so it
 * works without JavaScript): what it does, then its form(s) and the way back (`cancel`).
 */
export function ConfirmPanel({
  id,
  title,
  testId,
  cancel,
  children,
  actions,
  tone = 'danger',
}: {
  id: string;
  title: React.ReactNode;
  testId: string;
  cancel: string;
  children: React.ReactNode;
  actions: React.ReactNode;
  tone?: keyof typeof CONFIRM_TONES;
}) {
  const { box, text } = CONFIRM_TONES[tone];
  return (
    <section className={`rounded-lg border p-5 ${box}`} aria-labelledby={id} data-testid={testId}>
      <h2 id={id} className={`text-lg font-semibold ${text}`}>
        {title}
      </h2>
      <div className={`mt-1 text-sm ${text}`}>{children}</div>
      <div className="mt-4 flex flex-wrap gap-3">
        {actions}
        <Link to={cancel} className="btn-secondary">
          Cancel
        </Link>
      </div>
    </section>
  );
}

/** A form of one button on a list's row (Remove, Try again): its intent and the row's id(s), posted to `action`. */
export function RowButton({
  action,
  intent,
  fields,
  label,
  ariaLabel,
  className = 'text-sm font-medium text-red-700 hover:underline',
  testId,
}: {
  action?: string;
  intent: string;
  fields: Record<string, string | number>;
  label: string;
  ariaLabel?: string;
  className?: string;
  testId?: string;
}) {
  return (
    <Form method="post" action={action}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={className} aria-label={ariaLabel} data-testid={testId}>
        {label}
      </button>
    </Form>
  );
}
