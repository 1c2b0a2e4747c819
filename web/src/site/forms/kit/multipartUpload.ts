import {
  ApiError,
  EMBED_ORIGIN_HEADER,
  FORM_PROOF_HEADER,
  HONEYPOT_FIELD,
  NETWORK_ERROR,
  type ApiErrorBody,
  type FormProof,
  type SubmitResponse,
} from '@sourcing/shared';

export interface UploadProgress {
  loaded: number;
  total: number;
}

/** Text fields first (with the honeypot's value), then files under their field name (repeated for several files). */
export function multipartBody(
  fields: Record<string, string>,
  files: { field: string; files: readonly File[] },
  proof: FormProof,
): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append(HONEYPOT_FIELD, proof.honeypot);
  for (const file of files.files) body.append(files.field, file, file.name);
  return body;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * POSTs a multipart body with its spam-check proof with XMLHttpRequest, because fetch cannot report upload progress;
 * an embedded form also names the page framing it (`embeddedIn`: docs/forms.md#embedded-forms).
 * Resolves with the server's answer; rejects with an ApiError carrying the server's `error`
 * and `fields`, or NETWORK_ERROR when nothing came back.
 */
export function postMultipart(
  url: string,
  body: FormData,
  proof: FormProof,
  onProgress: (progress: UploadProgress) => void,
  embeddedIn: string | null = null,
): Promise<SubmitResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    // The spam check's proof travels in a header, so the API refuses a bot before reading its files.
    xhr.setRequestHeader(FORM_PROOF_HEADER, proof.payload);
    if (embeddedIn) xhr.setRequestHeader(EMBED_ORIGIN_HEADER, embeddedIn);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
    };
    xhr.onerror = () => reject(new ApiError(NETWORK_ERROR, 0));
    xhr.onabort = () => reject(new ApiError(NETWORK_ERROR, 0));
    xhr.onload = () => {
      const answer = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve((answer ?? { message: '' }) as SubmitResponse);
        return;
      }
      const error = (answer ?? {}) as Partial<ApiErrorBody>;
      reject(new ApiError(error.error || '', xhr.status, error.fields ?? {}));
    };
    xhr.send(body);
  });
}
