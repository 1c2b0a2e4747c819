import { randomBytes } from 'node:crypto';

/**
 * Ids that sort in the order they are made, in UUID version 7's layout (RFC 9562): the
 * millisecond, then a counter within it (method 1 of its section 6.2), then random bits. The audit
 * trail reads newest first by (at, id) (audit-log.ts), so entries one request writes in the same
 * millisecond keep the order they were written in. `clock` is for tests.
 */
export function orderedIds(clock: () => number = Date.now): () => string {
  let lastMs = 0;
  let counter = 0;
  return () => {
    let ms = clock();
    if (ms <= lastMs) {
      ms = lastMs;
      counter += 1;
      // 4,096 ids in one millisecond: borrow the next one, as the RFC allows.
      if (counter > 0xfff) {
        ms += 1;
        counter = 0;
      }
    } else {
      counter = 0;
    }
    lastMs = ms;
    const random = randomBytes(8);
    random[0] = 0x80 | (random[0] & 0x3f); // the variant, 10xx
    const time = ms.toString(16).padStart(12, '0');
    const rest = random.toString('hex');
    return `${time.slice(0, 8)}-${time.slice(8)}-7${counter.toString(16).padStart(3, '0')}-${rest.slice(0, 4)}-${rest.slice(4)}`;
  };
}
