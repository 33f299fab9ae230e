import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
// @20minutes/s3rver is CommonJS without types.
// @ts-ignore
import S3rver from '@20minutes/s3rver';

/** The access key pair s3rver accepts (it verifies SigV4 signatures made with it). */
export const S3RVER_KEY = 'S3RVER';
export const S3RVER_SECRET = 'S3RVER';

export interface LocalS3Server {
  port: number;
  /** STORAGE_URL for a bucket on this server. */
  storageUrl(bucket: string): string;
  /** Requests seen, `METHOD /path?query`, for assertions about multipart uploads. */
  requests: string[];
  /** The folder the server keeps its buckets' objects in (what a copy of its disk holds). */
  directory: string;
  /** Answers each object upload (PUT) `ms` later from now on (0: at once): a slow store, to stop a run half-way. */
  slowWrites(ms: number): void;
  /**
   * The store goes away: its port stops listening and every open connection (an upload under way
   * too) is cut. What it stored stays, for resume().
   */
  halt(): Promise<void>;
  /**
   * The next `n` object PUTs are stored but never answered: the connection is cut where the answer
   * would go (an answer lost on the way back).
   */
  dropPutAnswers(n: number): void;
  /** Listens again on the same port, with what it stored before. */
  resume(): Promise<void>;
  stop(): Promise<void>;
}

const EMPTY_MULTIPART_LISTING = (bucket: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${bucket}</Bucket><KeyMarker></KeyMarker><UploadIdMarker></UploadIdMarker><NextKeyMarker></NextKeyMarker><NextUploadIdMarker></NextUploadIdMarker><MaxUploads>1000</MaxUploads><IsTruncated>false</IsTruncated></ListMultipartUploadsResult>`;

/**
 * An S3 server on 127.0.0.1 (a random port) backed by a temporary folder. s3rver does not
 * implement ListMultipartUploads (GET /bucket?uploads), which the minio client calls before a
 * multipart upload: this wrapper answers it with an empty listing.
 */
export async function startS3Server(): Promise<LocalS3Server> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 's3rver-'));
  const s3 = new S3rver({ directory, silent: true, address: '127.0.0.1', port: 0, resetOnClose: true });
  const handler = s3.callback() as http.RequestListener;
  const requests: string[] = [];
  let writeDelayMs = 0;
  let putAnswersToDrop = 0;
  const server = http.createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    const url = new URL(req.url ?? '/', 'http://localhost');
    const bucket = url.pathname.split('/')[1] ?? '';
    if (putAnswersToDrop > 0 && req.method === 'PUT' && url.pathname.split('/').filter(Boolean).length >= 2) {
      putAnswersToDrop -= 1;
      // s3rver stores the object and answers through writeHead/end: the answer becomes a cut connection.
      res.writeHead = (() => res) as typeof res.writeHead;
      res.end = (() => {
        req.socket.destroy();
        return res;
      }) as typeof res.end;
    }
    if (req.method === 'GET' && url.searchParams.has('uploads') && bucket && url.pathname.split('/').filter(Boolean).length === 1) {
      res.writeHead(200, { 'Content-Type': 'application/xml' });
      res.end(EMPTY_MULTIPART_LISTING(bucket));
      return;
    }
    if (req.method === 'PUT' && writeDelayMs > 0 && url.pathname.split('/').filter(Boolean).length > 1) {
      setTimeout(() => {
        // S3 stores a PUT whole or not at all. A client that died while the answer was held has had
        // its request torn down with the connection (what was buffered of the body is gone): it stored
        // nothing — s3rver, handed the dead request, would keep an empty file.
        if (req.destroyed || req.socket.destroyed) {
          res.destroy();
          return;
        }
        handler(req, res);
      }, writeDelayMs);
      return;
    }
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const halt = async () => {
    if (!server.listening) return;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closed;
  };
  return {
    port,
    requests,
    directory,
    slowWrites: (ms) => {
      writeDelayMs = ms;
    },
    halt,
    dropPutAnswers(n) {
      putAnswersToDrop = n;
    },
    async resume() {
      if (server.listening) return;
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => {
          server.off('error', reject);
          resolve();
        });
      });
    },
    storageUrl: (bucket) => `s3://${S3RVER_KEY}:${S3RVER_SECRET}@127.0.0.1:${port}/${bucket}?ssl=false`,
    async stop() {
      await halt();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
