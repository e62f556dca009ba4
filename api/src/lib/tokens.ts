/** Access tokens: HS256 JWTs carrying the user id and the user's token_version. */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { appSettings } from '../db/schema';

export interface TokenClaims {
  sub: string;
  tv: number;
}

export class TokenService {
  constructor(
    private readonly secret: string,
    readonly ttlSeconds: number,
  ) {}

  sign(userId: number, tokenVersion: number): { accessToken: string; expiresIn: number } {
    const accessToken = jwt.sign({ tv: tokenVersion }, this.secret, {
      algorithm: 'HS256',
      subject: String(userId),
      expiresIn: this.ttlSeconds,
    });
    return { accessToken, expiresIn: this.ttlSeconds };
  }

  /** The claims of a valid, unexpired token, or null. */
  verify(token: string): { userId: number; tokenVersion: number } | null {
    try {
      const claims = jwt.verify(token, this.secret, { algorithms: ['HS256'] }) as jwt.JwtPayload;
      const userId = Number(claims.sub);
      if (!Number.isInteger(userId) || typeof claims.tv !== 'number') return null;
      return { userId, tokenVersion: claims.tv };
    } catch {
      return null;
    }
  }
}

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
