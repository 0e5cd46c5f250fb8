import type { FlagdCore } from '@openfeature/flagd-core';
import type {
  EvaluationContext,
  JsonValue,
  Logger,
  Provider,
  ResolutionDetails,
} from '@openfeature/server-sdk';

/**
 * An OpenFeature server provider that evaluates a flagd flag file in process with flagd-core
 * (the same rules engine as the flagd daemon, `fractional` included), so no flagd service runs.
 */
export class FlagdFileProvider implements Provider {
  readonly metadata = { name: 'flagd-file' } as const;
  readonly runsOn = 'server';

  constructor(private readonly core: FlagdCore) {}

  async resolveBooleanEvaluation(
    flagKey: string,
    defaultValue: boolean,
    context: EvaluationContext,
    logger: Logger,
  ): Promise<ResolutionDetails<boolean>> {
    return this.core.resolveBooleanEvaluation(flagKey, defaultValue, context, logger);
  }

  async resolveStringEvaluation(
    flagKey: string,
    defaultValue: string,
    context: EvaluationContext,
    logger: Logger,
  ): Promise<ResolutionDetails<string>> {
    return this.core.resolveStringEvaluation(flagKey, defaultValue, context, logger);
  }

  async resolveNumberEvaluation(
    flagKey: string,
    defaultValue: number,
    context: EvaluationContext,
    logger: Logger,
  ): Promise<ResolutionDetails<number>> {
    return this.core.resolveNumberEvaluation(flagKey, defaultValue, context, logger);
  }

  async resolveObjectEvaluation<T extends JsonValue>(
    flagKey: string,
    defaultValue: T,
    context: EvaluationContext,
    logger: Logger,
  ): Promise<ResolutionDetails<T>> {
    return this.core.resolveObjectEvaluation(flagKey, defaultValue, context, logger);
  }
}
