import { SmtpMailer } from '../../adapters/mail/smtp/index.js';
import { parseMail, startSmtpServer, type ParsedMail } from '../support/smtp-server.js';
import { CONTRACT_SETTINGS, describeMailerContract } from './mailer.contract.js';

const FROM = 'Nile Gate e-Visa Agency <no-reply@nilegate.example>';

// The in-process adapters run the same contract in mailer.test.ts.
describeMailerContract('SMTP (smtp-server, read back with mailparser)', async () => {
  const server = await startSmtpServer();
  const mailer = new SmtpMailer(server.url, FROM, CONTRACT_SETTINGS);
  const parsed: Promise<ParsedMail>[] = [];
  return {
    mailer,
    delivered: () => {
      for (let i = parsed.length; i < server.received.length; i += 1) parsed.push(parseMail(server.received[i]!.raw));
      return Promise.all(parsed);
    },
    close: async () => {
      mailer.close();
      await server.stop();
    },
  };
});
