import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { WS_PROTOCOL } from '@sourcing/shared';

/**
 * Opens /api/ws with `token` over a bare TCP socket (so frames go out exactly as written, which
 * the ws client would refuse to send), writes `bytes` once the upgrade is answered and ends its
 * side (so a frame left incomplete cannot keep the socket waiting), and resolves with the close
 * code of the server's first close frame (0 when it closed without one) once the server has closed
 * the connection.
 */
export function exchangeFrames(url: string, token: string, bytes: Buffer, timeoutMs = 10_000): Promise<number> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    let received = Buffer.alloc(0);
    let upgraded = false;
    socket.on('error', () => undefined);
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (upgraded) return;
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = received.subarray(0, end).toString('latin1');
      if (!head.startsWith('HTTP/1.1 101')) reject(new Error(`upgrade refused: ${head.split('\r\n')[0]}`));
      upgraded = true;
      received = received.subarray(end + 4);
      socket.end(bytes);
    });
    socket.on('close', () => resolve(received[0] === 0x88 && received.length >= 4 ? received.readUInt16BE(2) : 0));
    socket.setTimeout(timeoutMs, () => {
      socket.destroy();
      reject(new Error(`the server did not close the socket within ${timeoutMs} ms`));
    });
    socket.once('connect', () =>
      socket.write(
        [
          'GET /api/ws HTTP/1.1',
          'Host: 127.0.0.1',
          'Upgrade: websocket',
          'Connection: Upgrade',
          `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
          'Sec-WebSocket-Version: 13',
          `Sec-WebSocket-Protocol: ${WS_PROTOCOL}, ${token}`,
          '',
          '',
        ].join('\r\n'),
      ),
    );
  });
}
