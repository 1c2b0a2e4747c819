import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, replicaSpamCheckEnv, startReplica, stopReplica, type Replica } from './replica-process';

describe('startReplica', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sourcing-replica-start-'));
  let taken: Server | undefined;
  /** The connections the silent listener accepted (the replica's readiness checks), ended with it. */
  const accepted: Socket[] = [];
  let replica: Replica | undefined;
  afterAll(async () => {
    if (replica) await stopReplica(replica);
    for (const socket of accepted) socket.destroy();
    await new Promise((resolve) => (taken ? taken.close(resolve) : resolve(undefined)));
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts again on another port when the one it was given was taken before it listened', async () => {
    // A listener that never answers holds the first port.
    taken = createServer((socket) => accepted.push(socket));
    const takenPort = await new Promise<number>((resolve) =>
      taken!.listen(0, '127.0.0.1', () => resolve((taken!.address() as { port: number }).port)),
    );
    const given: number[] = [];
    const ports = [takenPort];
    const pickPort = async () => {
      const port = ports.shift() ?? (await freePort());
      given.push(port);
      return port;
    };
    replica = await startReplica(
      'port-taken',
      { DATA_DIR: dir, WEB_DIST_DIR: join(dir, 'web'), LOG_LEVEL: 'warn', ...replicaSpamCheckEnv() },
      pickPort,
    );
    expect(given).toHaveLength(2);
    expect(replica.url).toBe(`http://127.0.0.1:${given[1]}`);
    expect((await fetch(`${replica.url}/api/ready`)).status).toBe(200);
  });
});
