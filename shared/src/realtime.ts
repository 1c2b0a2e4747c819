/** Realtime events pushed to admins over the WebSocket at API_PREFIX + API_PATHS.ws. */
import { API_PATHS, API_PREFIX } from './api-paths';

export const REALTIME_EVENTS = ['inquiryUpdated', 'supplierInquiryUpdated', 'contactUpdated', 'subscriberUpdated'] as const;
export type RealtimeEventName = (typeof REALTIME_EVENTS)[number];

export type RecordKind = 'inquiry' | 'supplierInquiry' | 'contact' | 'subscriber';

/** A summary fit for a desktop notification. */
export interface RealtimeSummary {
  id: string;
  kind: RecordKind;
  /** Person's name (or the subscriber's e-mail). */
  displayName: string;
  /** A second detail: company, product or e-mail, when there is one. */
  detail?: string;
  createdAt: string;
}

/** A change staff made to a record (docs/admin.md#sales-desk), absent when the event announces a new record. */
export interface RealtimeChange {
  /** Who made it. */
  by: { id: string; email: string; name: string };
  /**
   * `answer`: a mail came back from the customer (`by` is then the customer, with an empty id).
   * `follow-up`: a follow-up set or cleared, or its time came (`by` is then FOLLOW_UP_REMINDER,
   * shared/src/follow-ups.ts); `snooze`: the record snoozed, or its snooze ended; `response`: its
   * first response is due soon or its target was missed (`by` is RESPONSE_TARGET_WATCH,
   * shared/src/response-targets.ts).
   */
  type: 'status' | 'owner' | 'note' | 'mail' | 'link' | 'answer' | 'follow-up' | 'snooze' | 'response';
  /** What happened, after the actor's name: 'moved Jane Doe to Quoted'. */
  text: string;
  /** The record's status, owner and version after the change. */
  status: string;
  ownerId: string | null;
  version: number;
  /** A link change: the other record, whose views re-read too. */
  other?: { event: RealtimeEventName; id: string };
  /** Its status and owner before it (the same for a note): what changed, e.g. for "assigned to you". */
  from: { status: string; ownerId: string | null };
}

export interface RealtimeEvent {
  event: RealtimeEventName;
  summary: RealtimeSummary;
  change?: RealtimeChange;
}

/**
 * What the server sends when events may have been missed (its link to the other replicas was
 * down, or a bulk load arrived): the admin UI re-fetches what it shows, as after a reconnect.
 */
export const RESYNC_MESSAGE = '{"resync":true}';

/** Close code of a socket whose session was signed out or whose account was disabled (docs/sessions.md). */
export const SESSION_REVOKED_CLOSE = 4003;

/** Subprotocol carrying the admin's access token: `new WebSocket(url, [WS_PROTOCOL, token])`. */
export const WS_PROTOCOL = 'sourcing.bearer';

/** docs/api.md#reconnect-backoff: reconnect 1 s growing to 5 s, jitter 0.5, connect timeout 20 s, unlimited attempts. */
export const RECONNECT = {
  initialDelayMs: 1000,
  maxDelayMs: 5000,
  jitter: 0.5,
  connectTimeoutMs: 20000,
} as const;

/** Delay before reconnect attempt number `attempt` (0-based), with jitter from `random()` in [0, 1). */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(RECONNECT.initialDelayMs * 2 ** attempt, RECONNECT.maxDelayMs);
  const deviation = base * RECONNECT.jitter * random();
  const delay = random() < 0.5 ? base - deviation : base + deviation;
  return Math.round(Math.min(delay, RECONNECT.maxDelayMs));
}

export function parseRealtimeEvent(data: unknown): RealtimeEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = JSON.parse(data) as Partial<RealtimeEvent>;
    if (
      parsed &&
      typeof parsed.event === 'string' &&
      (REALTIME_EVENTS as readonly string[]).includes(parsed.event) &&
      parsed.summary
    ) {
      return parsed as RealtimeEvent;
    }
  } catch {
    /* not an event */
  }
  return null;
}

