/** An XMLHttpRequest stand-in for uploads: answers with `respond(url, body)`; records requests. */
export interface FakeUpload {
  url: string;
  body: FormData;
}

export function installFakeXhr(respond: (url: string, body: FormData) => { status: number; body?: unknown }) {
  const requests: FakeUpload[] = [];
  class FakeXhr {
    status = 0;
    statusText = '';
    responseText = '';
    withCredentials = false;
    upload: { onprogress: ((e: ProgressEvent) => void) | null; onload: (() => void) | null } = { onprogress: null, onload: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    send(body: FormData) {
      requests.push({ url: this.url, body });
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 } as ProgressEvent);
        this.upload.onload?.();
        const answer = respond(this.url, body);
        this.status = answer.status;
        this.statusText = answer.status >= 400 ? 'Error' : 'OK';
        this.responseText = answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
        this.onload?.();
      }, 5);
    }
  }
  const original = globalThis.XMLHttpRequest;
  globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  return {
    requests,
    restore() {
      globalThis.XMLHttpRequest = original;
    },
  };
}
