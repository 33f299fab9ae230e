import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileSmsSender, MemorySmsSender, TwilioSmsSender, parseTwilioUrl } from '../../adapters/sms/index.js';
import { startTwilioServer, TWILIO_ERRORS } from '../support/twilio-server.js';
import { describeSmsSenderContract } from './sms-sender.contract.js';

describeSmsSenderContract('memory', async () => {
  const sender = new MemorySmsSender();
  return {
    sender,
    sent: async () => sender.sent.map(({ to, body }) => ({ to, body })),
    failNext: (kind) => sender.failNext(1, { refused: kind === 'refused' }),
  };
});

/** The .txt files of the folder, read back. */
async function readFolder(dir: string) {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.txt')).sort();
  return Promise.all(
    names.map(async (n) => {
      const text = await readFile(path.join(dir, n), 'utf8');
      const [head, ...rest] = text.split('\n\n');
      return { to: /^To: (.+)$/m.exec(head!)![1]!, body: rest.join('\n\n').replace(/\n$/, '') };
    }),
  );
}

describeSmsSenderContract('file folder (.txt read back)', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sms-'));
  let tick = 0;
  const sender = new FileSmsSender(dir, () => new Date(Date.UTC(2026, 10, 23, 10, 0, 0, tick++)));
  return { sender, sent: () => readFolder(dir), close: () => rm(dir, { recursive: true, force: true }) };
});

describeSmsSenderContract('twilio (the official SDK against a local Twilio-compatible server)', async () => {
  const server = await startTwilioServer();
  const sender = new TwilioSmsSender(parseTwilioUrl(server.smsUrl()));
  return {
    sender,
    sent: async () => server.received.map(({ to, body }) => ({ to, body })),
    failNext: (kind) => server.failNext(1, kind === 'refused' ? TWILIO_ERRORS.invalidNumber : TWILIO_ERRORS.outage),
    close: () => server.close(),
  };
});

describe('FileSmsSender', () => {
  it('writes one file per text: sending the same text again writes nothing new', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sms-'));
    try {
      const sender = new FileSmsSender(dir);
      const first = await sender.send({ to: '+447400123456', body: 'hello', id: 12 });
      const again = await sender.send({ to: '+447400123456', body: 'hello', id: 12 });
      expect(again.providerId).toBe(first.providerId);
      expect(await readdir(dir)).toEqual([first.providerId]);
      expect(first.providerId).toMatch(/^\d{8}T\d{9}Z-0000000012\.txt$/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('a folder that cannot be written is Unavailable(sms)', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sms-'));
    try {
      const file = path.join(dir, 'not-a-folder');
      await import('node:fs/promises').then((fs) => fs.writeFile(file, 'x'));
      const error = await new FileSmsSender(file).send({ to: '+447400123456', body: 'x', id: 1 }).catch((e: unknown) => e);
      expect(error).toMatchObject({ data: { type: 'Unavailable', service: 'sms' } });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('TwilioSmsSender', () => {
  it('sends From, To and Body with the account’s basic auth, or the messaging service instead of From', async () => {
    const server = await startTwilioServer();
    try {
      await new TwilioSmsSender(parseTwilioUrl(server.smsUrl('+447700900123'))).send({ to: '+447400123456', body: 'hi', id: 1 });
      const viaService = server.smsUrl().replace(/from=[^&]+/, 'messagingServiceSid=MG0123456789abcdef');
      const { providerId } = await new TwilioSmsSender(parseTwilioUrl(viaService)).send({ to: '+447400123456', body: 'hi again', id: 2 });
      expect(server.received.map((r) => [r.accountSid, r.from, r.messagingServiceSid, r.to, r.body])).toEqual([
        [server.accountSid, '+447700900123', null, '+447400123456', 'hi'],
        [server.accountSid, null, 'MG0123456789abcdef', '+447400123456', 'hi again'],
      ]);
      expect(providerId).toBe(server.received[1]!.sid);
    } finally {
      await server.close();
    }
  });

  it('translates Twilio’s errors: 21211 and 21610 are refusals with their reason; a wrong token, 503 and a closed port are temporary', async () => {
    const server = await startTwilioServer();
    const sender = new TwilioSmsSender(parseTwilioUrl(server.smsUrl()));
    const attempt = () => sender.send({ to: '+447400123456', body: 'x', id: 1 }).catch((e: unknown) => e);
    try {
      server.failNext(1, TWILIO_ERRORS.invalidNumber);
      expect(await attempt()).toMatchObject({ data: { type: 'Refused', service: 'sms', message: "Twilio refused the text (21211): invalid 'To' phone number" } });
      server.failNext(1, TWILIO_ERRORS.unsubscribed);
      expect(await attempt()).toMatchObject({ data: { type: 'Refused', message: expect.stringContaining('unsubscribed') } });
      server.failNext(1, TWILIO_ERRORS.outage);
      expect(await attempt()).toMatchObject({ data: { type: 'Unavailable', service: 'sms', message: expect.stringContaining('HTTP 503') } });
      const wrongToken = new TwilioSmsSender({ ...parseTwilioUrl(server.smsUrl()), authToken: 'wrong' });
      expect(await wrongToken.send({ to: '+447400123456', body: 'x', id: 1 }).catch((e: unknown) => e)).toMatchObject({ data: { type: 'Unavailable', message: expect.stringContaining('HTTP 401') } });
    } finally {
      await server.close();
    }
    expect(await attempt()).toMatchObject({ data: { type: 'Unavailable', service: 'sms' } });
  });

  it('reads SMS_URL: the account, the sender and where the API is', () => {
    expect(parseTwilioUrl('twilio://AC0123456789abcdef:secret@api.twilio.com?from=%2B447700900123')).toEqual({
      accountSid: 'AC0123456789abcdef',
      authToken: 'secret',
      from: '+447700900123',
      messagingServiceSid: null,
      apiOrigin: null,
    });
    expect(parseTwilioUrl('twilio://AC0123456789abcdef:secret@127.0.0.1:4010?messagingServiceSid=MG0123456789&ssl=false').apiOrigin).toBe('http://127.0.0.1:4010');
    expect(() => parseTwilioUrl('twilio://AC0123456789abcdef:secret@api.twilio.com')).toThrow(/must name the sender/);
    expect(() => parseTwilioUrl('twilio://SK0123456789abcdef:secret@api.twilio.com?from=%2B447700900123')).toThrow(/starts with AC/);
    expect(() => parseTwilioUrl('https://api.twilio.com')).toThrow(/twilio:\/\//);
    expect(() => parseTwilioUrl('twilio://AC0123456789abcdef:secret@api.twilio.com?from=07700900123')).toThrow(/E\.164/);
  });
});
