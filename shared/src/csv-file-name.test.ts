import { describe, expect, it } from 'vitest';
import { csvFileName } from './api-paths';

const today = new Date('2026-11-22T15:00:00Z');

describe('csvFileName', () => {
  it('names the list and the day', () => {
    expect(csvFileName('inquiries', '', today)).toBe('inquiries-2026-11-22.csv');
  });

  it('adds a file-safe form of the search', () => {
    expect(csvFileName('contacts', '  Acme / Metals GmbH ', today)).toBe('contact-queries-acme-metals-gmbh-2026-11-22.csv');
    expect(csvFileName('subscribers', '../../etc', today)).toBe('subscribers-etc-2026-11-22.csv');
  });
});
