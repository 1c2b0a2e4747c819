import { describe, expect, it } from 'vitest';
import { ONE_EMAIL_ONLY } from './email-address';
import { BLOCK_VALUE_INVALID, parseBlockValue, personZipName, privacySettingsSchema } from './privacy';

describe('parseBlockValue', () => {
  it.each([
    ['Spam@Example.COM', { ok: true, kind: 'address', value: 'spam@example.com' }],
    ['Spam.Example', { ok: true, kind: 'domain', value: 'spam.example' }],
    ['@mail.spam.example', { ok: true, kind: 'domain', value: 'mail.spam.example' }],
    ['a@x.example, b@y.example', { ok: false, message: ONE_EMAIL_ONLY }],
    ['localhost', { ok: false, message: BLOCK_VALUE_INVALID }],
    ['spam example', { ok: false, message: BLOCK_VALUE_INVALID }],
    ['', { ok: false, message: BLOCK_VALUE_INVALID }],
  ])('reads %j', (typed, parsed) => expect(parseBlockValue(typed)).toEqual(parsed));
});

describe('privacySettingsSchema', () => {
  it('takes, per list, statuses that list has', () => {
    const kept = { inquiries: ['Won'], subscribers: ['confirmed'] };
    expect(privacySettingsSchema.parse({ keptStatuses: kept })).toEqual({ keptStatuses: kept });
    expect(privacySettingsSchema.safeParse({ keptStatuses: { contacts: ['Won'] } }).error?.issues[0].message).toBe(
      'Unknown status: Won',
    );
  });
});

describe('personZipName', () => {
  it('names the download after the address, in letters, digits and dashes', () => {
    expect(personZipName('Asha.Rao+desk@Example.com')).toBe('person-asha-rao-desk-example-com.zip');
  });
});
