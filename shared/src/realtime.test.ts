/** The reconnecting realtime client with fake sockets and timers: what 'Reconnect now' does. */
import { describe, expect, it, vi } from 'vitest';
import { connectRealtime, RESYNC_MESSAGE, type RealtimeEvent, type RealtimeStatus, type WebSocketLike } from './realtime';

class FakeSocket implements WebSocketLike {
  readyState = 0;
  onopen: ((ev: unknown) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  accept() {
    this.readyState = 1;
    this.onopen?.({});
  }
  close() {
    this.readyState = 3;
    this.onclose?.({});
  }
}

function harness() {
  const sockets: FakeSocket[] = [];
  const timers = new Map<number, { fn: () => void; ms: number }>();
  let nextTimer = 0;
  const statuses: RealtimeStatus[] = [];
  let reconnects = 0;
  let attempts = 0;
  const events: RealtimeEvent[] = [];
  const client = connectRealtime({
    url: 'ws://127.0.0.1/api/ws',
    // Every connection attempt starts by asking for the token.
    getToken: () => {
      attempts++;
      return 'token';
    },
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    onEvent: (event) => void events.push(event),
    onReconnect: () => reconnects++,
    onStatus: (status) => statuses.push(status),
    random: () => 0.5,
    setTimer: (fn, ms) => {
      timers.set(++nextTimer, { fn, ms });
      return nextTimer;
    },
    clearTimer: (handle) => timers.delete(handle as number),
  });
  /** The pending reconnect timers (the connect timeouts of open sockets are 20 s). */
  const backoffs = () => [...timers.values()].filter((t) => t.ms < 20_000);
  /** Waits until the client has created its `count`th socket (it fetches a token first). */
  const socketCount = (count: number) => vi.waitFor(() => expect(sockets).toHaveLength(count));
  return { client, events, sockets, statuses, backoffs, socketCount, reconnects: () => reconnects, attempts: () => attempts };
}

describe('the realtime client', () => {
  it('reconnects at once when asked, instead of waiting out the backoff', async () => {
    const h = harness();
    await h.socketCount(1);
    h.sockets[0].accept();
    h.sockets[0].close();
    expect(h.statuses.at(-1)).toBe('closed');
    expect(h.backoffs()).toHaveLength(1);

    h.client.reconnectNow();
    expect(h.backoffs()).toHaveLength(0);
    await h.socketCount(2);
    h.sockets[1].accept();
    expect(h.statuses.at(-1)).toBe('open');
    expect(h.reconnects()).toBe(1);
    h.client.stop();
  });

  it('does nothing while connected or while an attempt is under way, and nothing once stopped', async () => {
    const h = harness();
    h.client.reconnectNow(); // the first attempt is still fetching its token
    await h.socketCount(1);
    h.client.reconnectNow(); // the socket is connecting
    h.sockets[0].accept();
    h.client.reconnectNow(); // open
    h.client.stop();
    h.client.reconnectNow();
    expect(h.attempts()).toBe(1);
    expect(h.sockets).toHaveLength(1);
  });

  it("re-syncs on the server's resync message like after a reconnect, and passes events on", async () => {
    const h = harness();
    await h.socketCount(1);
    h.sockets[0].accept();
    expect(h.reconnects()).toBe(0);
    h.sockets[0].onmessage!({ data: RESYNC_MESSAGE });
    expect(h.reconnects()).toBe(1);
    const event: RealtimeEvent = {
      event: 'contactUpdated',
      summary: { id: '1', kind: 'contact', displayName: 'Zoë', createdAt: '2026-11-23T00:00:00.000Z' },
    };
    h.sockets[0].onmessage!({ data: JSON.stringify(event) });
    expect(h.events).toEqual([event]);
    expect(h.reconnects()).toBe(1);
    h.client.stop();
  });
});
