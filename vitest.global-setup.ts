/**
 * Once per Vitest run, before any suite: the templates every suite's database is copied from
 * (packages/db/src/testing.ts). The PostgreSQL templates are dropped at the end of the run.
 */
import { createPostgresTemplate, ensurePgliteTemplate, postgresTemplateEnv, type TemplateContent } from '@shop/db/testing';
import { compileServer } from './scripts/compile-server.mjs';

// `shop`: for the suites that start server processes (tests/resilience/server-process.ts).
const contents: TemplateContent[] = ['migrated', 'demo-catalogue', 'shop'];

export default async function setup(): Promise<() => Promise<void>> {
  // The shop processes the resilience suites start run the compiled server: compiled from today's sources.
  await compileServer();
  const adminUrl = process.env.TEST_DATABASE_URL;
  const [, templates] = await Promise.all([
    Promise.all(contents.map((content) => ensurePgliteTemplate(content))),
    adminUrl ? Promise.all(contents.map((content) => createPostgresTemplate(adminUrl, content))) : [],
  ]);
  // The workers start after this and inherit the environment.
  templates.forEach((template, i) => (process.env[postgresTemplateEnv(contents[i]!)] = template.name));
  return async () => {
    for (const content of contents) delete process.env[postgresTemplateEnv(content)];
    await Promise.all(templates.map((template) => template.drop()));
  };
}
