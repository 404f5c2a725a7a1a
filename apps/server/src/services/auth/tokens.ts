/**
 * Access and refresh tokens (jose, HS256). Verification pins the algorithm, issuer, audience and
 * token type, so an `alg: none` token, a token for another audience, or a refresh token presented as
 * an access token are all refused. The ids a token names (`sub`, the user; `sid`, the session) must be
 * uuids: they go into uuid columns, where anything else would be a query error instead of a refused token.
 */
import { createHash, randomUUID } from 'node:crypto';
import { type JWTPayload, errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { isUuid } from '../../lib/ids';

const ISSUER = 'lectio';
export const ACCESS_AUDIENCE = 'lectio-api';
export const REFRESH_AUDIENCE = 'lectio-refresh';
export const ACCESS_TYPE = 'at+jwt';
export const REFRESH_TYPE = 'refresh+jwt';

export interface AccessClaims {
  userId: string;
  sessionId: string;
  role: string;
}
export interface RefreshClaims {
  userId: string;
  sessionId: string;
  tokenId: string;
}

export class TokenService {
  private readonly key: Uint8Array;
  constructor(
    secret: string,
    private readonly accessTtlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  signAccess(claims: AccessClaims): Promise<string> {
    return new SignJWT({ role: claims.role, sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: ACCESS_TYPE })
      .setIssuer(ISSUER)
      .setAudience(ACCESS_AUDIENCE)
      .setSubject(claims.userId)
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime(`${this.accessTtlSeconds}s`)
      .sign(this.key);
  }

  signRefresh(claims: RefreshClaims, expiresAt: Date): Promise<string> {
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: REFRESH_TYPE })
      .setIssuer(ISSUER)
      .setAudience(REFRESH_AUDIENCE)
      .setSubject(claims.userId)
      .setJti(claims.tokenId)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
  }

  /** The claims of a valid access token, or null for anything else. */
  async verifyAccess(token: string): Promise<AccessClaims | null> {
    const payload = await this.verify(token, ACCESS_AUDIENCE, ACCESS_TYPE, ['sub', 'exp', 'sid']);
    if (!namesUuids(payload) || typeof payload.role !== 'string') return null;
    return { userId: payload.sub, sessionId: payload.sid, role: payload.role };
  }

  async verifyRefresh(token: string): Promise<RefreshClaims | null> {
    const payload = await this.verify(token, REFRESH_AUDIENCE, REFRESH_TYPE, ['sub', 'exp', 'sid', 'jti']);
    if (!namesUuids(payload) || typeof payload.jti !== 'string') return null;
    return { userId: payload.sub, sessionId: payload.sid, tokenId: payload.jti };
  }

  /** Verifies with everything pinned; null for any token problem, rethrowing only real faults. */
  private async verify(
    token: string,
    audience: string,
    typ: string,
    requiredClaims: string[],
  ): Promise<JWTPayload | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience,
        typ,
        requiredClaims,
      });
      return payload;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }
}

/** True when the token's user (`sub`) and session (`sid`) are uuids, as every token this server signs has. */
function namesUuids(payload: JWTPayload | null): payload is JWTPayload & { sub: string; sid: string } {
  return (
    typeof payload?.sub === 'string' &&
    typeof payload.sid === 'string' &&
    isUuid(payload.sub) &&
    isUuid(payload.sid)
  );
}

/** Only a hash of the current refresh token id is stored, so a database leak yields no usable token. */
export function hashTokenId(tokenId: string): string {
  return createHash('sha256').update(tokenId).digest('base64url');
}
