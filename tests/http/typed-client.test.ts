import type { Locale } from '../../core/domain/locale.js';
import { hc, type InferRequestType } from 'hono/client';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import type { ApplicationForm } from '../../core/domain/application.js';
import type { AppType } from '../../apps/http/app.js';
import { makeMemoryApp, TEST_ORIGIN, type TestAgency } from '../support/http.js';

let t: TestAgency;
beforeAll(async () => {
  t = await makeMemoryApp();
});
afterAll(async () => {
  await t.close();
});

describe('the exported AppType', () => {
  it('gives a typed hc client for the API', async () => {
    let cookie = '';
    const client = hc<AppType>(`${TEST_ORIGIN}/api`, {
      fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
        const headers = new Headers(init?.headers);
        headers.set('origin', TEST_ORIGIN);
        if (cookie) headers.set('cookie', cookie);
        const res = await t.app.request(input instanceof Request ? input : String(input), { ...init, headers });
        const set = res.headers.getSetCookie()[0];
        if (set) cookie = set.split(';')[0]!;
        return res;
      },
    });
    const config = await (await client.config.$get()).json();
    expect(config.paymentProvider).toBe('test');

    const registered = await client.register.$post({ json: { email: 'typed@example.com', password: 'secret-123', fullName: 'Typed', phoneNumber: '+447700900123' } });
    expect(registered.status).toBe(201);
    const me = await client.user.$get();
    expect(me.status).toBe(200);
    if (me.status === 200) {
      const user = await me.json();
      expect(user.email).toBe('typed@example.com');
    }
    const list = await client.applications.$get();
    expect(list.status).toBe(200);
    if (list.status === 200) expect(await list.json()).toEqual([]);
  });

  it('declares the body, query and upload each route reads, so the client checks what it sends', () => {
    const client = hc<AppType>('/api');
    expectTypeOf<InferRequestType<typeof client.login.$post>>().toEqualTypeOf<{ json: { email: string; password: string } }>();
    expectTypeOf<InferRequestType<typeof client.register.$post>['json']>().toEqualTypeOf<{ password: string; email: string; fullName: string; phoneNumber: string; locale?: Locale | undefined }>();
    expectTypeOf<InferRequestType<typeof client.user.profile.$put>['json']>().toEqualTypeOf<{ phoneNumber?: string | undefined; locale?: Locale | undefined }>();
    expectTypeOf<InferRequestType<(typeof client.user)['change-password']['$put']>['json']>().toEqualTypeOf<{ currentPassword: string; newPassword: string }>();
    expectTypeOf<InferRequestType<typeof client.applications.$post>['json']>().toEqualTypeOf<ApplicationForm>();
    type AddressRequest = InferRequestType<(typeof client.applications)[':id']['$patch']>;
    expectTypeOf<AddressRequest['json']>().toEqualTypeOf<{ address: string; city: string; postcode: string; hotelDetails: string }>();
    expectTypeOf<AddressRequest['param']>().toEqualTypeOf<{ id: string }>();
    expectTypeOf<InferRequestType<(typeof client.applications)[':id']['documents']['$post']>['form']>().toEqualTypeOf<{ file: File; type?: 'passport' }>();
    expectTypeOf<InferRequestType<(typeof client.admin.applications)[':id']['visa-upload']['$post']>['form']>().toEqualTypeOf<{ visa: File }>();
    expectTypeOf<InferRequestType<(typeof client.payments)[':type']['confirm'][':applicationId']['$post']>['json']>().toEqualTypeOf<{ paymentIntentId: string }>();
    expectTypeOf<InferRequestType<typeof client.admin.applications.$get>['query']>().toHaveProperty('tab');
    expectTypeOf<InferRequestType<typeof client.contact.$post>['json']>().toHaveProperty('purposeOfTravel');
    expectTypeOf<InferRequestType<(typeof client)['password-reset']['confirm']['$post']>['json']>().toEqualTypeOf<{ token: string; newPassword: string }>();
  });
});
