import { startAuthentication, startRegistration, WebAuthnError } from '@simplewebauthn/browser';
import type { ApiClient, PasskeySummary, SessionResponse } from '@sourcing/shared';

/** What the browser says when the admin closes its passkey prompt, or no passkey of this site is there. */
export const PASSKEY_CANCELLED = 'No passkey was used.';

/** The browser's own refusal (cancelled, no authenticator) in words; the API's messages pass as they are. */
function passkeyError(error: unknown): Error {
  if (error instanceof WebAuthnError || (error instanceof Error && error.name === 'NotAllowedError')) {
    return new Error(PASSKEY_CANCELLED);
  }
  return error instanceof Error ? error : new Error(String(error));
}

/** Signs in with a passkey of this site: the server's challenge, the browser's prompt, the server's check. */
export async function signInWithPasskey(api: Pick<ApiClient, 'passkeyOptions' | 'passkeyLogin'>): Promise<SessionResponse> {
  const optionsJSON = await api.passkeyOptions();
  const response = await startAuthentication({ optionsJSON }).catch((error: unknown) => {
    throw passkeyError(error);
  });
  return api.passkeyLogin(response);
}

/** Makes a passkey for the signed-in account on this device and registers it under `name`. */
export async function createPasskey(
  api: Pick<ApiClient, 'passkeyRegistrationOptions' | 'addPasskey'>,
  name: string,
): Promise<PasskeySummary> {
  const optionsJSON = await api.passkeyRegistrationOptions();
  const response = await startRegistration({ optionsJSON: optionsJSON as never }).catch((error: unknown) => {
    throw passkeyError(error);
  });
  return api.addPasskey(name, response);
}
