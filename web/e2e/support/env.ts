/** Constants shared by the Playwright config and the browser tests. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3107);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_ADMIN = { email: 'admin@example.com', password: 'correct-horse-battery' };
/** An origin allowed to frame the embeddable forms in the test server's EMBED_ORIGINS. */
export const E2E_EMBED_ORIGIN = `http://127.0.0.1:${E2E_PORT + 92}`;
/** An origin not in EMBED_ORIGINS. Both follow E2E_PORT, so two checkouts can run their browser tests at once. */
export const E2E_OTHER_ORIGIN = `http://127.0.0.1:${E2E_PORT + 116}`;
