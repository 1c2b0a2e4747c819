import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateRecords } from './invalidate';
import { queryKeys } from './keys';

/** A read the test answers when it chooses: what the server said at the time it was asked. */
function controlledReads() {
  const asked: { answer: (value: string) => void }[] = [];
  const read = () => new Promise<string>((resolve) => asked.push({ answer: resolve }));
  return { asked, read };
}

describe('invalidateRecords', () => {
  it('reads a record view again when its first load was on its way as the record changed', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { asked, read } = controlledReads();
    const timeline = new QueryObserver(client, { queryKey: queryKeys.timeline('inquiries', 'r1'), queryFn: read });
    const seen: (string | undefined)[] = [];
    const stop = timeline.subscribe((result) => seen.push(result.data));
    await expect.poll(() => asked.length).toBe(1);

    // The record changes while the first load (asked before the change) is still on its way.
    const invalidated = invalidateRecords(client, 'inquiries', ['r1']);
    await expect.poll(() => asked.length).toBe(2);
    asked[0].answer('before the change');
    asked[1].answer('after the change');
    await invalidated;
    await expect.poll(() => timeline.getCurrentResult().data).toBe('after the change');
    expect(seen).not.toContain('before the change');
    stop();
  });

  it('leaves the views of other records alone', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { asked, read } = controlledReads();
    const other = new QueryObserver(client, { queryKey: queryKeys.timeline('inquiries', 'r2'), queryFn: read });
    const stop = other.subscribe(() => {});
    await expect.poll(() => asked.length).toBe(1);
    await invalidateRecords(client, 'inquiries', ['r1']);
    asked[0].answer('r2 as it is');
    await expect.poll(() => other.getCurrentResult().data).toBe('r2 as it is');
    expect(asked).toHaveLength(1);
    stop();
  });
});
