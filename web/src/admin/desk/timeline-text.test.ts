import { describe, expect, it } from 'vitest';
import { describeEntry } from './timeline-text';

const ana = { id: 'a', email: 'ana@example.com' };
const at = '2026-03-02T09:00:00.000Z';

describe('timeline lines', () => {
  it('say who did what', () => {
    expect(describeEntry({ id: 'received', type: 'received', at, actor: null })).toBe('Received');
    expect(describeEntry({ id: '1', type: 'status', at, actor: ana, from: 'New', to: 'Quoted' })).toBe(
      'ana@example.com changed the status from New to Quoted',
    );
    expect(describeEntry({ id: '2', type: 'owner', at, actor: ana, from: null, to: ana })).toBe(
      'ana@example.com assigned it to ana@example.com',
    );
    expect(describeEntry({ id: '3', type: 'owner', at, actor: ana, from: ana, to: null })).toBe('ana@example.com unassigned it');
    expect(describeEntry({ id: '4', type: 'note', at, actor: ana, text: 'hi' })).toBe('ana@example.com added a note');
    expect(
      describeEntry({ id: '5', type: 'link', at, actor: ana, list: 'supplierInquiries', recordId: 'o', name: 'Sam Supplier' }),
    ).toBe('ana@example.com linked supplier offer Sam Supplier');
    expect(describeEntry({ id: '6', type: 'unlink', at, actor: ana, list: 'inquiries', recordId: 'i', name: null })).toBe(
      'ana@example.com unlinked buyer inquiry (since erased)',
    );
  });
});
