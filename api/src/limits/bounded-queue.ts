/** Refusal of a task because `maxWaiting` tasks already wait for a slot. */
export class QueueFullError extends Error {
  constructor() {
    super('Too many tasks waiting');
    this.name = 'QueueFullError';
  }
}

export interface BoundedQueue {
  /** Runs `task` once one of `concurrency` slots is free; throws QueueFullError when too many wait. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks running and waiting now. */
  load(): { running: number; waiting: number };
}

/**
 * At most `concurrency` tasks at once, at most `maxWaiting` more in line; beyond that a task is
 * refused at once instead of making everyone wait longer.
 */
export function createBoundedQueue({ concurrency, maxWaiting }: { concurrency: number; maxWaiting: number }): BoundedQueue {
  let running = 0;
  const waiting: (() => void)[] = [];

  const release = () => {
    running -= 1;
    const next = waiting.shift();
    if (next) {
      running += 1;
      next();
    }
  };

  return {
    async run(task) {
      if (running >= concurrency) {
        if (waiting.length >= maxWaiting) throw new QueueFullError();
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        running += 1;
      }
      try {
        return await task();
      } finally {
        release();
      }
    },
    load: () => ({ running, waiting: waiting.length }),
  };
}
