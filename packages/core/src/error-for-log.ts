/**
 * What of an unexpected error goes into the log: its type, code, message and stack frames,
 * never the SQL or its parameters. Drizzle wraps a failed query in an error whose message is
 * the whole statement followed by its parameters (a customer's e-mail, a search text), so the
 * log takes the driver's error it wraps instead. Logged under `error`, not pino's `err`, whose
 * serializer copies every property of an error (a query error's `query` and `params` too).
 */
export interface LoggedError {
  type: string;
  message: string;
  /** The SQLSTATE of a database error, or a Node.js code such as ECONNREFUSED. */
  code?: string;
  /** The stack's frames only: its first line repeats the message. */
  stack?: string;
}

const MAX_MESSAGE_LENGTH = 500;

export function errorForLog(error: unknown): LoggedError {
  const reported = isQueryWrapper(error) ? error.cause : error;
  if (!(reported instanceof Error)) {
    return isQueryWrapper(error) ? { type: 'DatabaseError', message: 'A database query failed.' } : { type: typeof reported, message: clip(String(reported)) };
  }
  const code = (reported as { code?: unknown }).code;
  const frames = (reported.stack ?? '').split('\n').filter((line) => line.trimStart().startsWith('at '));
  return {
    type: reported.constructor?.name && reported.constructor.name !== 'Error' ? reported.constructor.name : reported.name,
    message: clip(reported.message),
    ...(typeof code === 'string' ? { code } : {}),
    ...(frames.length > 0 ? { stack: frames.join('\n') } : {}),
  };
}

/** Drizzle's DrizzleQueryError (told apart by shape: the storefront's build bundles its own copy). */
function isQueryWrapper(error: unknown): error is Error & { query: string; params: unknown[]; cause?: unknown } {
  return error instanceof Error && typeof (error as { query?: unknown }).query === 'string' && Array.isArray((error as { params?: unknown }).params);
}

function clip(text: string): string {
  return text.length > MAX_MESSAGE_LENGTH ? `${text.slice(0, MAX_MESSAGE_LENGTH - 1)}…` : text;
}
