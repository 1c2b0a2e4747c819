/**
 * Constants shared by the Playwright config and the browser tests. Each worker has a test server
 * of its own (a database of its own): worker n's listens on E2E_PORT + 10 n (E2E_PORT defaults to
 * 3107), so two checkouts can run their browser tests at once with ports 10 apart per worker.
 */
import { join } from 'node:path';

/**
 * How many workers run the tests, and so how many servers the config starts (E2E_WORKERS, default
 * 3: on two cores, two workers left a seventh of the CPU idle while they waited on their server and
 * browser; a third fills it).
 */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 3);
const FIRST_PORT = Number(process.env.E2E_PORT ?? 3107);

/** The port of worker `n`'s test server. */
export const serverPort = (worker: number) => FIRST_PORT + 10 * worker;
/** An origin allowed to frame the embeddable forms in the EMBED_ORIGINS of the server on `port`. */
export const embedOriginOf = (port: number) => `http://127.0.0.1:${port + 92}`;
/** The data folder of worker `n`'s server, under the run's E2E_DATA_DIR (made by the config). */
export const serverDataDir = (worker: number) => join(process.env.E2E_DATA_DIR ?? '', `server-${worker}`);

/** The worker this module runs in (Playwright numbers them from 0 in TEST_PARALLEL_INDEX; the config's own process is 0). */
const WORKER = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
if (WORKER >= E2E_WORKERS) {
  throw new Error(`Worker ${WORKER} has no test server: set E2E_WORKERS (not --workers) to run more workers.`);
}

export const E2E_PORT = serverPort(WORKER);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** This worker's server's DATA_DIR. */
export const E2E_DATA_DIR = serverDataDir(WORKER);
export const E2E_ADMIN = { email: 'admin@example.com', password: 'correct-horse-battery' };
/** An origin allowed to frame the embeddable forms in this worker's server's EMBED_ORIGINS. */
export const E2E_EMBED_ORIGIN = embedOriginOf(E2E_PORT);
/** The desk's mailbox (REPLY_TO_ADDRESS of every test server): staff replies carry `desk+<token>@…` as their Reply-To. */
export const E2E_DESK_ADDRESS = 'desk@sourcing.example';
/** This worker's server's SMTP receiver for answers (INBOUND_SMTP_PORT: the config gives the server on port p p + 5). */
export const E2E_INBOUND_SMTP_PORT = E2E_PORT + 5;
/** An origin not in EMBED_ORIGINS. */
export const E2E_OTHER_ORIGIN = `http://127.0.0.1:${E2E_PORT + 116}`;
