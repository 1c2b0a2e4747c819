import type { IncomingMessage } from 'node:http';

/**
 * Reads a request body nobody will use to its end (up to `maxBytes`), so an answer given before
 * it leaves the kept-alive connection in step for the client's next request. False when larger.
 */
export async function discardBody(req: IncomingMessage, maxBytes = 1024 * 1024): Promise<boolean> {
  if (req.readableEnded) return true;
  let seen = 0;
  for await (const chunk of req) {
    seen += (chunk as Buffer).length;
    if (seen > maxBytes) return false;
  }
  return true;
}
