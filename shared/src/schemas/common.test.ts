import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  fieldErrorsOf,
  INVALID_CHARACTERS,
  isStorableText,
  optionalText,
  requiredEmail,
  requiredText,
  storableText,
  validate,
} from './common';
import { INVALID_EMAIL } from '../email-address';

describe('requiredText', () => {
  const schema = requiredText('Full Name is required');

  it('trims and keeps the text', () => {
    expect(schema.parse('  Asha Rao  ')).toBe('Asha Rao');
  });

  it.each([[''], ['   '], [undefined], [null]])('answers the message of docs/forms.md#validation for %j', (value) => {
    const result = schema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe('Full Name is required');
  });

  it('refuses a text over its maximum length', () => {
    expect(requiredText('x', 5).safeParse('123456').error?.issues[0].message).toBe('Must be at most 5 characters');
  });
});

describe('optionalText', () => {
  it('turns missing values into an empty string', () => {
    expect(optionalText().parse(undefined)).toBe('');
    expect(optionalText().parse('  a ')).toBe('a');
  });
});

describe('requiredEmail', () => {
  it('says Email is required when blank, and asks for a valid address otherwise', () => {
    expect(
      requiredEmail()
        .safeParse(' ')
        .error?.issues.map((i) => i.message),
    ).toEqual(['Email is required']);
    expect(
      requiredEmail()
        .safeParse('not-an-address')
        .error?.issues.map((i) => i.message),
    ).toEqual([INVALID_EMAIL]);
    expect(requiredEmail().parse(' buyer@example.com ')).toBe('buyer@example.com');
  });
});

describe('validate and fieldErrorsOf', () => {
  const schema = z.object({ a: requiredText('A is required'), b: requiredText('B is required') });

  it('answers the parsed value', () => {
    expect(validate(schema, { a: ' 1 ', b: '2' })).toEqual({ ok: true, value: { a: '1', b: '2' } });
  });

  it('answers the first message per field', () => {
    expect(validate(schema, {})).toEqual({ ok: false, fields: { a: 'A is required', b: 'B is required' } });
    const twoIssues = z.object({ a: z.string().min(3, 'short').regex(/^\d+$/, 'digits') });
    const error = twoIssues.safeParse({ a: 'x' }).error!;
    expect(fieldErrorsOf(error)).toEqual({ a: 'short' });
  });
});

describe('text both databases store alike', () => {
  it.each([
    ['a NUL', 'a\u0000b'],
    ['a control character', 'bell\u0007'],
    ['DEL', 'x\u007f'],
    ['half a surrogate pair', 'broken \ud83d'],
    ['a lone low surrogate', '\ude00 broken'],
  ])('refuses %s in every kind of text field', (_name, value) => {
    for (const schema of [requiredText('Name is required'), optionalText(), storableText(100)]) {
      expect(schema.safeParse(value).error?.issues.map((i) => i.message)).toEqual([INVALID_CHARACTERS]);
    }
    expect(requiredEmail().safeParse(`${value}@example.com`).success).toBe(false);
  });

  it('keeps tabs, line breaks and characters outside the basic plane', () => {
    expect(optionalText(100).parse('line 1\r\nline 2\ttab 😀 Zoë')).toBe('line 1\r\nline 2\ttab 😀 Zoë');
    expect(isStorableText('😀')).toBe(true);
  });
});
