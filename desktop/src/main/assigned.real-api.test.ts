/**
 * What concerns the signed-in admin, from a real API server and its real WebSocket: records others
 * assign to them and status changes on records they own become notifications, and the badge
 * counts their unread records as the server counts them (docs/desktop.md#notifications).
 */
import {
  ADMIN_LISTS,
  API_PATHS,
  changeNotificationFor,
  connectRealtime,
  createApiClient,
  realtimeUrl,
  unreadTotal,
  type Assignee,
  type RealtimeClient,
  type RealtimeEvent,
} from '@sourcing/shared';
import { createStaffAccount } from '@sourcing/api/test/staff';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingNotifications } from '../test/fake-notifications';
import { API_START_TIMEOUT_MS, startSignedInApi, type SignedInApi } from '../test/real-api';
import { createBadge } from './badge';
import { createNotifier } from './notifier';

let api: SignedInApi;
let ana: Assignee;
let client: RealtimeClient;
const received: RealtimeEvent[] = [];
const waiters: (() => void)[] = [];

beforeAll(async () => {
  api = await startSignedInApi();
  const account = await createStaffAccount(api.server, 'agent', 'ana@example.com');
  ana = { id: account.id, email: account.email, name: account.email };
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

const contacts = `/api${ADMIN_LISTS.contacts.path}`;

/** A contact message from a visitor; answers its id once its realtime event has arrived. */
async function contactFrom(name: string): Promise<string> {
  const body = JSON.stringify({ name, email: 'jane@acme.example', message: 'Do you ship copper?' });
  expect((await api.post(API_PATHS.contact, body, { 'Content-Type': 'application/json' })).status).toBe(201);
  const [event] = await eventsAfter(1);
  return event.summary.id;
}

/** A desk change by `by` (a token of theirs), answered with the realtime event it caused. */
async function change(by: Assignee | 'me', id: string, body: Record<string, unknown>): Promise<RealtimeEvent> {
  const token = by === 'me' ? api.accessToken : api.server.deps.tokens.sign(by);
  const res = await fetch(`${api.server.url}${contacts}/${id}`, {
    method: 'PATCH',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const [event] = await eventsAfter(1);
  return event;
}

/** The notifier with its burst window ended by the test, and what it showed. */
function notifierUnderTest() {
  const natives = recordingNotifications();
  const routes: string[] = [];
  const timers: (() => void)[] = [];
  const notifier = createNotifier({
    createNotification: natives.create,
    showRoute: (route) => routes.push(route),
    setTimer: (fn) => timers.push(fn),
  });
  // What the admin UI does with each event: platform.notify(changeNotificationFor(event, me)) when it concerns them.
  const handle = (event: RealtimeEvent) => {
    const notification = changeNotificationFor(event, api.admin.id);
    if (notification) notifier.notify(notification);
  };
  const shown = () => {
    timers.splice(0).forEach((fn) => fn());
    return natives.shown.map(({ title, body }) => ({ title, body }));
  };
  return { handle, shown, natives, routes };
}

describe('the desktop app, for the signed-in admin', () => {
  it('notifies "assigned to you" and status changes by others on their records, never their own changes', async () => {
    const id = await contactFrom('Jane Doe');
    const { handle, shown, natives, routes } = notifierUnderTest();

    handle(await change(ana, id, { version: 1, ownerId: api.admin.id }));
    expect(shown()).toEqual([
      { title: 'Assigned to you — Jane Doe', body: `ana@example.com assigned Jane Doe to ${api.admin.email}` },
    ]);
    natives.shown[0].click();
    expect(routes).toEqual([`/admin/contact-queries/${id}`]);

    handle(await change(ana, id, { version: 2, status: 'Answered' }));
    handle(await change('me', id, { version: 3, status: 'Open' }));
    expect(shown().slice(1)).toEqual([{ title: 'Jane Doe is now Answered', body: 'ana@example.com moved Jane Doe to Answered' }]);

    // Once it is someone else's, its changes are theirs to hear about.
    handle(await change('me', id, { version: 4, ownerId: ana.id }));
    handle(await change(ana, id, { version: 5, status: 'Answered' }));
    expect(shown()).toHaveLength(2);
  });

  it('shows a bulk assignment as one notification', async () => {
    const ids = [await contactFrom('Raj Patel'), await contactFrom('Li Wei'), await contactFrom('Ama Owusu')];
    const { handle, shown } = notifierUnderTest();
    const res = await fetch(`${api.server.url}${contacts}/bulk`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${api.server.deps.tokens.sign(ana)}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ records: ids.map((id) => ({ id, version: 1 })), ownerId: api.admin.id }),
    });
    expect(res.status).toBe(200);
    for (const event of await eventsAfter(ids.length)) handle(event);
    expect(shown()).toEqual([{ title: '3 records assigned to you', body: 'Raj Patel, Li Wei, Ama Owusu' }]);
  });

  it('the badge counts the admin’s unread records as the server counts them, and drops as they are opened', async () => {
    const calls: number[] = [];
    const badge = createBadge({ platform: 'darwin', setAppBadgeCount: (n) => calls.push(n), setOverlayIcon: () => {} });
    const apiClient = createApiClient({ baseUrl: api.server.url, getAccessToken: () => api.accessToken });
    // The messages the file's other tests sent, if they ran first: unread, as none of them opens one.
    const before = (await api.server.deps.db.all('SELECT "id" FROM "contact_messages"')).length;
    const [sam, kim] = [await contactFrom('Sam Lee'), await contactFrom('Kim Ode'), await contactFrom('Ola Berg')];
    // What the admin UI does on sign-in, on every event and after opening a record: platform.setBadgeCount(unreadTotal(counts)).
    badge.set(unreadTotal(await apiClient.unreadCounts()));
    badge.set(unreadTotal(await apiClient.markRead('contacts', sam)));
    await change(ana, sam, { version: 1, status: 'Spam' });
    badge.set(unreadTotal(await apiClient.markRead('contacts', kim)));
    badge.set(unreadTotal(await apiClient.markAllRead('contacts')));
    expect(calls).toEqual([before + 3, before + 2, before + 1, 0]);
  });
});
