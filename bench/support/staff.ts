import { generate as generateTotp } from 'otplib';
import type { RunningServer } from '../../apps/http/server.js';

/** The benchmarks' member of staff (an admin): a new one each run, so a kept database (BENCH_SEED=0) can be measured again. */
export const BENCH_ADMIN = { email: `bench-admin-${Date.now()}@example.com`, password: 'bench-admin-password', fullName: 'Bench Admin', phoneNumber: '+447700900999' };

/** The code an authenticator app holding `secret` shows at `at`. */
function totp(secret: string, at: Date): Promise<string> {
  return generateTotp({ secret, epoch: Math.floor(at.getTime() / 1000) });
}

/**
 * Signs the bench's admin in as staff must (STAFF_TWO_FACTOR=required): two-factor sign-in is set
 * up through the use cases with the previous step's code, then the password and the current code.
 * Answers the session cookie.
 */
export async function signInBenchAdmin(server: RunningServer): Promise<string> {
  const { useCases, ports } = server.agency;
  const { user } = await useCases.createAdmin(BENCH_ADMIN);
  const actor = { userId: user.id, isAdmin: true, email: user.email, role: user.role };
  const { secret } = await useCases.setUpTwoFactor(actor);
  await useCases.enableTwoFactor(actor, { code: await totp(secret, new Date(ports.clock.now().getTime() - 30_000)) });
  const origin = server.url;
  const post = (path: string, body: object, cookie?: string) =>
    fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  const cookies = (res: Response) => res.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const login = await post('/api/login', { email: BENCH_ADMIN.email, password: BENCH_ADMIN.password });
  if (login.status !== 200) throw new Error(`POST /api/login answered ${login.status}: ${await login.text()}`);
  const challenge = cookies(login).find((c) => !c.endsWith('='));
  if (!challenge) throw new Error('POST /api/login set no two-factor cookie');
  const second = await post('/api/login/two-factor', { code: await totp(secret, ports.clock.now()) }, challenge);
  if (second.status !== 200) throw new Error(`POST /api/login/two-factor answered ${second.status}: ${await second.text()}`);
  // The session's cookie, not the signed-in hint beside it nor the cleared challenge.
  const cookie = cookies(second).find((c) => /^(__Host-)?evisa_session=./.test(c));
  if (!cookie) throw new Error('POST /api/login/two-factor set no session cookie');
  return cookie;
}
