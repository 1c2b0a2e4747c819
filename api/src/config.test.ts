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

  it('takes each staff address of NOTIFY_EMAILS as one address, and refuses an entry that holds more', () => {
    expect(load({ NOTIFY_EMAILS: ' Desk@Sourcing.Example , sales@sourcing.example' }).mail.notifyEmails).toEqual([
      'Desk@sourcing.example',
      'sales@sourcing.example',
    ]);
    expect(() => load({ NOTIFY_EMAILS: 'desk@sourcing.example;ceo@sourcing.example' })).toThrow(
      /NOTIFY_EMAILS: "desk@sourcing.example;ceo@sourcing.example": Enter one email address only/,
    );
    expect(() => load({ NOTIFY_EMAILS: 'Desk <desk@sourcing.example>' })).toThrow(ConfigError);
  });

  it('limits mails to one visitor address to 1 per 10 minutes and 3 a day, and keeps records forever, unless told', () => {
    expect(load({}).mail).toMatchObject({ perAddressPer10Minutes: 1, perAddressPerDay: 3 });
    expect(load({}).retentionMonths).toBeNull();
    expect(load({ RETENTION_MONTHS: '24' }).retentionMonths).toBe(24);
    expect(() => load({ RETENTION_MONTHS: '0' })).toThrow(ConfigError);
    expect(() => load({ CONFIRMATIONS_PER_ADDRESS_PER_DAY: 'many' })).toThrow(ConfigError);
  });
});
