import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sourcing-config-test-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32), ...env }, () => {});

  it('trusts no proxy unless told how many stand in front', () => {
    expect(load({}).trustProxyHops).toBe(0);
    expect(load({ TRUST_PROXY_HOPS: '1' }).trustProxyHops).toBe(1);
    expect(() => load({ TRUST_PROXY_HOPS: 'yes' })).toThrow(ConfigError);
  });

  it('refuses the old TRUST_PROXY, which believed whatever address a client wrote', () => {
    expect(() => load({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY is replaced by TRUST_PROXY_HOPS/);
    expect(load({ TRUST_PROXY: '' }).trustProxyHops).toBe(0);
  });
});
