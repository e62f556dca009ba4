/** After a jest run of the API tests: its template database removed (support/template-database). */
import { removeTemplate } from './template-database';

export default async function globalTeardown() {
  await removeTemplate();
}
