import { MutationObserver, type InfiniteData } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, CONFLICT_MESSAGE, type ApiClient, type ListPage } from '@sourcing/shared';
import { toastOnce } from '../../common/toast-once';
import { queryKeys } from '../queries/keys';
import { createAdminQueryClient } from '../queries/query-client';
import { bulkChangeOptions, recordChangeOptions, type BulkChange, type RecordChange } from './desk-changes';

vi.mock('../../common/toast-once', () => ({ toastOnce: { success: vi.fn(), error: vi.fn() } }));

interface Row {
  _id: string;
  fullName: string;
  status: string;
  ownerId: string | null;
  version: number;
}

const JANE: Row = { _id: 'r1', fullName: 'Jane Doe', status: 'New', ownerId: null, version: 3 };
const SAM: Row = { _id: 'r2', fullName: 'Sam Roe', status: 'New', ownerId: null, version: 1 };
const RECORD = queryKeys.record('inquiries', 'r1');
const LIST = queryKeys.listPages('inquiries', {});
const SEARCHED = queryKeys.listPages('inquiries', { q: 'jane' });
const TO_QUOTED: RecordChange = { list: 'inquiries', id: 'r1', change: { version: 3, status: 'Quoted' } };
const BOTH_TO_ANA: BulkChange = {
  list: 'inquiries',
  change: {
    records: [
      { id: 'r1', version: 3 },
      { id: 'r2', version: 1 },
    ],
    ownerId: 'ana-id',
  },
};

const pages = (rows: Row[]): InfiniteData<ListPage<Row>> => ({
  pages: [{ data: rows, total: rows.length, nextCursor: null }],
  pageParams: [null],
});

/** Jane's detail and two searches of her list in the cache, and a change request the test answers. */
function setup() {
  const queryClient = createAdminQueryClient();
  queryClient.setQueryData(RECORD, JANE);
  queryClient.setQueryData(LIST, pages([JANE, SAM]));
  queryClient.setQueryData(SEARCHED, pages([JANE]));
  let settle!: { resolve: (row: Row) => void; reject: (error: Error) => void };
  const changeRecord = vi.fn(() => new Promise<Row>((resolve, reject) => (settle = { resolve, reject })));
  // The change touches only the desk's fields: the test's records have no others.
  const api = { changeRecord: changeRecord as unknown as ApiClient['changeRecord'] };
  const observer = new MutationObserver(queryClient, recordChangeOptions(api));
  const shown = () => ({
    record: queryClient.getQueryData<Row>(RECORD),
    rows: [LIST, SEARCHED].map((key) => queryClient.getQueryData<InfiniteData<ListPage<Row>>>(key)!.pages[0].data),
  });
  /** Starts the change and waits until its request is on its way. */
  const start = async () => {
    const done = observer.mutate(TO_QUOTED).catch((error: unknown) => error);
    await vi.waitFor(() => expect(changeRecord).toHaveBeenCalled());
    return done;
  };
  return { queryClient, changeRecord, shown, start, settle: () => settle };
}

describe('a status change of one record', () => {
  afterEach(() => vi.clearAllMocks());

  it('shows at once in the detail and every list row, and keeps the server’s answer', async () => {
    const { queryClient, shown, start, settle } = setup();
    const done = start();
    await vi.waitFor(() => expect(shown().record).toMatchObject({ status: 'Quoted', version: 3 }));
    expect(shown().rows).toEqual([[{ ...JANE, status: 'Quoted' }, SAM], [{ ...JANE, status: 'Quoted' }]]);

    settle().resolve({ ...JANE, status: 'Quoted', version: 4 });
    await done;
    expect(shown().record).toEqual({ ...JANE, status: 'Quoted', version: 4 });
    expect(shown().rows[1]).toEqual([{ ...JANE, status: 'Quoted', version: 4 }]);
    // Then every view of it re-reads.
    expect(queryClient.getQueryState(RECORD)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(SEARCHED)?.isInvalidated).toBe(true);
  });

  it('is rolled back when the request fails, saying why', async () => {
    const { queryClient, shown, start, settle } = setup();
    const done = start();
    await vi.waitFor(() => expect(shown().record?.status).toBe('Quoted'));

    settle().reject(new ApiError('The change could not be saved', 500));
    expect(await done).toBeInstanceOf(ApiError);
    expect(shown()).toEqual({ record: JANE, rows: [[JANE, SAM], [JANE]] });
    expect(toastOnce.error).toHaveBeenCalledWith('The change could not be saved');
    expect(queryClient.getQueryState(RECORD)?.isInvalidated).toBe(true);
  });

  it('on a conflict shows the server’s message and the record as it is now', async () => {
    const { shown, start, settle } = setup();
    const done = start();
    await vi.waitFor(() => expect(shown().record?.status).toBe('Quoted'));

    const now: Row = { ...JANE, status: 'Won', ownerId: 'ana-id', version: 5 };
    settle().reject(new ApiError(CONFLICT_MESSAGE, 409, {}, { error: CONFLICT_MESSAGE, current: now }));
    await done;
    expect(shown()).toEqual({ record: now, rows: [[now, SAM], [now]] });
    expect(toastOnce.error).toHaveBeenCalledWith(CONFLICT_MESSAGE);
  });
});

