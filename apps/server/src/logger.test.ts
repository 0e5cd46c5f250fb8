import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, requestLogger } from './logger.js';

/** A logger writing into `lines`, each without its time, so two lines can be compared whole. */
function capturingLogger(lines: string[]) {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk).replace(/"time":\d+,/, ''));
      done();
    },
  });
  return createLogger({ logLevel: 'info', prettyLogs: false }, stream);
}

describe('requestLogger', () => {
  it("writes the lines pino's own child writes, secrets redacted", () => {
    const lines: string[] = [];
    const logger = capturingLogger(lines);
    const entry = { body: { password: 'hunter2', name: 'Ann' }, token: 'secret' };
    logger.child({ reqId: 'req-00000001' }).info(entry, 'saved');
    requestLogger(logger, { reqId: 'req-00000001' }, {}).info(entry, 'saved');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe(lines[0]);
    expect(lines[0]).toContain('"reqId":"req-00000001"');
    expect(lines[0]).not.toContain('hunter2');
    expect(lines[0]).not.toContain('secret');
  });

  it('keeps the level a route asks for', () => {
    const lines: string[] = [];
    const logger = capturingLogger(lines);
    const child = requestLogger(logger, { reqId: 'req-00000002' }, { level: 'warn' });
    child.info('quiet');
    child.warn('loud');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('"reqId":"req-00000002"');
  });

  it("leaves a binding a redact path names to pino's redaction", () => {
    const lines: string[] = [];
    const logger = capturingLogger(lines);
    requestLogger(logger, { reqId: 'req-00000003', token: 'secret' }, {}).info('hello');
    expect(lines[0]).toContain('"reqId":"req-00000003"');
    expect(lines[0]).not.toContain('secret');
  });
});
