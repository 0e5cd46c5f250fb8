import type { FlagdCore } from '@openfeature/flagd-core';
import type { Provider } from '@openfeature/server-sdk';

/**
 * An OpenFeature server provider that evaluates a flagd flag file in process with flagd-core
 * (the same rules engine as the flagd daemon, `fractional` included), so no flagd service runs.
 */
export class FlagdFileProvider implements Provider {
  readonly metadata = { name: 'flagd-file' } as const;
  readonly runsOn = 'server';

  constructor(private readonly core: FlagdCore) {}

  // Each resolution is flagd-core's, answered as the promise a provider gives.
  resolveBooleanEvaluation: Provider['resolveBooleanEvaluation'] = async (...args) =>
    this.core.resolveBooleanEvaluation(...args);
  resolveStringEvaluation: Provider['resolveStringEvaluation'] = async (...args) =>
    this.core.resolveStringEvaluation(...args);
  resolveNumberEvaluation: Provider['resolveNumberEvaluation'] = async (...args) =>
    this.core.resolveNumberEvaluation(...args);
  resolveObjectEvaluation: Provider['resolveObjectEvaluation'] = async (...args) =>
    this.core.resolveObjectEvaluation(...args);
}
