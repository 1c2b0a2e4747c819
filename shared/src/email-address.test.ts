import { describe, expect, it } from 'vitest';
import { requiredEmail } from './schemas/common';
import { addressKey, domainOf, EMAIL_ALONE, INVALID_EMAIL, ONE_EMAIL_ONLY, parseEmailAddress } from './email-address';

describe('parseEmailAddress', () => {
  it.each([
    ['buyer@example.com', 'buyer@example.com'],
    ['  Reader@Example.COM ', 'Reader@example.com'],
    ["o'brien+desk@example.co.uk", "o'brien+desk@example.co.uk"],
    ['Zoë.Müller@Bücher.example', 'Zoë.Müller@bücher.example'],
    // NFC: an e with a combining accent is the same address as é.
    ['ze\u0301@example.com', 'zé@example.com'],
  ])('reads %j as the one address %j', (input, address) => {
    expect(parseEmailAddress(input)).toEqual({ ok: true, address });
  });

  it.each([
    ['ceo,hr,all-staff,victim@example.com', ONE_EMAIL_ONLY],
    ['a@example.com, b@example.com', ONE_EMAIL_ONLY],
    ['a@example.com;b@example.com', ONE_EMAIL_ONLY],
    ['a@example.com b@example.com', INVALID_EMAIL],
    ['staff: a@example.com, b@example.com;', ONE_EMAIL_ONLY],
    ['undisclosed-recipients:;', ONE_EMAIL_ONLY],
    ['Victim <victim@example.com>', EMAIL_ALONE],
    ['"Your bank" <victim@example.com>', EMAIL_ALONE],
    ['<victim@example.com>', EMAIL_ALONE],
    ['victim@example.com (boss)', EMAIL_ALONE],
    ['(boss) victim@example.com', EMAIL_ALONE],
    ['"a,b"@example.com', INVALID_EMAIL],
    ['"victim@example.com"@evil.example', INVALID_EMAIL],
    ['victim@[192.0.2.1]', INVALID_EMAIL],
    ['victim@localhost', INVALID_EMAIL],
    ['victim@-example.com', INVALID_EMAIL],
    ['victim@example.com\r\nBcc: all@example.com', INVALID_EMAIL],
    ['@relay.example:victim@example.com', INVALID_EMAIL],
    ['ceo', INVALID_EMAIL],
    ['not an address', INVALID_EMAIL],
    [`${'a'.repeat(250)}@example.com`, INVALID_EMAIL],
  ])('refuses %j: %s', (input, message) => {
    expect(parseEmailAddress(input)).toEqual({ ok: false, message });
  });
});

describe('requiredEmail', () => {
  it('answers the normalised address, so the same value is stored, the envelope and the header', () => {
    expect(requiredEmail().parse(' Ana@Example.COM ')).toBe('Ana@example.com');
  });

  it('gives the parser’s message, once, for each refused shape', () => {
    for (const [input, message] of [
      ['a@x.example,b@y.example', ONE_EMAIL_ONLY],
      ['Ana <ana@example.com>', EMAIL_ALONE],
    ]) {
      expect(
        requiredEmail()
          .safeParse(input)
          .error?.issues.map((i) => i.message),
      ).toEqual([message]);
    }
    expect(
      requiredEmail()
        .safeParse('')
        .error?.issues.map((i) => i.message),
    ).toEqual(['Email is required']);
  });
});

describe('addressKey and domainOf', () => {
  it('compare addresses whatever their letter case', () => {
    expect(addressKey(' Ana@Example.com')).toBe('ana@example.com');
    expect(domainOf('Ana@Mail.Example.com')).toBe('mail.example.com');
  });
});
