/**
 * Access tokens: HS256 JWTs naming the user (`sub`) and the session (`sid`), with `iat`, `exp`, an issuer
 * and an audience that are all required and checked. A token is only a pointer to its session: whether
 * it is still good (not signed out, not idle, account not locked…) is decided by the sessions service.
 */
import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';

export const TOKEN_ISSUER = 'trungtam-api';
export const TOKEN_AUDIENCE = 'trungtam-back-office';
/** How many checked tokens a TokenService remembers (about 300 bytes each). */
const VERIFIED_TOKENS_KEPT = 10_000;
/** The only algorithm signed and accepted ('none' and the asymmetric ones are refused). */
const ALGORITHM = 'HS256';

export interface TokenClaims {
  userId: number;
  sessionId: string;
}

export class TokenService {
  /** A key object, built once: jsonwebtoken would otherwise rebuild it from the string on every call. */
  private readonly key: KeyObject;
  /**
   * Tokens whose signature and claims were checked, with their expiry: a client sends the same token on
   * every request, and its signature and claims cannot change. Whether its session is still good is
   * decided on every request all the same (sessions service).
   */
  private readonly verified = new Map<string, { claims: TokenClaims; expiresAtMs: number }>();

  constructor(secret: string) {
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  /** The same secret, for the HMACs of other bearer URLs (a calendar feed's token): each adds its own purpose to what it signs. */
  get hmacKey(): KeyObject {
    return this.key;
  }

  /** A token for `sessionId`, valid until `expiresAt` (the session's absolute end). */
  sign(userId: number, sessionId: string, expiresAt: Date): { accessToken: string; expiresIn: number } {
    const now = Math.floor(Date.now() / 1000);
    const exp = Math.floor(expiresAt.getTime() / 1000);
    const accessToken = jwt.sign({ sid: sessionId, iat: now, exp }, this.key, {
      algorithm: ALGORITHM,
      subject: String(userId),
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
    });
    return { accessToken, expiresIn: Math.max(0, exp - now) };
  }

  /**
   * The telemetry proof of a session: `t1.<user>.<session>.<HMAC>`, the HMAC over the scope "telemetry",
   * the user and the session. It is no access token (the bearer check refuses it) and is good only for
   * POST /telemetry, and only while its session is (checked there on every batch).
   */
  telemetryProof(userId: number, sessionId: string): string {
    return `t1.${userId}.${sessionId}.${this.proofMac(userId, sessionId)}`;
  }

  /** The user and session of a telemetry proof this API signed, or null. */
  verifyTelemetryProof(proof: string): TokenClaims | null {
    const match = /^t1\.([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{43})$/.exec(proof);
    if (!match) return null;
    const userId = Number(match[1]);
    const expected = Buffer.from(this.proofMac(userId, match[2]));
    const given = Buffer.from(match[3]);
    return given.length === expected.length && timingSafeEqual(given, expected) ? { userId, sessionId: match[2] } : null;
  }

  private proofMac(userId: number, sessionId: string): string {
    return createHmac('sha256', this.key).update(`telemetry:${userId}:${sessionId}`).digest('base64url');
  }

  /** The claims of a well-formed, correctly signed, unexpired token of this API, or null. */
  verify(token: string): TokenClaims | null {
    const known = this.verified.get(token);
    if (known) {
      if (known.expiresAtMs > Date.now()) return known.claims;
      this.verified.delete(token);
      return null;
    }
    const checked = this.check(token);
    if (checked) {
      // the oldest entry makes room (a map keeps its insertion order)
      if (this.verified.size >= VERIFIED_TOKENS_KEPT) this.verified.delete(this.verified.keys().next().value as string);
      this.verified.set(token, checked);
    }
    return checked?.claims ?? null;
  }

  private check(token: string): { claims: TokenClaims; expiresAtMs: number } | null {
    try {
      const claims = jwt.verify(token, this.key, {
        algorithms: [ALGORITHM],
        issuer: TOKEN_ISSUER,
        audience: TOKEN_AUDIENCE,
      }) as jwt.JwtPayload;
      // jsonwebtoken accepts a token without exp or iat: this API never issues one
      if (typeof claims.exp !== 'number' || typeof claims.iat !== 'number') return null;
      const userId = Number(claims.sub);
      if (!Number.isInteger(userId) || userId <= 0 || typeof claims.sid !== 'string' || !claims.sid) return null;
      return { claims: { userId, sessionId: claims.sid }, expiresAtMs: claims.exp * 1000 };
    } catch {
      return null;
    }
  }
}
