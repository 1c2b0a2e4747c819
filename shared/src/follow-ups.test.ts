import { describe, expect, it } from 'vitest';
import { FOLLOW_UP_MESSAGES, FOLLOW_UP_REMINDER, followUpNotificationFor, followUpSchema, snoozeSchema } from './follow-ups';
import type { RealtimeChange, RealtimeEvent } from './realtime';
import { validate } from './schemas/common';

const ME = 'me-id';
const NOW = new Date('2026-03-02T09:00:00Z');

/** A follow-up change of inquiry r1 (owned by `ownerId`), as the server announces it. */
const followUp = (ownerId: string | null, by: RealtimeChange['by'] = FOLLOW_UP_REMINDER): RealtimeEvent => ({
  event: 'inquiryUpdated',
  summary: { id: 'r1', kind: 'inquiry', displayName: 'Asha Rao', createdAt: '2026-03-01T10:00:00.000Z' },
  change: {
    by,
    type: 'follow-up',
    text: 'Follow up: Asha Rao — Call about the LC',
    status: 'New',
    ownerId,
    version: 1,
    from: { status: 'New', ownerId },
  },
});

describe('the follow-up and snooze schemas', () => {
  it('take a time with its offset and an optional note, trimmed; blank or null is no note', () => {
    expect(validate(followUpSchema, { at: '2026-03-02T15:30:00+05:30', note: '  Call about the LC ' })).toEqual({
      ok: true,
      value: { at: new Date('2026-03-02T10:00:00Z'), note: 'Call about the LC' },
    });
    for (const note of [undefined, null, '', '   ']) {
      expect(validate(followUpSchema, { at: '2026-03-02T10:00:00Z', note })).toMatchObject({ ok: true, value: { note: null } });
    }
  });

  it('refuse with exact messages: no time, a time without offset or out of range, a note too long', () => {
    for (const at of [undefined, '', 'tomorrow', '2026-03-02T10:00', '2026-03-02', 1767225600000, '0000-01-01T00:00:00Z']) {
      expect(validate(followUpSchema, { at }), String(at)).toEqual({ ok: false, fields: { at: FOLLOW_UP_MESSAGES.at } });
    }
    expect(validate(followUpSchema, { at: '2026-03-02T10:00:00Z', note: 'x'.repeat(501) })).toEqual({
      ok: false,
      fields: { note: 'The note must be at most 500 characters' },
    });
    expect(validate(followUpSchema, { at: '2026-03-02T10:00:00Z', note: 'x'.repeat(500) }).ok).toBe(true);
  });

  it('snooze until a time after the clock’s now', () => {
    const schema = snoozeSchema(() => NOW);
    expect(validate(schema, { until: '2026-03-02T09:00:01Z' })).toEqual({
      ok: true,
      value: { until: new Date('2026-03-02T09:00:01Z') },
    });
    for (const until of ['2026-03-02T09:00:00Z', '2026-03-01T12:00:00Z']) {
      expect(validate(schema, { until })).toEqual({ ok: false, fields: { until: 'Snooze until a time in the future' } });
    }
    expect(validate(schema, {})).toEqual({ ok: false, fields: { until: FOLLOW_UP_MESSAGES.until } });
  });
});

describe('followUpNotificationFor', () => {
  it('tells the owner their follow-up is due: its line as the title, the record as the body, a click opens it', () => {
    expect(followUpNotificationFor(followUp(ME), ME)).toEqual({
      title: 'Follow up: Asha Rao — Call about the LC',
      body: 'Asha Rao',
      route: '/admin/inquiries/r1',
      event: followUp(ME),
    });
  });

  it('tells everyone of a record nobody owns, and nobody but its owner otherwise', () => {
    expect(followUpNotificationFor(followUp(null), ME)).toMatchObject({ title: 'Follow up: Asha Rao — Call about the LC' });
    expect(followUpNotificationFor(followUp('bob-id'), ME)).toBeNull();
  });

  it('says nothing of a colleague setting a follow-up, nor of any other change', () => {
    const ana = { id: 'ana-id', email: 'ana@example.com', name: 'Ana Silva' };
    expect(followUpNotificationFor(followUp(ME, ana), ME)).toBeNull();
    const note = followUp(ME);
    note.change = { ...note.change!, type: 'note' };
    expect(followUpNotificationFor(note, ME)).toBeNull();
    expect(followUpNotificationFor({ event: note.event, summary: note.summary }, ME)).toBeNull();
  });
});
