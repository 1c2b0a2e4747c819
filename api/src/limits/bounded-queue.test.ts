import { describe, expect, it } from 'vitest';
import { createBoundedQueue, QueueFullError } from './bounded-queue';

/** A task the test finishes by hand, recording when it started. */
function controlledTask(started: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    task: async () => {
      started.push(name);
      await done;
      return name;
    },
    finish: () => finish(),
  };
}

describe('bounded queue', () => {
  it('runs at most `concurrency` tasks, lines up `maxWaiting` more and refuses the rest at once', async () => {
    const queue = createBoundedQueue({ concurrency: 1, maxWaiting: 2 });
    const started: string[] = [];
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((name) => controlledTask(started, name));
    const results = [queue.run(a.task), queue.run(b.task), queue.run(c.task)];
    await expect(queue.run(d.task)).rejects.toBeInstanceOf(QueueFullError);
    expect(started).toEqual(['a']);
    expect(queue.load()).toEqual({ running: 1, waiting: 2 });

    a.finish();
    await expect(results[0]).resolves.toBe('a');
    await expect.poll(() => started).toEqual(['a', 'b']);
    b.finish();
    c.finish();
    await expect(Promise.all(results)).resolves.toEqual(['a', 'b', 'c']);
    expect(queue.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the slot of a task that fails', async () => {
    const queue = createBoundedQueue({ concurrency: 1, maxWaiting: 0 });
    await expect(queue.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(queue.run(async () => 'next')).resolves.toBe('next');
  });
});