/** Jane's detail and her list (Jane and Sam) in the cache, and a bulk change request the test answers. */
function setupBulk() {
  const queryClient = createAdminQueryClient();
  queryClient.setQueryData(RECORD, JANE);
  queryClient.setQueryData(LIST, pages([JANE, SAM]));
  let settle!: { resolve: (result: { updated: Row[]; conflicts: Row[] }) => void; reject: (error: Error) => void };
  const bulkChange = vi.fn(() => new Promise((resolve, reject) => (settle = { resolve, reject })));
  const api = { bulkChange: bulkChange as unknown as ApiClient['bulkChange'] };
  const observer = new MutationObserver(queryClient, bulkChangeOptions(api));
  const shown = () => ({
    record: queryClient.getQueryData<Row>(RECORD),
    rows: queryClient.getQueryData<InfiniteData<ListPage<Row>>>(LIST)!.pages[0].data,
  });
  const start = async () => {
    const done = observer.mutate(BOTH_TO_ANA).catch((error: unknown) => error);
    await vi.waitFor(() => expect(bulkChange).toHaveBeenCalled());
    return done;
  };
  return { queryClient, shown, start, settle: () => settle };
}

describe('a bulk owner change', () => {
  afterEach(() => vi.clearAllMocks());

  it('shows at once on every selected record, then as the server answers, a conflict as the record is now', async () => {
    const { queryClient, shown, start, settle } = setupBulk();
    const done = start();
    await vi.waitFor(() => expect(shown().record?.ownerId).toBe('ana-id'));
    expect(shown().rows).toEqual([
      { ...JANE, ownerId: 'ana-id' },
      { ...SAM, ownerId: 'ana-id' },
    ]);

    const janeSaved: Row = { ...JANE, ownerId: 'ana-id', version: 4 };
    const samNow: Row = { ...SAM, status: 'Spam', version: 2 };
    settle().resolve({ updated: [janeSaved], conflicts: [samNow] });
    await done;
    expect(shown()).toEqual({ record: janeSaved, rows: [janeSaved, samNow] });
    expect(toastOnce.success).toHaveBeenCalledWith('1 record changed');
    expect(toastOnce.error).toHaveBeenCalledWith('1 changed by someone else meanwhile: they now show that change');
    expect(queryClient.getQueryState(LIST)?.isInvalidated).toBe(true);
  });

  it('is rolled back when the request fails, saying why', async () => {
    const { queryClient, shown, start, settle } = setupBulk();
    const done = start();
    await vi.waitFor(() => expect(shown().rows[1].ownerId).toBe('ana-id'));

    settle().reject(new ApiError('The change could not be saved', 500));
    expect(await done).toBeInstanceOf(ApiError);
    expect(shown()).toEqual({ record: JANE, rows: [JANE, SAM] });
    expect(toastOnce.error).toHaveBeenCalledWith('The change could not be saved');
    expect(toastOnce.success).not.toHaveBeenCalled();
    expect(queryClient.getQueryState(RECORD)?.isInvalidated).toBe(true);
  });
});
