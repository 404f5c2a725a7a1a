/**
 * Production-safe defaults (config.ts): no demo data unless asked, no silent test-mode payments and no
 * plain http in production unless each is asked for explicitly, with messages naming what to set.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';

const base = { JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/lectio-config-test' };
const production = { ...base, NODE_ENV: 'production' };
const https = { PUBLIC_URL: 'https://lectio.example' };
const stripeKeys = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' };

/** The message loadConfig throws with, or '' when it accepted the environment. */
function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
    return '';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

describe('demo data', () => {
  it.each(['development', 'test', 'production'])('is not seeded unless asked (NODE_ENV=%s)', (env) => {
    expect(loadConfig({ ...base, ...https, PAYMENT_PROVIDER: 'test', NODE_ENV: env }).seedDemo).toBe(false);
  });

  it('is seeded when SEED_DEMO=true asks', () => {
    expect(
      loadConfig({ ...production, ...https, PAYMENT_PROVIDER: 'test', SEED_DEMO: 'true' }).seedDemo,
    ).toBe(true);
  });
});

describe('payments in production', () => {
  it('refuses the test driver chosen by default (no Stripe keys), naming what to set', () => {
    const message = refusal({ ...production, ...https });
    expect(message).toContain('PAYMENT_PROVIDER: payments would run in TEST MODE in production');
    expect(message).toContain('STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY');
    expect(message).toContain('PAYMENT_PROVIDER=test');
  });

  it('refuses it with only one of the Stripe keys', () => {
    expect(refusal({ ...production, ...https, STRIPE_SECRET_KEY: 'sk_test_1' })).toContain(
      'payments would run in TEST MODE',
    );
  });

  it('starts in test mode when PAYMENT_PROVIDER=test says so', () => {
    expect(loadConfig({ ...production, ...https, PAYMENT_PROVIDER: 'test' }).payments.provider).toBe('test');
  });

  it('starts with Stripe when both keys are set', () => {
    expect(loadConfig({ ...production, ...https, ...stripeKeys }).payments.provider).toBe('stripe');
  });

  it('still picks test mode by itself outside production', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).payments.provider).toBe('test');
  });
});

describe('http in production', () => {
  const payments = { PAYMENT_PROVIDER: 'test' };

  it('refuses to start without PUBLIC_URL, naming what to set', () => {
    const message = refusal({ ...production, ...payments });
    expect(message).toContain('PUBLIC_URL: is not set: in production set it to the https:// address');
    expect(message).toContain('ALLOW_INSECURE_HTTP=true');
  });

  it('refuses a plain http PUBLIC_URL', () => {
    const message = refusal({ ...production, ...payments, PUBLIC_URL: 'http://lectio.example' });
    expect(message).toContain('PUBLIC_URL: is http://lectio.example, plain http');
    expect(message).toContain('ALLOW_INSECURE_HTTP=true');
  });

  it('starts with an https PUBLIC_URL: Secure refresh cookie (and so HSTS)', () => {
    const config = loadConfig({ ...production, ...payments, ...https });
    expect(config.publicUrl).toBe('https://lectio.example');
    expect(config.cookieSecure).toBe(true);
  });

  it('starts over plain http when ALLOW_INSECURE_HTTP=true says so', () => {
    const config = loadConfig({ ...production, ...payments, ALLOW_INSECURE_HTTP: 'true' });
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.cookieSecure).toBe(false);
  });

  it('is not required outside production', () => {
    expect(refusal({ ...base, NODE_ENV: 'development' })).toBe('');
    expect(refusal({ ...base, NODE_ENV: 'test' })).toBe('');
  });
});

it('reports every refusal at once', () => {
  const message = refusal(production);
  expect(message).toMatch(/^Invalid configuration:\n/);
  expect(message).toContain('PAYMENT_PROVIDER:');
  expect(message).toContain('PUBLIC_URL:');
});
