/**
 * One document upload (issue 24): the file's bytes as the body of POST /api/webchats/documents,
 * its type as Content-Type and its name in `?name=`. XMLHttpRequest, not fetch, because only it
 * reports upload progress; signed in like the API client (bearer token refreshed first when due,
 * impersonation header). Failures reject with ApiError like the client's, so their text is the
 * server's field-named message.
 */
import { ApiError } from '../../../shared/api/index.js';
import { IMPERSONATE_HEADER } from '../../../shared/defaults.js';
import type { DocumentResponse } from '../../../shared/types/knowledge.js';
import { DEFAULT_API_BASE_URL } from '../../lib/api.js';
import { authStore } from '../../lib/storage.js';

export interface UploadCallbacks {
  /** Bytes sent so far of `total`. */
  onProgress(loaded: number, total: number): void;
  /** Every byte is sent: the server is reading the file. */
  onSent(): void;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export async function uploadDocument(
  file: File,
  token: string | null,
  { onProgress, onSent }: UploadCallbacks,
  signal?: AbortSignal,
): Promise<DocumentResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${DEFAULT_API_BASE_URL}/webchats/documents?name=${encodeURIComponent(file.name)}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    // Browsers leave .md and many others untyped: the server tells the kind by the bytes anyway.
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    const impersonated = authStore.getImpersonatedUserId();
    if (impersonated) xhr.setRequestHeader(IMPERSONATE_HEADER, impersonated);
    xhr.upload.addEventListener('progress', (event) =>
      onProgress(event.loaded, event.lengthComputable ? event.total : file.size),
    );
    xhr.upload.addEventListener('load', () => onSent());
    xhr.addEventListener('load', () => {
      const body = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as DocumentResponse);
      else reject(new ApiError(xhr.status, body));
    });
    xhr.addEventListener('error', () => reject(new ApiError(0, null, 'The upload failed: network error')));
    xhr.addEventListener('abort', () => reject(new ApiError(0, null, 'The upload was cancelled')));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
