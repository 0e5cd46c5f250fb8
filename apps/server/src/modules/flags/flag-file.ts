import { readFileSync } from 'node:fs';
import { EXPERIMENT_KEYS, EXPERIMENT_VALUES, LOOKS, RESTRICTIONS } from '@coparent/domain';
import { FlagdCore, MemoryStorage } from '@openfeature/flagd-core';
import type { Logger } from '@openfeature/server-sdk';
import { ConfigError } from '../../config.js';

/** What a flag answers: an experiment's Control/Treatment/Off, or a restriction's or look's boolean. */
export type FlagKind = 'experiment' | 'restriction' | 'look';

const KNOWN_FLAGS: ReadonlyMap<string, FlagKind> = new Map([
  ...EXPERIMENT_KEYS.map((key) => [key, 'experiment'] as const),
  ...Object.values(RESTRICTIONS).map((key) => [key, 'restriction'] as const),
  ...Object.values(LOOKS).map((key) => [key, 'look'] as const),
]);

/** A flag file the server refuses to start with; the message says which file and why. */
export class FlagFileError extends ConfigError {
  override name = 'FlagFileError';
  constructor(path: string, reason: string) {
    super(`flags file ${path}: ${reason}`);
  }
}

export type LoadedFlags = {
  core: FlagdCore;
  /** Every flag of the file (all the known ones) with its kind, in the file's order. */
  kinds: ReadonlyMap<string, FlagKind>;
  /** The flags with a targeting rule: the others answer the same whatever the context. */
  targeted: ReadonlySet<string>;
};

/** flagd's own test: a flag has a targeting rule when `targeting` is a non-empty object. */
function targetedFlags(json: unknown): Set<string> {
  const flags = (json as { flags?: Record<string, { targeting?: object }> }).flags ?? {};
  return new Set(
    Object.entries(flags)
      .filter(([, flag]) => flag.targeting && Object.keys(flag.targeting).length > 0)
      .map(([key]) => key),
  );
}

function describeVariants(variants: Map<string, unknown>): string {
  return JSON.stringify(Object.fromEntries(variants));
}

/**
 * Reads a flagd flag file (https://flagd.dev/schema/v0/flags.json) and checks it against the
 * domain: exactly the experiments of `EXPERIMENTS` (variants Control, Treatment and Off, each
 * answering its own name), the `RESTRICTIONS` and the `LOOKS` (boolean variants). Anything else throws a
 * FlagFileError, so a bad file stops the server at start-up instead of answering defaults.
 */
export function loadFlagFile(path: string, logger: Logger): LoadedFlags {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
    throw new FlagFileError(path, `cannot be read (${code}); FLAGS_FILE names a flagd JSON file`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new FlagFileError(path, `is not JSON (${(err as Error).message})`);
  }

  // Strict: the file must also match flagd's JSON schema (FlagdCore alone only warns).
  const storage = new MemoryStorage(logger);
  try {
    storage.setConfigurations(text, true);
  } catch (err) {
    const detail = (err as Error).cause instanceof Error ? `: ${(err as Error).cause}` : '';
    throw new FlagFileError(path, `${(err as Error).message}${detail}`);
  }

  const core = new FlagdCore(storage, logger);
  const flags = core.getFlags();
  const unknown = [...flags.keys()].filter((key) => !KNOWN_FLAGS.has(key));
  if (unknown.length > 0) {
    throw new FlagFileError(
      path,
      `unknown flag ${unknown.map((key) => `"${key}"`).join(', ')} ` +
        `(known: ${[...KNOWN_FLAGS.keys()].join(', ')})`,
    );
  }
  const missing = [...KNOWN_FLAGS.keys()].filter((key) => !flags.has(key));
  if (missing.length > 0) {
    throw new FlagFileError(path, `missing flag ${missing.map((key) => `"${key}"`).join(', ')}`);
  }

  for (const [key, flag] of flags) {
    const kind = KNOWN_FLAGS.get(key);
    const variants = flag.variants;
    if (kind === 'experiment') {
      const names = [...variants.keys()].sort();
      const expected = [...EXPERIMENT_VALUES].sort();
      const sameNames =
        names.length === expected.length && names.every((n, i) => n === expected[i]);
      if (!sameNames || [...variants].some(([name, value]) => name !== value)) {
        throw new FlagFileError(
          path,
          `experiment "${key}" must have the variants Control, Treatment and Off, each answering ` +
            `its own name (got ${describeVariants(variants)})`,
        );
      }
    } else if ([...variants.values()].some((value) => typeof value !== 'boolean')) {
      throw new FlagFileError(
        path,
        `${kind} "${key}" must have boolean variants (got ${describeVariants(variants)})`,
      );
    }
    // A targeting rule flagd cannot compile answers PARSE_ERROR on every evaluation: refuse it now.
    const probe = flag.evaluate({});
    if (probe.reason === 'ERROR' && probe.errorCode === 'PARSE_ERROR') {
      throw new FlagFileError(path, `flag "${key}": ${probe.errorMessage}`);
    }
  }

  const kinds = new Map([...flags.keys()].map((key) => [key, KNOWN_FLAGS.get(key) as FlagKind]));
  return { core, kinds, targeted: targetedFlags(json) };
}
