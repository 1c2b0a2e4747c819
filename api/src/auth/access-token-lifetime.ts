/**
 * How long an access token is valid (docs/sessions.md#access-tokens): what tokens are signed for,
 * and how long a revoked session must be remembered, since its last token outlives the revocation.
 */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
