/**
 * The pieces of the "New offer" form (routes/admin/offer-new.tsx) that the page kit has no
 * shape for: a choice of radio buttons each with the fields it needs under it, a textarea with
 * its message, and the category tree as boxes to tick. Plain inputs, uncontrolled: the form
 * posts without JavaScript and the browser checks it once hydrated (useShopForm).
 */

/** One choice of an OptionGroup: its value and words, and the fields it needs (shown under it). */
export interface Option {
  value: string;
  label: string;
  hint?: string;
  children?: React.ReactNode;
}

/** Radio buttons in a fieldset, with the message of the choice under its legend. */
export function OptionGroup({
  form,
  legend,
  name,
  value,
  options,
  error,
}: {
  form: string;
  legend: string;
  name: string;
  value: string;
  options: readonly Option[];
  error?: string;
}) {
  const errorId = `${form}-${name}-error`;
  return (
    <fieldset className="text-sm" aria-describedby={error ? errorId : undefined}>
      <legend className="font-medium text-stone-800">{legend}</legend>
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="mt-2 space-y-3">
        {options.map((option) => (
          <div key={option.value}>
            <label className="flex items-start gap-2">
              <input type="radio" name={name} value={option.value} defaultChecked={option.value === value} className="mt-1" />
              <span>
                <span className="font-medium text-stone-900">{option.label}</span>
                {option.hint ? <span className="block text-xs text-stone-600">{option.hint}</span> : null}
              </span>
            </label>
            {option.children ? <div className="mt-2 ml-6 max-w-xl">{option.children}</div> : null}
          </div>
        ))}
      </div>
    </fieldset>
  );
}

/** A labelled textarea of one form, with its hint and message under it. */
export function TextAreaField({
  form,
  label,
  name,
  error,
  hint,
  ...textarea
}: { form: string; label: string; name: string; error?: string; hint?: string } & React.TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = `${form}-${name}`;
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <label htmlFor={id} className="block text-sm">
      <span className="font-medium text-stone-800">{label}</span>
      <textarea id={id} name={name} className="form-input mt-1 w-full" aria-invalid={error ? true : undefined} aria-describedby={described} {...textarea} />
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

/** A category as the picker lists it (core's OfferCategoryChoice). */
export interface CategoryChoice {
  categoryId: number;
  name: string;
  path: string;
  depth: number;
}

/**
 * The category tree as boxes to tick, indented by level, in a box of its own height: a category
 * covers the categories inside it, so ticking a parent is enough.
 */
export function CategoryPicker({
  form,
  name,
  categories,
  checked,
  error,
}: {
  form: string;
  name: string;
  categories: readonly CategoryChoice[];
  checked: ReadonlySet<number>;
  error?: string;
}) {
  const errorId = `${form}-${name}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-stone-800">Categories</legend>
      <p className="text-xs text-stone-600">A category covers the categories inside it.</p>
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <ul className="mt-2 max-h-72 overflow-y-auto rounded-md border border-stone-300 bg-white p-2 text-sm" data-testid="offer-categories">
        {categories.map((category) => (
          <li key={category.categoryId} style={{ paddingLeft: `${(category.depth - 1) * 1.25}rem` }}>
            <label className="flex items-center gap-2 py-0.5" title={category.path}>
              <input type="checkbox" name={name} value={category.categoryId} defaultChecked={checked.has(category.categoryId)} />
              <span className={category.depth === 1 ? 'font-medium text-stone-900' : 'text-stone-800'}>{category.name}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
