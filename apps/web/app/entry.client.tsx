/**
 * The browser's start (decision record 011). React Router's scripts load the framework, the
 * shell and the page's route modules as module preloads; this module then loads React DOM and
 * hydrates. React DOM is over half of a page's JavaScript: imported here, and not statically, it
 * is not among the page's preloads, so the first paint and the page's image do not wait behind it.
 */
import { startTransition, StrictMode } from 'react';

// Destructured where imported, so the build keeps only these two exports (both in one chunk).
const { hydrateRoot } = await import('react-dom/client');
const { HydratedRouter } = await import('react-router/dom');
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
