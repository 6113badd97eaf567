// Signed access tokens (HS256 JWT). The secret is random per server start and replaced by
// `expireAll()`, which is how the control API makes every issued token invalid at once.

import { randomBytes, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export interface TokenClaims {
  connectorId: string;
  /** `jti`: sessions are bound to it, so a session answers only to the token that created it. */
  tokenId: string;
  expiresAtMs: number;
}

export interface IssuedToken {
  token: string;
  expiresInSeconds: number;
}

export class AccessTokens {
  private secret: Uint8Array = randomBytes(32);

  constructor(private readonly lifetimeSeconds: number) {}

  async issue(connectorId: string): Promise<IssuedToken> {
    const nowSeconds = Date.now() / 1000;
    // A fractional `exp` is legal (RFC 7519 NumericDate) and lets tests use sub-second lifetimes.
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(connectorId)
      .setJti(randomUUID())
      .setIssuedAt(Math.floor(nowSeconds))
      .setExpirationTime(nowSeconds + this.lifetimeSeconds)
      .sign(this.secret);
    return { token, expiresInSeconds: Math.max(1, Math.ceil(this.lifetimeSeconds)) };
  }

  /** Undefined for anything malformed, tampered, signed by an earlier secret, or expired. */
  async verify(token: string): Promise<TokenClaims | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.secret, { algorithms: ['HS256'] });
      const { sub, jti, exp } = payload;
      if (typeof sub !== 'string' || typeof jti !== 'string' || typeof exp !== 'number') return undefined;
      // jose compares whole seconds; the millisecond check makes short test lifetimes exact.
      const expiresAtMs = exp * 1000;
      if (expiresAtMs <= Date.now()) return undefined;
      return { connectorId: sub, tokenId: jti, expiresAtMs };
    } catch {
      return undefined;
    }
  }

  expireAll(): void {
    this.secret = randomBytes(32);
  }
}
