/**
 * The typed fetch client. Every call sends the session cookie (same origin). A non-OK answer
 * becomes an ApiError whose message is `${status}: ${text}` (SPEC §7); `serverMessage` digs the
 * `{ message }` the API sends out of it for toasts.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;
  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

export async function throwIfNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    throw new ApiError(res.status, res.statusText, text);
  }
}

/** The server's own message, if the error carries one (JSON `{ message }` or plain text). */
export function serverMessage(error: unknown): string | undefined {
  if (error instanceof ApiError) {
    const body = error.body.trim();
    if (!body) return undefined;
    try {
      const parsed: unknown = JSON.parse(body);
      if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string' && parsed.message) {
        return parsed.message;
      }
      return undefined;
    } catch {
      return body.startsWith('<') ? undefined : body;
    }
  }
  if (error instanceof Error && error.message) return error.message;
  return undefined;
}

export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: data !== undefined ? { 'Content-Type': 'application/json' } : {},
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: 'include',
  });
  await throwIfNotOk(res);
  return res;
}

export async function getJson<T>(url: string): Promise<T> {
  const res = await apiRequest('GET', url);
  return (await res.json()) as T;
}

export async function sendJson<T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, data?: unknown): Promise<T> {
  const res = await apiRequest(method, url, data);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Upload steps shown to the applicant (SPEC §4): 25, 50, 75, 100 percent. */
export type UploadProgress = 0 | 25 | 50 | 75 | 100;

/**
 * multipart upload with progress reported in 25 % steps. XHR (not fetch) because only XHR reports
 * upload progress in browsers. Error bodies are read as plain text (SPEC §7).
 */
export function uploadFile<T>(url: string, form: FormData, onProgress?: (step: UploadProgress) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let reached: UploadProgress = 0;
    const report = (step: UploadProgress) => {
      if (step > reached) {
        reached = step;
        onProgress?.(step);
      }
    };
    xhr.open('POST', url);
    xhr.withCredentials = true;
    report(25);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0 && e.loaded >= e.total / 2) report(50);
    };
    xhr.upload.onload = () => report(75);
    xhr.onload = () => {
      report(75);
      if (xhr.status >= 200 && xhr.status < 300) {
        report(100);
        try {
          resolve((xhr.responseText ? JSON.parse(xhr.responseText) : undefined) as T);
        } catch {
          reject(new Error('Invalid document response'));
        }
      } else {
        reject(new ApiError(xhr.status, xhr.statusText, xhr.responseText));
      }
    };
    xhr.onerror = () => reject(new Error('Network error: the upload could not reach the server.'));
    xhr.send(form);
  });
}
