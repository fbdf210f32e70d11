/**
 * Multipart uploads with progress (XMLHttpRequest reports upload progress; fetch does not), errors as the
 * same ApiError the rest of the web app uses; and the real type of a file from its first bytes.
 */
import { isApiErrorBody } from '../../../shared/api-errors.ts';
import { sniffType } from '../../../shared/validation/uploads.ts';
import { ApiError } from '../../lib/api.ts';

export function postMultipart<T>(
  url: string,
  form: FormData,
  onProgress?: (percent: number) => void,
  signal?: AbortSignal,
  headers: Record<string, string> = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && onProgress) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      let data: unknown = null;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        data = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(100);
        resolve(data as T);
      } else if (isApiErrorBody(data)) {
        reject(new ApiError(xhr.status, data.error.code, data.error.message, data.error.issues));
      } else {
        reject(new ApiError(xhr.status, 'internal', xhr.statusText || 'Request failed'));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, 'network', 'Failed to fetch'));
    xhr.onabort = () => reject(new ApiError(0, 'network', 'The upload was cancelled.'));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}

/** The file's real type from its first bytes (among the accepted types), as the server will see it. */
export async function detectFileType(file: Blob): Promise<string | null> {
  try {
    const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
    return sniffType(head);
  } catch {
    return null;
  }
}
