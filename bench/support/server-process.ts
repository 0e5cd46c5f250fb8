import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The repository root: every bench starts its processes from there. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export type ServerProcess = { child: ChildProcess; url: string; output: () => string };

/**
 * Starts `node <args>` on `port` with only PATH and `env` (no developer settings leak in) and
 * waits for `/healthz`. The last few KB of its output are kept for the error when it fails.
 */
export async function startProcess(
  args: string[],
  env: Record<string, string>,
  port: number,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited: ${output}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 120_000) {
      child.kill('SIGTERM');
      throw new Error(`${args.join(' ')} did not start within 2 minutes: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, url, output: () => output };
}

/** SIGTERM (the server's graceful shutdown) and wait for the exit. */
export async function stopProcess(proc: ServerProcess | undefined): Promise<void> {
  if (!proc || proc.child.exitCode !== null) return;
  const exited = new Promise((r) => proc.child.once('exit', r));
  proc.child.kill('SIGTERM');
  await exited;
}
