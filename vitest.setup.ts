/**
 * Runs before each test file. In the storefront's component tests (jsdom), findBy* and waitFor
 * wait up to 5 s rather than Testing Library's 1 s: a file's first render loads React Router and
 * the page's modules, which took longer than 1 s with both cores busy (a test failing only under
 * load says nothing about the page).
 */
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/dom');
  configure({ asyncUtilTimeout: 5_000 });
}

export {};
