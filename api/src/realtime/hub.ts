import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { API_PATHS, API_PREFIX, RESYNC_MESSAGE, SESSION_REVOKED_CLOSE, WS_PROTOCOL, type RealtimeEvent } from '@sourcing/shared';
import { WebSocketServer, type WebSocket } from 'ws';
import type { AccessTokens } from '../auth/access-tokens';
import type { SessionStates } from '../auth/session-states';
import type { Logger } from '../http/logger';
import type { EventBus } from './event-bus';

export const REALTIME_PATH = `${API_PREFIX}${API_PATHS.ws}`;
/** Close code sent when the access token that opened the socket expires: the client reconnects. */
export const TOKEN_EXPIRED_CLOSE = 4001;
/** Close code sent when the socket's session was revoked or its account disabled (docs/sessions.md). */
export { SESSION_REVOKED_CLOSE };

export interface RealtimeHubOptions {
  bus: EventBus;
  tokens: AccessTokens;
  /** Re-checked whenever they change: sockets of a revoked session or a disabled account are closed. */
  sessions: Pick<SessionStates, 'roleOf' | 'onChange'>;
  logger: Logger;
  heartbeatMs?: number;
}

export interface RealtimeHub {
  clientCount(): number;
  close(): Promise<void>;
}

/** Token from the `Sec-WebSocket-Protocol: sourcing.bearer, <token>` offer, if any. */
export function tokenFromProtocols(header: string | undefined): string | null {
  const offered = (header ?? '').split(',').map((p) => p.trim());
  const at = offered.indexOf(WS_PROTOCOL);
  return at >= 0 && offered[at + 1] ? offered[at + 1] : null;
}

/** Answers an upgrade we do not accept and closes the socket, whatever the client does next. */
function refuse(socket: Duplex, status: number, text: string) {
  socket.on('error', () => socket.destroy());
  socket.once('finish', () => socket.destroy());
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/**
 * The admins' WebSocket at /api/ws: only a valid admin access token may connect; every bus
 * event goes to every client, and so does the bus's call to re-sync; a heartbeat drops clients that stop
 * answering pings; a socket whose session is revoked (or account disabled) is closed as soon as this
 * replica learns of it.
 */
export function attachRealtimeHub(server: Server, options: RealtimeHubOptions): RealtimeHub {
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: 4 * 1024,
    handleProtocols: (protocols) => (protocols.has(WS_PROTOCOL) ? WS_PROTOCOL : false),
  });
  const alive = new WeakMap<WebSocket, boolean>();
  const expiryTimers = new Map<WebSocket, NodeJS.Timeout>();
  const sessionOf = new WeakMap<WebSocket, { adminId: string; sessionId: string | null }>();

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = URL.parse(request.url ?? '/', 'http://localhost')?.pathname;
    // Node hands every request with an Upgrade header to this listener and nowhere else: one left
    // unanswered keeps its socket open for good (enough of them exhaust the file descriptors).
    if (path !== REALTIME_PATH) {
      refuse(socket, 404, 'Not Found');
      return;
    }
    const token = tokenFromProtocols(request.headers['sec-websocket-protocol']);
    const verified = token ? options.tokens.verify(token) : null;
    if (!verified) {
      refuse(socket, 401, 'Unauthorized');
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      alive.set(ws, true);
      sessionOf.set(ws, { adminId: verified.admin.id, sessionId: verified.sessionId });
      // A malformed, oversized or otherwise refused frame: ws has already answered it with the
      // fitting close code and is closing this socket; the error concerns this client alone.
      ws.on('error', (error) => options.logger.debug('realtime socket closed on a bad frame', { error: error.message }));
      ws.on('pong', () => alive.set(ws, true));
      ws.on('message', () => {
        /* the socket is push-only */
      });
      ws.on('close', () => {
        clearTimeout(expiryTimers.get(ws));
        expiryTimers.delete(ws);
      });
      const expiresInMs = verified.expiresAt - Date.now();
      expiryTimers.set(
        ws,
        setTimeout(() => ws.close(TOKEN_EXPIRED_CLOSE, 'token expired'), Math.max(expiresInMs, 0)),
      );
    });
  };
  server.on('upgrade', onUpgrade);

  const sendToAll = (payload: string) => {
    for (const client of wss.clients) {
      if (client.readyState === client.OPEN) client.send(payload);
    }
  };
  const unsubscribe = options.bus.subscribe((event: RealtimeEvent) => sendToAll(JSON.stringify(event)));
  const stopResync = options.bus.onResync(() => sendToAll(RESYNC_MESSAGE));

  const stopWatchingSessions = options.sessions.onChange(() => {
    for (const client of wss.clients) {
      const session = sessionOf.get(client);
      if (session && !options.sessions.roleOf(session.adminId, session.sessionId)) {
        client.close(SESSION_REVOKED_CLOSE, 'session revoked');
      }
    }
  });

  const heartbeat = setInterval(() => {
    for (const client of wss.clients) {
      if (alive.get(client) === false) {
        client.terminate();
        continue;
      }
      alive.set(client, false);
      client.ping();
    }
  }, options.heartbeatMs ?? 30_000);
  heartbeat.unref();

  return {
    clientCount: () => wss.clients.size,
    async close() {
      clearInterval(heartbeat);
      unsubscribe();
      stopResync();
      stopWatchingSessions();
      server.off('upgrade', onUpgrade);
      for (const timer of expiryTimers.values()) clearTimeout(timer);
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
