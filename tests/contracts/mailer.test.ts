import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MemoryMailer } from '../../adapters/mail/memory/index.js';
import { OutboxFolderMailer } from '../../adapters/mail/outbox/index.js';
import { parseMail, type ParsedMail } from '../support/smtp-server.js';
import { CONTRACT_SETTINGS, describeMailerContract } from './mailer.contract.js';

const FROM = 'Nile Gate e-Visa Agency <no-reply@nilegate.example>';

describeMailerContract('memory', async () => {
  const mailer = new MemoryMailer(CONTRACT_SETTINGS);
  return { mailer, delivered: async () => mailer.delivered.map((d) => ({ ...d })) };
});

describeMailerContract('outbox folder (.eml read back with mailparser)', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'outbox-'));
  const mailer = new OutboxFolderMailer(dir, FROM, CONTRACT_SETTINGS);
  const parsed = new Map<string, Promise<ParsedMail>>(); // files never change once written
  return {
    mailer,
    async delivered() {
      const names = (await readdir(dir)).filter((n) => n.endsWith('.eml')).sort();
      for (const n of names) if (!parsed.has(n)) parsed.set(n, readFile(path.join(dir, n)).then(parseMail));
      return Promise.all(names.map((n) => parsed.get(n)!));
    },
    close: () => rm(dir, { recursive: true, force: true }),
  };
});
