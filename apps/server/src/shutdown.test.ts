import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from './test/test-app.js';

/**
 * Issue [F8], reliability: the real entry point (src/main.ts, run by node + tsx) on SIGTERM lets
 * a request in flight finish, refuses new connections, closes the database and exits 0.
 */

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;

type Server = {
  child: ChildProcess;
  port: number;
  logs: Record<string, unknown>[];
  exited: Promise<number | null>;
};

function startServer(env: Record<string, string>): Promise<Server> {
  const child = spawn(
    process.execPath,
    ['--conditions', 'source', '--import', 'tsx', 'src/main.ts'],
    {
      cwd: SERVER_DIR,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        HOST: '127.0.0.1',
        PORT: '0',
        SEED_DEMO_DATA: 'false',
        WEB_DIST_DIR: '/nonexistent/web-dist',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const logs: Record<string, unknown>[] = [];
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return new Promise((resolve, reject) => {
    let buffered = '';
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.trim()) continue;
        const entry = JSON.parse(line) as Record<string, unknown>;
        logs.push(entry);
        const listening = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(String(entry.msg));
        if (listening) resolve({ child, port: Number(listening[1]), logs, exited });
      }
    });
    void exited.then((code) =>
      reject(new Error(`the server exited (${code}) before listening: ${stderr}`)),
    );
  });
}

/** Sends the request line, headers and part of the body: a request the server is in the middle of. */
function beginRequest(port: number, body: string, sentBytes: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(
        'POST /v2/signups HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: keep-alive\r\n\r\n${body.slice(0, sentBytes)}`,
      );
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

function readResponse(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString();
    });
    socket.once('close', () => resolve(text));
    socket.once('error', () => resolve(text));
  });
}

function tryConnect(port: number): Promise<'connected' | string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
  });
}

async function waitFor(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.each(BACKENDS)('graceful shutdown of the server on %s', (backend) => {
  let env: Record<string, string> = {};
  let dropDatabase: (() => Promise<void>) | undefined;
  let server: Server | undefined;

  beforeAll(async () => {
    if (backend === 'pglite') {
      env = { PGLITE_DIR: 'memory://' };
      return;
    }
    const name = `coparent_shutdown_${Date.now()}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const url = new URL(TEST_DATABASE_URL as string);
    url.pathname = `/${name}`;
    env = { DATABASE_URL: url.toString() };
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    };
  });
  afterEach(() => {
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
  });
  afterAll(async () => {
    await dropDatabase?.();
  });

  it('finishes the request in flight, refuses new connections, closes the database, exits 0', {
    timeout: 90_000,
  }, async () => {
    server = await startServer(env);
    const { child, port, logs } = server;

    const body = JSON.stringify({
      sections: ['PARENT'],
      parent: {
        firstName: 'Ana',
        lastName: 'López',
        email: `shutdown.${randomBytes(4).toString('hex')}@example.com`,
        phoneCountryCode: 'US_CANADA',
        phoneNumber: '2125551234',
      },
      knowsCoParentEmail: true,
    });
    const inFlight = await beginRequest(port, body, 20);
    const response = readResponse(inFlight);
    // The server has the request (headers parsed, body under way) before the signal.
    await new Promise((r) => setTimeout(r, 200));

    child.kill('SIGTERM');
    await waitFor(
      () => logs.some((l) => String(l.msg).startsWith('shutting down')),
      'the shutdown log',
    );

    // New connections are refused while the request in flight is still open.
    let refused = '';
    for (let i = 0; i < 50 && refused !== 'ECONNREFUSED'; i += 1) {
      refused = await tryConnect(port);
      if (refused !== 'ECONNREFUSED') await new Promise((r) => setTimeout(r, 50));
    }
    expect(refused).toBe('ECONNREFUSED');
    expect(child.exitCode).toBeNull();

    // The rest of the body arrives: the request is served with the database still open.
    inFlight.write(body.slice(20));
    const text = await response;
    expect(text).toMatch(/^HTTP\/1\.1 201 /);
    expect(text).toMatch(/connection: close/i);
    expect(text).toContain('"signupId"');

    expect(await server.exited).toBe(0);
    const messages = logs.map((l) => String(l.msg));
    expect(messages).toContain('shutdown complete: requests finished, database closed');
    expect(logs.filter((l) => Number(l.level) >= 50)).toEqual([]);
  });
});
