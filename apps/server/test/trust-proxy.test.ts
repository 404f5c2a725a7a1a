/**
 * TRUST_PROXY: which hops of X-Forwarded-For the server believes when it names the client's address (the
 * per-address login throttle and rate limits count by it). `true` believes every hop, so behind a CDN a
 * client could name its own address; a list of the proxies' addresses stops at the first hop that none
 * of them added (docs/DEPLOYMENT.md, "The client's address behind a CDN").
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createTestApp, type TestApp } from './helpers/test-app';

const opened: TestApp[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((app) => app.close()));
});

function echoClientAddress(app: FastifyInstance) {
  app.get('/test/client-address', async (request) => ({ ip: request.ip }));
}

async function clientAddress(trustProxy: string, forwardedFor?: string): Promise<string> {
  const t = await createTestApp({ TRUST_PROXY: trustProxy }, echoClientAddress);
  opened.push(t);
  const response = await t.app.inject({
    method: 'GET',
    url: '/test/client-address',
    remoteAddress: '127.0.0.1',
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { ip: string }).ip;
}

// What the client sent (forged), what the CDN saw, and the CDN as the balancer saw it.
const CHAIN = '198.51.100.66, 203.0.113.7, 10.0.0.5';

describe('TRUST_PROXY', () => {
  it('false: the socket address, whatever the header says', async () => {
    expect(await clientAddress('false', CHAIN)).toBe('127.0.0.1');
  });

  it('true: the left-most address, which the client chose', async () => {
    expect(await clientAddress('true', CHAIN)).toBe('198.51.100.66');
  });

  it("a list of the proxies' addresses and ranges: the first address that is not one of them", async () => {
    expect(await clientAddress('127.0.0.1, 10.0.0.0/8', CHAIN)).toBe('203.0.113.7');
    expect(await clientAddress('loopback', CHAIN)).toBe('10.0.0.5');
    expect(await clientAddress('127.0.0.1,10.0.0.5,203.0.113.7', CHAIN)).toBe('198.51.100.66');
    // A request that did not come through a listed proxy: its header is not believed.
    const direct = await createTestApp({ TRUST_PROXY: '10.0.0.0/8' }, echoClientAddress);
    opened.push(direct);
    const response = await direct.app.inject({
      method: 'GET',
      url: '/test/client-address',
      remoteAddress: '192.0.2.1',
      headers: { 'x-forwarded-for': '198.51.100.66' },
    });
    expect((response.json() as { ip: string }).ip).toBe('192.0.2.1');
  });

  it.each([
    ['maybe', /TRUST_PROXY/],
    ['0.5', /TRUST_PROXY/],
    ['-1', /TRUST_PROXY/],
    ['2', /TRUST_PROXY: a hop count is not supported: list the addresses/],
    ['10.0.0.0/99', /TRUST_PROXY: "10\.0\.0\.0\/99" is not/],
    ['10.0.0.1, example.com', /TRUST_PROXY: "example\.com" is not/],
  ])('refuses %s with a message naming the variable', (value, message) => {
    expect(() => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: value })).toThrow(message);
  });

  it('parses each form into what Fastify takes', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).trustProxy).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: 'yes' }).trustProxy).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '1' }).trustProxy).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: ' 10.0.0.0/8 ,::1 ' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '::1',
    ]);
  });
});
