/** Notifications from real events: a real API server, its real WebSocket, the shared realtime client. */
import {
  API_PATHS,
  connectRealtime,
  notificationFor,
  realtimeUrl,
  type RealtimeClient,
  type RealtimeEvent,
} from '@sourcing/shared';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_START_TIMEOUT_MS, startSignedInApi, type SignedInApi } from '../test/real-api';
import { createNotifier } from './notifier';
import { recordingNotifications } from '../test/fake-notifications';

let api: SignedInApi;
let client: RealtimeClient;
const received: RealtimeEvent[] = [];
const waiters: (() => void)[] = [];

beforeAll(async () => {
  api = await startSignedInApi();
  await new Promise<void>((resolve) => {
    client = connectRealtime({
      url: realtimeUrl(api.server.url, api.server.url),
      getToken: () => api.accessToken,
      createSocket: (url, protocols) => new WebSocket(url, protocols) as never,
      onEvent: (event) => {
        received.push(event);
        waiters.splice(0).forEach((wake) => wake());
      },
      onStatus: (status) => status === 'open' && resolve(),
    });
  });
}, API_START_TIMEOUT_MS);

afterAll(async () => {
  client?.stop();
  await api?.server.close();
});

async function eventsAfter(count: number): Promise<RealtimeEvent[]> {
  while (received.length < count) await new Promise<void>((wake) => waiters.push(wake));
  return received.splice(0, count);
}

const json = (value: unknown) => JSON.stringify(value);

/** The notifier's burst window, ended by the test instead of by the clock. */
function manualBurstTimer() {
  const timers: (() => void)[] = [];
  return {
    set: (fn: () => void) => timers.push(fn),
    get pending() {
      return timers.length;
    },
    end: () => timers.splice(0).forEach((fn) => fn()),
  };
}
const jsonHeaders = { 'Content-Type': 'application/json' };

describe('notifications for real events from the API', () => {
  it('says who sent a contact message, and opens the contact list when clicked', async () => {
    const posted = await api.post(
      API_PATHS.contact,
      json({ name: 'Jane Doe', email: 'jane@acme.example', message: 'Do you ship copper to Rotterdam?' }),
      jsonHeaders,
    );
    expect(posted.status).toBe(201);
    const [event] = await eventsAfter(1);

    const natives = recordingNotifications();
    const routes: string[] = [];
    const burst = manualBurstTimer();
    const notifier = createNotifier({
      createNotification: natives.create,
      showRoute: (r) => routes.push(r),
      setTimer: burst.set,
    });
    notifier.notify(notificationFor(event));
    expect(natives.shown).toEqual([]);
    burst.end();

    expect(natives.shown.map(({ title, body }) => ({ title, body }))).toEqual([
      { title: 'New contact message — Jane Doe', body: 'Jane Doe, jane@acme.example' },
    ]);
    natives.shown[0].click();
    expect(routes).toEqual(['/admin/contact-queries']);
  });

  it('coalesces a burst of new subscribers into one notification', async () => {
    const natives = recordingNotifications();
    const burst = manualBurstTimer();
    const notifier = createNotifier({ createNotification: natives.create, showRoute: () => {}, setTimer: burst.set });
    const emails = ['a@reader.example', 'b@reader.example', 'c@reader.example', 'd@reader.example'];
    for (const email of emails) {
      expect((await api.post(API_PATHS.subscribers, json({ email }), jsonHeaders)).status).toBe(201);
    }
    // What the admin UI does per event: platform.notify(notificationFor(event)), through IPC to this notifier.
    for (const event of await eventsAfter(emails.length)) notifier.notify(notificationFor(event));
    expect(burst.pending).toBe(1);
    burst.end();

    expect(natives.shown.map(({ title, body }) => ({ title, body }))).toEqual([
      { title: '4 new newsletter subscribers', body: 'a@reader.example, b@reader.example, c@reader.example and 1 more' },
    ]);
  });
});
