import type { Config } from '@react-router/dev/config';

export default {
  ssr: true,
  appDirectory: 'app',
  buildDirectory: 'build',
  // The whole route manifest (about 1.5 kB gzip) comes with the page: no /__manifest requests,
  // and no scanning of every link on the page for routes to fetch while it hydrates. Measured
  // against 'lazy' on a quiet machine: the same Lighthouse scores (docs/performance.md).
  routeDiscovery: { mode: 'initial' },
} satisfies Config;
