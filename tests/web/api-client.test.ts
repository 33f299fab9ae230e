import { afterEach, describe, expect, it, vi } from 'vitest';
import { documentsQuery } from '../../apps/web/src/api/applications.js';
import { uploadPassport } from '../../apps/web/src/api/passport-upload.js';
import { api, ApiError, call, serverFieldErrors, serverMessage, upload, type UploadProgress } from '../../apps/web/src/api/client.js';
import { keys } from '../../apps/web/src/api/keys.js';
import { createQueryClient } from '../../apps/web/src/api/query-client.js';
import { adminPageQuery } from '../../apps/web/src/features/admin/api.js';
import { userQuery } from '../../apps/web/src/api/user.js';
import { installFakeXhr } from './fake-xhr.js';

afterEach(() => vi.unstubAllGlobals());

/** A fetch stand-in answering every request with `response` and recording what was asked. */
function answer(response: () => Response) {
  const requests: { url: string; init: RequestInit | undefined }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push({ url: String(input), init });
    return response();
  });
  return requests;
}

async function failure(request: Promise<unknown>): Promise<ApiError> {
  const error = await request.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('the typed client (hc<AppType>) and its errors (docs/product.md §7.1)', () => {
  it('sends the typed request to the route it names, JSON with the session cookie', async () => {
    const requests = answer(() => Response.json({ id: 5, city: 'Manchester' }));
    const updated = await call(api.applications[':id'].$patch({ param: { id: '5' }, json: { address: '1 High St', city: 'Manchester', postcode: 'M1 1AA', hotelDetails: 'Nile Hotel' } }));
    expect(updated).toEqual({ id: 5, city: 'Manchester' });
    expect(requests).toHaveLength(1);
    expect(requests[0].url).toBe('/api/applications/5');
    expect(requests[0].init?.method).toBe('PATCH');
    expect(requests[0].init?.credentials).toBe('include');
    expect(new Headers(requests[0].init?.headers).get('content-type')).toBe('application/json');
    expect(JSON.parse(String(requests[0].init?.body))).toEqual({ address: '1 High St', city: 'Manchester', postcode: 'M1 1AA', hotelDetails: 'Nile Hotel' });
  });

  it('turns a non-OK answer into "${status}: ${text}", and digs out the server\'s message', async () => {
    answer(() => Response.json({ message: 'Application not found.' }, { status: 404 }));
    const error = await failure(call(api.applications[':id'].$get({ param: { id: '9' } })));
    expect(error.message).toBe('404: {"message":"Application not found."}');
    expect(error.status).toBe(404);
    expect(serverMessage(error)).toBe('Application not found.');
  });

  it('uses the status text when the body is empty, and reads a plain-text body as the message', async () => {
    answer(() => new Response(null, { status: 503, statusText: 'Service Unavailable' }));
    const empty = await failure(call(api.applications.$get()));
    expect(empty.message).toBe('503: Service Unavailable');
    expect(serverMessage(empty)).toBeUndefined();

    answer(() => new Response('Please select a JPG, PNG, or PDF file.', { status: 415 }));
    const text = await failure(call(api.applications.$get()));
    expect(text.message).toBe('415: Please select a JPG, PNG, or PDF file.');
    expect(serverMessage(text)).toBe('Please select a JPG, PNG, or PDF file.');

    answer(() => new Response('<html><body>Bad gateway</body></html>', { status: 502 }));
    expect(serverMessage(await failure(call(api.applications.$get())))).toBeUndefined();
  });

  it('answers undefined for an empty success body', async () => {
    answer(() => new Response(null, { status: 204 }));
    await expect(call(api.events.$post({ json: { name: 'page_view', path: '/', properties: {} } }))).resolves.toBeUndefined();
  });

  it("lists a validation answer's refused fields, each with its first message (form-level ones left out)", async () => {
    answer(() =>
      Response.json(
        { message: 'Surname is required', errors: { surname: ['Surname is required', 'Surname must be at most 100 characters'], _form: ['Check the form.'], gender: ['Please select a gender'] } },
        { status: 400 },
      ),
    );
    const error = await failure(call(api.applications.$get()));
    expect(serverFieldErrors(error)).toEqual({ surname: 'Surname is required', gender: 'Please select a gender' });
    expect(serverFieldErrors(new Error('offline'))).toEqual({});
    expect(serverFieldErrors(new ApiError(500, 'Internal Server Error', 'oops'))).toEqual({});
  });

  it('reads a 401 on the current user as signed out (null), any other failure as an error', async () => {
    answer(() => Response.json({ message: 'Please sign in to continue.' }, { status: 401 }));
    await expect(createQueryClient().fetchQuery(userQuery)).resolves.toBeNull();
    answer(() => Response.json({ message: 'Something went wrong on our side.' }, { status: 500 }));
    await expect(createQueryClient().fetchQuery(userQuery)).rejects.toThrow('500: {"message":"Something went wrong on our side."}');
  });

  it("gives an empty list when an application's documents cannot be read", async () => {
    answer(() => Response.json({ message: 'Application not found.' }, { status: 404 }));
    await expect(createQueryClient().fetchQuery(documentsQuery(3))).resolves.toEqual([]);
  });

  it('keys each query by the path it GETs, query string included', async () => {
    const requests = answer(() => Response.json({ items: [], total: 0, page: 2, pageSize: 25 }));
    const query = adminPageQuery({ tab: 'approved', q: ' smith ', page: 2, overdue: false });
    await createQueryClient().fetchQuery(query);
    expect(query.queryKey).toEqual(['/api/admin/applications?tab=approved&q=smith&page=2&pageSize=25']);
    expect(requests[0].url).toBe(query.queryKey[0]);
    expect(keys.documents(7)).toEqual(['/api/applications/7/documents']);
    expect(keys.user).toEqual(['/api/user']);
    // A family's list is an admin listing outside /api/admin/applications: its own prefix covers it.
    expect(keys.adminGroup(5)).toEqual(['/api/admin/application-groups/5']);
    expect(keys.adminGroup(5)[0].startsWith(keys.adminGroupPrefix)).toBe(true);
    expect(keys.adminGroupPrefix).toBe('/api/admin/application-groups');
  });
});

describe('uploads (XHR, for the progress steps)', () => {
  it('reports 25, 50, 75 and 100 percent and answers the typed document', async () => {
    const xhr = installFakeXhr(() => ({ status: 201, body: { id: 70, type: 'passport', fileName: 'passport.png' } }));
    try {
      const steps: UploadProgress[] = [];
      const document = await uploadPassport({ applicationId: 7, file: new File(['png'], 'passport.png', { type: 'image/png' }), onProgress: (step) => steps.push(step) });
      expect(document).toMatchObject({ id: 70, fileName: 'passport.png' });
      expect(steps).toEqual([25, 50, 75, 100]);
      expect(xhr.requests[0].url).toBe('/api/applications/7/documents');
      expect(xhr.requests[0].body.get('type')).toBe('passport');
    } finally {
      xhr.restore();
    }
  });

  it('reads an error body as plain text, and refuses an answer without a document id', async () => {
    const refused = installFakeXhr(() => ({ status: 413, body: 'Please select a file smaller than 10MB.' }));
    try {
      const error = await failure(upload('/api/applications/7/documents', { file: new File(['x'], 'big.pdf') }));
      expect(error.message).toBe('413: Please select a file smaller than 10MB.');
      expect(serverMessage(error)).toBe('Please select a file smaller than 10MB.');
    } finally {
      refused.restore();
    }
    const noId = installFakeXhr(() => ({ status: 201, body: { fileName: 'passport.png' } }));
    try {
      await expect(uploadPassport({ applicationId: 7, file: new File(['png'], 'passport.png') })).rejects.toThrow('Invalid document response');
    } finally {
      noId.restore();
    }
  });
});

describe('apiPath', () => {
  it("prefixes a typed route's path with /api, and refuses a path that already has it", async () => {
    const { apiPath } = await import('../../apps/web/src/api/client.js');
    expect(apiPath(api.admin.assignees.$path())).toBe('/api/admin/assignees');
    // @ts-expect-error a hand-written '/api/…' path does not compile: it would be asked as '/api/api/…'.
    expect(() => apiPath('/api/admin/staff')).toThrow("apiPath takes a route's $path() (relative to /api), not /api/admin/staff");
  });
});
