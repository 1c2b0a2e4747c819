import { describe, expect, it } from 'vitest';
import type { RealtimeEvent } from './realtime';
import {
  defaultResponseTargetSettings,
  responseNotificationFor,
  responseStateOf,
  responseTargetSettingsSchema,
  RESPONSE_TARGET_WATCH,
} from './response-targets';

const DUE = '2026-12-28T06:30:00.000Z';
const BEFORE = new Date('2026-12-28T06:00:00Z');
const AFTER = new Date('2026-12-28T07:00:00Z');

describe('a record’s response state', () => {
  it('is Due before the target, Missed after it, Met when answered by it, and stays Missed when answered late', () => {
    const open = { status: 'New', responseDueAt: DUE, firstResponseAt: null };
    expect(responseStateOf('inquiries', open, BEFORE)).toBe('due');
    expect(responseStateOf('inquiries', open, AFTER)).toBe('missed');
    expect(responseStateOf('inquiries', { ...open, firstResponseAt: DUE }, AFTER)).toBe('met');
    expect(responseStateOf('inquiries', { ...open, firstResponseAt: AFTER.toISOString() }, AFTER)).toBe('missed');
  });

  it('is none without a target, and none for an unanswered record that is closed or spam', () => {
    expect(responseStateOf('contacts', { status: 'Open', responseDueAt: null, firstResponseAt: null }, AFTER)).toBeNull();
    for (const status of ['Won', 'Lost', 'Spam']) {
      expect(responseStateOf('inquiries', { status, responseDueAt: DUE, firstResponseAt: null }, AFTER), status).toBeNull();
    }
    // Answered before it was closed, it keeps what it earned.
    expect(responseStateOf('inquiries', { status: 'Won', responseDueAt: DUE, firstResponseAt: DUE }, AFTER)).toBe('met');
  });
});

describe('the response targets’ settings', () => {
  it('default to office hours in the given zone, a 30-minute warning and no targets, which the schema takes', () => {
    const defaults = defaultResponseTargetSettings('Asia/Kolkata');
    expect(defaults.targets).toEqual({ inquiries: null, supplierInquiries: null, contacts: null });
    expect(responseTargetSettingsSchema.parse(defaults)).toEqual(defaults);
  });
});

describe('the notification of a response due soon or missed', () => {
  const event = (ownerId: string | null, by = RESPONSE_TARGET_WATCH): RealtimeEvent => ({
    event: 'contactUpdated',
    summary: { id: 'r1', kind: 'contact', displayName: 'Asha Rao', createdAt: DUE },
    change: {
      by,
      type: 'response',
      text: 'Response target missed: Asha Rao',
      status: 'Open',
      ownerId,
      version: 1,
      from: { status: 'Open', ownerId },
    },
  });

  it('goes to the owner, or to everyone when the record has none, and opens the record', () => {
    expect(responseNotificationFor(event('me'), 'me')).toMatchObject({
      title: 'Response target missed: Asha Rao',
      body: 'Asha Rao',
      route: '/admin/contact-queries/r1',
    });
    expect(responseNotificationFor(event(null), 'me')).not.toBeNull();
    expect(responseNotificationFor(event('bob'), 'me')).toBeNull();
    expect(responseNotificationFor(event('me', { id: 'x', email: 'x@example.com', name: 'x' }), 'me')).toBeNull();
  });
});
