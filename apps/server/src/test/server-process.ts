import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import type { App } from '../app.js';

/**
 * The signup fixtures speak `app.inject`; this answers it over real HTTP to a server running in
 * another process (its cookies as `set-cookie`, as `inject` gives them).
 */
export function overHttp(origin: string): App {
  const inject = async (request: {
    method: string;
    url: string;
    headers?: Record<string, string>;
    payload?: unknown;
  }) => {
    const response = await fetch(`${origin}${request.url}`, {
      method: request.method,
      headers: {
        ...(request.payload === undefined ? {} : { 'content-type': 'application/json' }),
        ...request.headers,
      },
      body: request.payload === undefined ? undefined : JSON.stringify(request.payload),
    });
    const body = await response.text();
    const headers: Record<string, string | string[]> = Object.fromEntries(response.headers);
    headers['set-cookie'] = response.headers.getSetCookie();
    return { statusCode: response.status, body, headers, json: () => JSON.parse(body) };
  };
  return { inject } as unknown as App;
}

/** Stops a server process as an orchestrator would (SIGTERM) and waits for it to exit. */
export async function stopServerProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}
