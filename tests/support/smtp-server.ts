import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
// mailparser 3.9.31 ships without types.
// @ts-ignore
import { simpleParser } from 'mailparser';

export interface ParsedMail {
  messageId: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  date: Date | null;
  headers: Map<string, unknown>;
  attachments: { fileName: string; contentType: string; content: Buffer }[];
}

/** Reads an RFC 5322 message back with mailparser. */
export async function parseMail(raw: Buffer | string): Promise<ParsedMail> {
  const parsed = (await simpleParser(raw)) as {
    messageId?: string;
    from?: { text: string };
    to?: { text: string } | { text: string }[];
    subject?: string;
    text?: string;
    html?: string | false;
    date?: Date;
    headers: Map<string, unknown>;
    attachments: { filename?: string; contentType: string; content: Buffer }[];
  };
  const to = Array.isArray(parsed.to) ? parsed.to.map((t) => t.text).join(', ') : (parsed.to?.text ?? '');
  return {
    messageId: parsed.messageId ?? '',
    from: parsed.from?.text ?? '',
    to,
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: parsed.html || '',
    date: parsed.date ?? null,
    headers: parsed.headers,
    attachments: parsed.attachments.map((a) => ({ fileName: a.filename ?? '', contentType: a.contentType, content: a.content })),
  };
}

export interface ReceivedMessage {
  envelopeFrom: string;
  envelopeTo: string[];
  raw: Buffer;
}

export interface LocalSmtpServer {
  port: number;
  /** MAIL_URL for this server (plain SMTP, no STARTTLS). */
  url: string;
  received: ReceivedMessage[];
  /** The next `n` messages are refused with this reply (default 451, a temporary failure). */
  failNext(n: number, code?: number, message?: string): void;
  /** Messages refused so far. */
  refused: number;
  /**
   * From now on RCPT TO `address` is answered with this permanent reply (default 550 5.1.1, no such
   * mailbox), as a mail server answers an unknown recipient; acceptRecipient() undoes it.
   */
  refuseRecipient(address: string, code?: number, message?: string): void;
  acceptRecipient(address: string): void;
  /** Answers no message from now on (each waits, its client connected) until release(). */
  hold(): void;
  /** Answers every held message (a client that died meanwhile gets none, and its message is not kept). */
  release(): void;
  /** The sessions connected now. */
  openSessions(): string[];
  isClosed(sessionId: string): boolean;
  stop(): Promise<void>;
}

/**
 * An SMTP server on 127.0.0.1 (a random port, or `port`) that keeps what it receives, or refuses on demand.
 * With `acceptAfterMs`, each message is answered (250) that long after its data arrived, and kept
 * only if its client is still connected then: a client that died before the answer did not hand
 * the message over (a mail server accepts a message with its 250).
 */
export async function startSmtpServer(options: { acceptAfterMs?: number; port?: number } = {}): Promise<LocalSmtpServer> {
  const state = { failures: 0, code: 451, message: '4.3.0 Mailbox temporarily unavailable, try again later', refused: 0 };
  const received: ReceivedMessage[] = [];
  const closed = new Set<string>();
  const open = new Set<string>();
  const held: { answers: (() => void)[] | null } = { answers: null };
  const refusedRecipients = new Map<string, { code: number; message: string }>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    disableReverseLookup: true,
    logger: false,
    onConnect(session, callback) {
      open.add(session.id);
      callback();
    },
    onClose(session) {
      open.delete(session.id);
      closed.add(session.id);
    },
    onRcptTo(address, _session, callback) {
      const refusal = refusedRecipients.get(address.address.toLowerCase());
      if (!refusal) return callback();
      const error = new Error(refusal.message) as Error & { responseCode: number };
      error.responseCode = refusal.code;
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      const answerOrHold = () => (held.answers ? held.answers.push(answer) : answer());
      stream.on('end', () => (options.acceptAfterMs ? setTimeout(answerOrHold, options.acceptAfterMs) : answerOrHold()));
      const answer = () => {
        if (closed.has(session.id)) return;
        if (state.failures > 0) {
          state.failures -= 1;
          state.refused += 1;
          const error = new Error(state.message) as Error & { responseCode: number };
          error.responseCode = state.code;
          callback(error);
          return;
        }
        received.push({
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks),
        });
        callback();
      };
    },
  });
  // A client that dies mid-session (a node killed by a test) resets its connection; smtp-server
  // reports that as an 'error' event, which with no listener is an uncaught exception in the test
  // process. A real mail server logs it and carries on; so does this one, for resets only.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'ECONNRESET' || error.code === 'EPIPE') return;
    console.error('[test smtp server]', error);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const handle: LocalSmtpServer = {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    failNext(n, code = 451, message = '4.3.0 Mailbox temporarily unavailable, try again later') {
      state.failures = n;
      state.code = code;
      state.message = message;
    },
    get refused() {
      return state.refused;
    },
    refuseRecipient(address, code = 550, message = '5.1.1 No such user here') {
      refusedRecipients.set(address.toLowerCase(), { code, message });
    },
    acceptRecipient(address) {
      refusedRecipients.delete(address.toLowerCase());
    },
    hold() {
      held.answers ??= [];
    },
    release() {
      const answers = held.answers ?? [];
      held.answers = null;
      for (const answer of answers) answer();
    },
    openSessions: () => [...open],
    isClosed: (sessionId) => closed.has(sessionId),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return handle;
}
