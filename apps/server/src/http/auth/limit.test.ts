import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { byAddress } from './limit';

describe('byAddress', () => {
  it('counts an IPv6 client by its /64 and an IPv4 one by its address', () => {
    const of = (ip: string) => byAddress({ ip } as FastifyRequest);
    // thirty addresses of one /64 had registered thirty accounts a minute
    expect(of('2001:db8:1:2::5')).toBe(of('2001:db8:1:2:ffff::9'));
    expect(of('2001:db8:1:3::5')).not.toBe(of('2001:db8:1:2::5'));
    expect(of('203.0.113.9')).toBe('203.0.113.9');
  });
});
