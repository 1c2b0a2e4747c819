import { ApiError, NETWORK_ERROR, type ApiErrorBody, type SubmitResponse } from '@sourcing/shared';

export interface UploadProgress {
  loaded: number;
  total: number;
}

/** Text fields first, then files under their field name (repeated for several files). */
export function multipartBody(fields: Record<string, string>, files: { field: string; files: readonly File[] }): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
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
 * POSTs a multipart body with XMLHttpRequest, because fetch cannot report upload progress.
 * Resolves with the server's answer; rejects with an ApiError carrying the server's `error`
 * and `fields`, or NETWORK_ERROR when nothing came back.
 */
export function postMultipart(
  url: string,
  body: FormData,
  onProgress: (progress: UploadProgress) => void,
): Promise<SubmitResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
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
