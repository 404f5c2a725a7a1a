/** The token and session rules an attacker would probe. */
import { authSessions, users } from '@lectio/db';
import { passwordNeedsRehash } from '@lectio/db/password';
import { createUser } from '@lectio/db/seed/factories';
import argon2 from 'argon2';
import { eq } from 'drizzle-orm';
import { base64url, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  login,
  refreshCookieOf,
  TEST_JWT_SECRET,
  type TestApp,
} from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '5', LOGIN_MAX_FAILURES_PER_IP: '12' });
});
afterAll(async () => {
  await t.close();
});

const key = new TextEncoder().encode(TEST_JWT_SECRET);
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });

async function signedIn() {
  const user = await createUser(t.db);
  return { ...(await login(t.app, user.email, user.password)), user };
}

function claimsOf(token: string) {
  return JSON.parse(new TextDecoder().decode(base64url.decode(token.split('.')[1]!))) as Record<
    string,
    unknown
  >;
}

describe('access tokens', () => {
  it('accepts a genuine token', async () => {
    const { accessToken } = await signedIn();
    expect((await me(accessToken)).statusCode).toBe(200);
  });

  it('refuses an alg:none token carrying valid-looking claims', async () => {
    const { accessToken } = await signedIn();
    const claims = claimsOf(accessToken);
    const unsigned = new UnsecuredJWT(claims).encode();
    expect((await me(unsigned)).statusCode).toBe(401);
    // Also with the typ header an attacker would copy.
    const header = base64url.encode(JSON.stringify({ alg: 'none', typ: 'at+jwt' }));
    const payload = base64url.encode(JSON.stringify(claims));
    expect((await me(`${header}.${payload}.`)).statusCode).toBe(401);
  });

  it('refuses a correctly signed token for another audience', async () => {
    const { accessToken } = await signedIn();
    const claims = claimsOf(accessToken);
    const forged = await new SignJWT({ role: claims.role, sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .setIssuer('lectio')
      .setAudience('some-other-service')
      .setSubject(String(claims.sub))
      .setExpirationTime('5m')
      .sign(key);
    expect((await me(forged)).statusCode).toBe(401);
  });

  it('refuses a token signed with another key or tampered with', async () => {
    const { accessToken } = await signedIn();
    const claims = claimsOf(accessToken);
    const otherKey = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    expect((await me(otherKey)).statusCode).toBe(401);
    const [h, , s] = accessToken.split('.');
    const escalated = base64url.encode(JSON.stringify({ ...claims, role: 'admin' }));
    expect((await me(`${h}.${escalated}.${s}`)).statusCode).toBe(401);
  });

  it('refuses a refresh token presented as an access token', async () => {
    const { cookie } = await signedIn();
    const refreshToken = cookie.split('=')[1]!;
    expect((await me(refreshToken)).statusCode).toBe(401);
  });

  it('refuses an expired access token', async () => {
    const { accessToken } = await signedIn();
    t.advanceClock(0); // tokens are checked against real time by jose; sign one already expired instead
    const claims = claimsOf(accessToken);
    const expired = await new SignJWT({ role: claims.role, sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .setIssuer('lectio')
      .setAudience('lectio-api')
      .setSubject(String(claims.sub))
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 1800)
      .sign(key);
    expect((await me(expired)).statusCode).toBe(401);
  });

  it('issues tokens that expire in about 15 minutes', async () => {
    const { accessToken } = await signedIn();
    const claims = claimsOf(accessToken) as { exp: number; iat: number };
    expect(claims.exp - claims.iat).toBe(900);
  });

  it('refuses a malformed Authorization header', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { authorization: 'Basic abc' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('refresh token families', () => {
  it('reusing an already-rotated refresh token revokes the whole family', async () => {
    const { cookie, user } = await signedIn();
    const rotated = await t.app.inject({ method: 'GET', url: '/api/v1/auth/refresh', headers: { cookie } });
    expect(rotated.statusCode).toBe(200);
    const current = refreshCookieOf(rotated)!;
    const currentAccess = rotated.json().accessToken as string;

    const replay = await t.app.inject({ method: 'GET', url: '/api/v1/auth/refresh', headers: { cookie } });
    expect(replay.statusCode).toBe(401);

    // The legitimate holder of the newest token is logged out too, and so is its access token.
    const afterReplay = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/refresh',
      headers: { cookie: current },
    });
    expect(afterReplay.statusCode).toBe(401);
    expect((await me(currentAccess)).statusCode).toBe(401);
    const [row] = await t.db.select().from(authSessions).where(eq(authSessions.userId, user.id));
    expect(row?.revokedReason).toBe('refresh_token_reuse');
  });

  it('revoking one family leaves the user’s other sessions alone', async () => {
    const user = await createUser(t.db);
    const laptop = await login(t.app, user.email, user.password);
    const phone = await login(t.app, user.email, user.password);
    await t.app.inject({ method: 'GET', url: '/api/v1/auth/refresh', headers: { cookie: laptop.cookie } });
    await t.app.inject({ method: 'GET', url: '/api/v1/auth/refresh', headers: { cookie: laptop.cookie } });
    expect((await me(laptop.accessToken)).statusCode).toBe(401);
    expect((await me(phone.accessToken)).statusCode).toBe(200);
  });

  it('a cross-site page cannot make the server use or rotate the cookie', async () => {
    const { cookie } = await signedIn();
    const fromOrigin = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/refresh',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(fromOrigin.statusCode).toBe(403);
    expect(refreshCookieOf(fromOrigin)).toBeUndefined();
    const fetchSite = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/logout',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(fetchSite.statusCode).toBe(403);
    // The cookie was neither rotated nor revoked: it still works from our own origin.
    const sameOrigin = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/refresh',
      headers: { cookie, origin: t.config.publicUrl, 'sec-fetch-site': 'same-origin' },
    });
    expect(sameOrigin.statusCode).toBe(200);
  });
});

describe('suspension', () => {
  it('a user suspended mid-session is refused on the very next request', async () => {
    const { accessToken, cookie, user } = await signedIn();
    expect((await me(accessToken)).statusCode).toBe(200);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    const next = await me(accessToken);
    expect(next.statusCode).toBe(403);
    expect(next.json().message).toMatch(/suspended/);
    const refresh = await t.app.inject({ method: 'GET', url: '/api/v1/auth/refresh', headers: { cookie } });
    expect(refresh.statusCode).toBe(403);
    // Reactivating does not resurrect the session the refresh attempt ended.
    await t.db.update(users).set({ isActive: true }).where(eq(users.id, user.id));
    const again = await t.app.inject({ method: 'GET', url: '/api/v1/auth/refresh', headers: { cookie } });
    expect(again.statusCode).toBe(401);
  });

  it('a role change takes effect on the next request, not at token expiry', async () => {
    const { accessToken, user } = await signedIn();
    await t.db.update(users).set({ role: 'guest' }).where(eq(users.id, user.id));
    const response = await me(accessToken);
    expect(response.statusCode).toBe(200);
    expect(response.json().user.role).toBe('guest');
  });
});

describe('login throttling', () => {
  // The lockout itself is per account and address, and the spacing's growth is probed in abuse-limits.test.ts.
  it('holds back unfamiliar addresses after 5 failures on an account, even with the right password, and tells when to retry', async () => {
    const user = await createUser(t.db);
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: user.email, password: 'wrong-password' },
        remoteAddress: `10.0.0.${attempt + 1}`,
      });
      expect(response.statusCode).toBe(401);
    }
    const locked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user.email, password: user.password },
      remoteAddress: '10.0.0.99',
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('TOO_MANY_REQUESTS');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    t.advanceClock(16 * 60_000);
    const later = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user.email, password: user.password },
      remoteAddress: '10.0.0.99',
    });
    expect(later.statusCode).toBe(200);
  });

  it('limits failures per IP across many accounts', async () => {
    const ip = '192.0.2.7';
    for (let attempt = 0; attempt < 12; attempt++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: `victim${attempt}@example.com`, password: 'guess-123' },
        remoteAddress: ip,
      });
      expect(response.statusCode).toBe(401);
    }
    const user = await createUser(t.db);
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user.email, password: user.password },
      remoteAddress: ip,
    });
    expect(blocked.statusCode).toBe(429);
    const otherIp = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user.email, password: user.password },
      remoteAddress: '192.0.2.8',
    });
    expect(otherIp.statusCode).toBe(200);
  });
});

describe('password hashing', () => {
  it('rehashes a weaker stored hash with the current argon2id parameters on login', async () => {
    const weak = await argon2.hash('password123', {
      type: argon2.argon2id,
      memoryCost: 4096,
      timeCost: 1,
      parallelism: 1,
    });
    const user = await createUser(t.db, { passwordHash: weak, password: 'password123' });
    await login(t.app, user.email, 'password123');
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordHash).not.toBe(weak);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$/);
    expect(passwordNeedsRehash(row?.passwordHash ?? '')).toBe(false);
    await login(t.app, user.email, 'password123');
  });
});
