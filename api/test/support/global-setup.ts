/**
 * Before a jest run of the API tests: the run's template database (support/template-database). A run of
 * other suites over this config (the log scan, the fault suite) opens no test database and makes none.
 */
import type { ProjectConfig } from 'jest';
import { createTemplate } from './template-database';

export default async function globalSetup(_globalConfig: unknown, projectConfig: ProjectConfig) {
  if (!projectConfig.testMatch.some((pattern) => pattern.includes('/test/'))) return;
  await createTemplate(process.env.DATABASE_URL);
}
