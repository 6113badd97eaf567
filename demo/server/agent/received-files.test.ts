// The demo agent and files from the visitor: the widget's link lines are read back, each file is
// fetched as the platform's agent would (loopback only, bounded), and the agent says what arrived.
import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../../src/server/testing/servers';
import type { PlatformServer } from '../platform';
import { JOIN, newSession, startTestPlatform, str, TestSocket, userMessage } from '../test-kit';
import { fileLinksIn } from './file-links';
import { receive, sizeText } from './received-files';

let platform: PlatformServer;
let site: RunningServer;
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(42 * 1024 - 9, 32)]);

beforeAll(async () => {
  platform = await startTestPlatform();
  // A site serving uploaded files the way createUploadEndpoint does.
  site = await listen(
    createServer((req, res) => {
      if (req.url?.endsWith('/invoice.pdf')) return void res.writeHead(200, { 'Content-Type': 'application/pdf' }).end(PDF);
      if (req.url?.endsWith('/parcel%20(1).jpg')) return void res.writeHead(200, { 'Content-Type': 'image/jpeg' }).end(Buffer.alloc(1500));
      if (req.url?.endsWith('/moved.pdf')) return void res.writeHead(302, { Location: 'http://example.com/' }).end();
      res.writeHead(404).end();
    }),
  );
});
afterAll(async () => {
  await site?.close();
  await platform?.close();
});

describe('fileLinksIn', () => {
  it('reads the widget lines: images and files, escaped names, the visitor words left out', () => {
    const text = [
      'Here is the invoice and a photo',
      '[invoice \\[march\\].pdf](http://127.0.0.1:8787/api/upload/files/AAAAAAAAAAAAAAAAAAAAAA/invoice%20%5Bmarch%5D.pdf)',
      '![parcel (1).jpg](http://127.0.0.1:8787/api/upload/files/BBBBBBBBBBBBBBBBBBBBBB/parcel%20(1).jpg)',
      '[a\\\\b.pdf](http://localhost/x)',
      'see [this](javascript:alert(1)) and [that](not a url)',
    ].join('\n');
    expect(fileLinksIn(text)).toEqual([
      {
        name: 'invoice [march].pdf',
        url: 'http://127.0.0.1:8787/api/upload/files/AAAAAAAAAAAAAAAAAAAAAA/invoice%20%5Bmarch%5D.pdf',
        image: false,
      },
      { name: 'parcel (1).jpg', url: 'http://127.0.0.1:8787/api/upload/files/BBBBBBBBBBBBBBBBBBBBBB/parcel%20(1).jpg', image: true },
      { name: 'a\\b.pdf', url: 'http://localhost/x', image: false },
    ]);
    expect(fileLinksIn('just words, a [bracket] and https://example.com')).toEqual([]);
  });

  it('says sizes as a person reads them', () => {
    expect([sizeText(1), sizeText(900), sizeText(42 * 1024), sizeText(3.5 * 1024 * 1024)]).toEqual([
      '1 byte',
      '900 bytes',
      '42 KB',
      '3.5 MB',
    ]);
  });
});

describe('receive', () => {
  it('fetches the file and names its size and kind', async () => {
    expect(await receive({ name: 'invoice.pdf', url: `${site.url}/f/invoice.pdf`, image: false })).toBe('I got invoice.pdf, 42 KB, a PDF.');
  });

  it('follows no link off this machine, no redirect, and reads no more than its bound', async () => {
    expect(await receive({ name: 'x.pdf', url: 'https://example.com/x.pdf', image: false })).toMatch(/^I did not open x\.pdf: /);
    expect(await receive({ name: 'moved.pdf', url: `${site.url}/moved.pdf`, image: false })).toBe(
      'I could not open moved.pdf (the site answered 302).',
    );
    expect(await receive({ name: 'gone.pdf', url: `${site.url}/gone.pdf`, image: false })).toBe(
      'I could not open gone.pdf (the site answered 404).',
    );
    expect(await receive({ name: 'invoice.pdf', url: `${site.url}/f/invoice.pdf`, image: false }, 1024)).toBe(
      'I did not read all of invoice.pdf: it is over 1 KB.',
    );
  });
});

describe('the demo agent', () => {
  it('answers a message carrying upload links with what it received', async () => {
    const socket = await TestSocket.connect(platform, await newSession(platform));
    socket.send(JOIN);
    await socket.nextOfType('EVENT_TYPE_SERVICE_AGENT_MESSAGE');
    socket.send(userMessage(`Here you go\n[invoice.pdf](${site.url}/f/invoice.pdf)\n![parcel (1).jpg](${site.url}/f/parcel%20(1).jpg)`));
    const answer = await socket.nextOfType('EVENT_TYPE_SERVICE_AGENT_MESSAGE');
    expect(str(answer.payload['text'])).toBe('I got invoice.pdf, 42 KB, a PDF. I got parcel (1).jpg, 1 KB, a JPEG image.');
  });
});
