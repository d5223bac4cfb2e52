/**
 * The message line above a form (SPEC 2): result text of a submit. Errors are announced at once
 * (role="alert"), successes politely (role="status").
 */
export interface FormMessageValue {
  tone: 'error' | 'success';
  text: string;
}

export function FormMessage({ message, testId }: { message: FormMessageValue | null; testId?: string }) {
  if (!message) return null;
  const error = message.tone === 'error';
  return (
    <p
      role={error ? 'alert' : 'status'}
      data-testid={testId}
      className={`rounded-md border px-3 py-2.5 text-sm ${
        error ? 'border-red-200 bg-red-50 text-red-800' : 'border-brand-200 bg-brand-50 text-brand-800'
      }`}
    >
      {message.text}
    </p>
  );
}
