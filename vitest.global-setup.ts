/**
 * Once per Vitest run, before any suite: the migrated templates every suite's database is copied
 * from (packages/db/src/testing.ts). The PostgreSQL template is dropped at the end of the run.
 */
import { createPostgresTemplate, ensurePgliteTemplate, POSTGRES_TEMPLATE_ENV } from '@shop/db/testing';

export default async function setup(): Promise<(() => Promise<void>) | void> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const [, template] = await Promise.all([ensurePgliteTemplate(), adminUrl ? createPostgresTemplate(adminUrl) : undefined]);
  if (!template) return;
  // The workers start after this and inherit the environment.
  process.env[POSTGRES_TEMPLATE_ENV] = template.name;
  return async () => {
    delete process.env[POSTGRES_TEMPLATE_ENV];
    await template.drop();
  };
}
