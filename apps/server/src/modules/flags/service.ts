import { createHash, randomUUID } from 'node:crypto';
import { DEFAULT_EXPERIMENT_VALUE } from '@coparent/domain';
import {
  type EvaluationDetails,
  type FlagMetadata,
  type Logger,
  NOOP_PROVIDER,
  OpenFeature,
} from '@openfeature/server-sdk';
import type { FastifyBaseLogger } from 'fastify';
import { evaluationContext, type FlagContext } from './context.js';
import { type FlagKind, loadFlagFile } from './flag-file.js';
import { FlagdFileProvider } from './flagd-file-provider.js';

/** One flag's OFREP answer: a value, or an error code (FLAG_NOT_FOUND, GENERAL…). */
export type FlagEvaluation =
  | {
      key: string;
      value: string | boolean;
      reason: string;
      variant?: string;
      metadata: FlagMetadata;
    }
  | { key: string; errorCode: string; errorDetails: string; metadata: FlagMetadata };

export type FlagService = {
  /** Every flag of the file for this context (the OFREP bulk evaluation). */
  evaluateAll(context?: FlagContext): Promise<FlagEvaluation[]>;
  /**
   * The bulk answer when no flag of the file has a targeting rule: then it is the same for
   * every context (undefined otherwise).
   */
  readonly constantAnswer: FlagEvaluation[] | undefined;
  /** One flag; undefined when the file has no such flag. */
  evaluate(key: string, context?: FlagContext): Promise<FlagEvaluation | undefined>;
  /**
   * Is `variant` an arm of the experiment `experiment` in the flag file (Control or Treatment;
   * Off is no experiment)? What an exposure may name.
   */
  isExperimentArm(experiment: string, variant: string): boolean;
  close(): Promise<void>;
};

/** OpenFeature and flagd-core log through the app's logger (their default is the console). */
function openFeatureLogger(log: FastifyBaseLogger): Logger {
  const child = log.child({ module: 'flags' });
  const line = (args: unknown[]) => args.map(String).join(' ');
  return {
    error: (...args) => child.error(line(args)),
    warn: (...args) => child.warn(line(args)),
    info: (...args) => child.info(line(args)),
    debug: (...args) => child.debug(line(args)),
  };
}

function toEvaluation(details: EvaluationDetails<string | boolean>): FlagEvaluation {
  if (details.errorCode) {
    return {
      key: details.flagKey,
      errorCode: details.errorCode,
      errorDetails: details.errorMessage ?? details.errorCode,
      metadata: details.flagMetadata,
    };
  }
  return {
    key: details.flagKey,
    value: details.value,
    reason: details.reason ?? 'UNKNOWN',
    ...(details.variant ? { variant: details.variant } : {}),
    metadata: details.flagMetadata,
  };
}

/**
 * Loads and checks the flag file (throws FlagFileError on a bad one) and evaluates it through an
 * OpenFeature client. Each service binds its provider to its own OpenFeature domain, so several
 * apps in one process (tests) keep their own flag files.
 */
export async function createFlagService(options: {
  file: string;
  log: FastifyBaseLogger;
}): Promise<FlagService> {
  const logger = openFeatureLogger(options.log);
  const { core, kinds, targeted } = loadFlagFile(options.file, logger);
  const arms = new Map(
    [...core.getFlags()]
      .filter(([key]) => kinds.get(key) === 'experiment')
      .map(([key, flag]) => [
        key,
        new Set([...flag.variants.keys()].filter((name) => name !== DEFAULT_EXPERIMENT_VALUE)),
      ]),
  );
  const domain = `coparent-flags-${randomUUID()}`;
  await OpenFeature.setProviderAndWait(domain, new FlagdFileProvider(core));
  const client = OpenFeature.getClient(domain).setLogger(logger);

  const evaluateThroughClient = async (key: string, kind: FlagKind, context?: FlagContext) => {
    const ctx = evaluationContext(context);
    const details =
      kind === 'experiment'
        ? await client.getStringDetails(key, DEFAULT_EXPERIMENT_VALUE, ctx)
        : await client.getBooleanDetails(key, false, ctx);
    return toEvaluation(details);
  };

  // A flag with no targeting rule answers its default variant whatever the context: evaluated
  // once here, through the same client, instead of on every request.
  const untargeted = new Map<string, FlagEvaluation>();
  for (const [key, kind] of kinds) {
    if (!targeted.has(key)) untargeted.set(key, await evaluateThroughClient(key, kind));
  }

  const evaluate = async (key: string, context?: FlagContext) => {
    const kind = kinds.get(key);
    if (!kind) return undefined;
    const fixed = untargeted.get(key);
    return fixed ? { ...fixed } : evaluateThroughClient(key, kind, context);
  };

  return {
    evaluate,
    constantAnswer: targeted.size === 0 ? [...untargeted.values()] : undefined,
    isExperimentArm: (experiment, variant) => arms.get(experiment)?.has(variant) ?? false,
    async evaluateAll(context) {
      const answers = await Promise.all([...kinds.keys()].map((key) => evaluate(key, context)));
      return answers.filter((answer): answer is FlagEvaluation => answer !== undefined);
    },
    async close() {
      // Unbinds the domain (the no-op provider answers defaults) so the flag set can be freed.
      await OpenFeature.setProviderAndWait(domain, NOOP_PROVIDER);
    },
  };
}

/** A strong ETag of a bulk answer: same context and same flag file give the same tag. */
export function etagOf(body: unknown): string {
  return `"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27)}"`;
}
