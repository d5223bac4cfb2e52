/**
 * Node's own warnings (deprecations, listener leaks) are printed to stderr as plain text by
 * default; here they go to the JSON log like every other line the process writes. Warnings
 * raised before the logger exists (while the app is being built) are held until it does.
 */
import type { FastifyBaseLogger } from 'fastify';

/** Takes over the process's warnings; call the answer with the logger once there is one. */
export function captureProcessWarnings(): (log: FastifyBaseLogger) => void {
  const held: Error[] = [];
  let logWarning = (warning: Error) => void held.push(warning);
  process.removeAllListeners('warning');
  process.on('warning', (warning) => logWarning(warning));
  return (log) => {
    logWarning = (warning) => {
      const code = (warning as { code?: unknown }).code;
      log.warn({ warning: { name: warning.name, ...(typeof code === 'string' ? { code } : {}), message: warning.message } }, 'Node.js warning');
    };
    for (const warning of held.splice(0)) logWarning(warning);
  };
}