/** The part of the WebSocket API the client uses: the browser's and the `ws` package's both fit. */
export interface WebSocketLike {
  readonly readyState: number;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  close(code?: number, reason?: string): void;
}
export type WebSocketFactory = (url: string, protocols: string[]) => WebSocketLike;

export type RealtimeStatus = 'connecting' | 'open' | 'closed';

export interface RealtimeClientOptions {
  /** Absolute ws:// or wss:// URL of the socket. */
  url: string | (() => string);
  /** The current access token (refreshing it if needed); null stops the client until restarted. */
  getToken: () => Promise<string | null> | string | null;
  createSocket: WebSocketFactory;
  onEvent: (event: RealtimeEvent) => void;
  /** Called on every open after the first and on the server's RESYNC_MESSAGE, so the app re-fetches what it may have missed. */
  onReconnect?: () => void;
  onStatus?: (status: RealtimeStatus) => void;
  /** The server closed the socket because its session ended (signed out elsewhere, account disabled). */
  onSessionRevoked?: () => void;
  random?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export interface RealtimeClient {
  stop(): void;
  /** Tries again at once instead of waiting out the backoff (an admin's 'Reconnect now'). */
  reconnectNow(): void;
}

/** A WebSocket that reconnects forever with the backoff of docs/api.md#reconnect-backoff until stopped. */
export function connectRealtime(options: RealtimeClientOptions): RealtimeClient {
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = options.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  let stopped = false;
  let attempt = 0;
  let opened = false;
  let socket: WebSocketLike | null = null;
  let awaitingToken = false;
  let timer: unknown = null;
  let connectTimer: unknown = null;

  const status = (s: RealtimeStatus) => options.onStatus?.(s);

  const scheduleReconnect = () => {
    if (stopped) return;
    const delay = reconnectDelay(attempt++, options.random);
    timer = setTimer(() => void open(), delay);
  };

  const open = async () => {
    if (stopped) return;
    status('connecting');
    let token: string | null;
    awaitingToken = true;
    try {
      token = await options.getToken();
    } catch {
      token = null;
    } finally {
      awaitingToken = false;
    }
    if (stopped) return;
    if (!token) {
      scheduleReconnect();
      return;
    }
    const url = typeof options.url === 'function' ? options.url() : options.url;
    const ws = options.createSocket(url, [WS_PROTOCOL, token]);
    socket = ws;
    connectTimer = setTimer(() => ws.close(), RECONNECT.connectTimeoutMs);
    ws.onopen = () => {
      clearTimer(connectTimer);
      attempt = 0;
      status('open');
      if (opened) options.onReconnect?.();
      opened = true;
    };
    ws.onmessage = (ev) => {
      if (ev.data === RESYNC_MESSAGE) {
        options.onReconnect?.();
        return;
      }
      const event = parseRealtimeEvent(ev.data);
      if (event) options.onEvent(event);
    };
    ws.onerror = () => {
      /* close follows */
    };
    ws.onclose = (ev) => {
      clearTimer(connectTimer);
      if (socket !== ws) return;
      socket = null;
      status('closed');
      if ((ev as { code?: number } | null)?.code === SESSION_REVOKED_CLOSE) options.onSessionRevoked?.();
      scheduleReconnect();
    };
  };

  void open();
  return {
    reconnectNow() {
      if (stopped || socket || awaitingToken) return; // open, or an attempt already under way
      clearTimer(timer);
      attempt = 0;
      void open();
    },
    stop() {
      stopped = true;
      clearTimer(timer);
      clearTimer(connectTimer);
      const ws = socket;
      socket = null;
      ws?.close(1000, 'client stop');
      status('closed');
    },
  };
}

/** ws(s):// URL of the socket for an API origin ('' means the page's own origin). */
export function realtimeUrl(apiOrigin: string, pageOrigin: string): string {
  const base = new URL(apiOrigin || pageOrigin);
  base.protocol = base.protocol === 'https:' ? 'wss:' : 'ws:';
  base.pathname = `${API_PREFIX}${API_PATHS.ws}`;
  base.search = '';
  return base.toString();
}
