import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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

  it('takes REPLY_TO_ADDRESS as one plain address, MAIL_FROM as one mailbox, and DKIM as all three settings or none', () => {
    expect(load({}).mail).toMatchObject({ replyToAddress: null, dkim: null });
    expect(load({ REPLY_TO_ADDRESS: ' desk@Sourcing.Example ' }).mail.replyToAddress).toBe('desk@sourcing.example');
    for (const refused of ['Desk <desk@sourcing.example>', 'desk+x@sourcing.example', 'a@x.com, b@y.com']) {
      expect(() => load({ REPLY_TO_ADDRESS: refused }), refused).toThrow(/REPLY_TO_ADDRESS must be one plain address/);
    }
    expect(() => load({ MAIL_FROM: 'a@x.com, b@y.com' })).toThrow(/MAIL_FROM must be one address/);

    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const dkim = { DKIM_DOMAIN: 'Sourcing.Example', DKIM_SELECTOR: 'desk2026', DKIM_PRIVATE_KEY: pem.replaceAll('\n', '\\n') };
    expect(load(dkim).mail.dkim).toEqual({ domainName: 'sourcing.example', keySelector: 'desk2026', privateKey: pem });
    expect(() => load({ ...dkim, DKIM_SELECTOR: '' })).toThrow(/DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY go together/);
    expect(() => load({ ...dkim, DKIM_PRIVATE_KEY: 'not a key' })).toThrow(/DKIM_PRIVATE_KEY is not a PEM private key/);
  });

  it('gives the SMTP receiver a certificate and key together or neither, read from their files, and connection limits', () => {
    const inbound = { REPLY_TO_ADDRESS: 'desk@sourcing.example', INBOUND_SMTP_PORT: '2525' };
    expect(load(inbound).mail.inbound).toMatchObject({ smtpTls: null, smtpMaxClients: 100, smtpClientsPerAddress: 20 });
    const [cert, key] = ['cert.pem', 'key.pem'].map((name) => join(dataDir, name));
    writeFileSync(cert, 'CERTIFICATE');
    writeFileSync(key, 'KEY');
    expect(load({ ...inbound, INBOUND_SMTP_TLS_CERT: cert, INBOUND_SMTP_TLS_KEY: key }).mail.inbound.smtpTls).toEqual({
      cert: Buffer.from('CERTIFICATE'),
      key: Buffer.from('KEY'),
    });
    expect(() => load({ ...inbound, INBOUND_SMTP_TLS_CERT: cert })).toThrow(
      /INBOUND_SMTP_TLS_CERT and INBOUND_SMTP_TLS_KEY go together/,
    );
    expect(() => load({ ...inbound, INBOUND_SMTP_TLS_CERT: cert, INBOUND_SMTP_TLS_KEY: join(dataDir, 'none.pem') })).toThrow(
      /INBOUND_SMTP_TLS_KEY cannot be read/,
    );
    expect(load({ ...inbound, INBOUND_SMTP_MAX_CLIENTS: '8', INBOUND_SMTP_CLIENTS_PER_ADDRESS: '2' }).mail.inbound).toMatchObject(
      {
        smtpMaxClients: 8,
        smtpClientsPerAddress: 2,
      },
    );
  });
});
