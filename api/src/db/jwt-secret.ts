/** The secret the API signs its tokens with, kept by the database when no JWT_SECRET is given. */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from './client';
import { appSettings } from './schema';

/**
 * The signing secret: JWT_SECRET when given; otherwise generated once and kept, in `<dataDir>/jwt-secret`
 * with PGlite, in the app_setting table with PostgreSQL (so every API instance shares it).
 */
export async function resolveJwtSecret(options: {
  jwtSecret?: string;
  dataDir: string;
  database: Database;
}): Promise<string> {
  if (options.jwtSecret) return options.jwtSecret;
  if (options.database.kind === 'pglite') {
    const file = path.join(options.dataDir, 'jwt-secret');
    if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
    fs.mkdirSync(options.dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
  const { db } = options.database;
  await db
    .insert(appSettings)
    .values({ key: 'jwt_secret', value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, 'jwt_secret'));
  return row.value;
}
