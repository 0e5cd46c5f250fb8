import { OFREPWebProvider } from '@openfeature/ofrep-web-provider';
import { type EvaluationContext, OpenFeature, ProviderEvents } from '@openfeature/web-sdk';

// The OpenFeature web SDK with the OFREP web provider, which asks the server for every flag at
// once (POST /ofrep/v1/evaluate/flags) and then answers synchronously from that answer. Its own
// chunk, imported by flag-client.ts once the first screen has rendered (JS size budgets).

/** Events after which a flag may read differently. */
const CHANGE_EVENTS = [
  ProviderEvents.Ready,
  ProviderEvents.ConfigurationChanged,
  ProviderEvents.ContextChanged,
  ProviderEvents.Error,
] as const;

export type FlagConnection = {
  stringValue(key: string, defaultValue: string): string;
  booleanValue(key: string, defaultValue: boolean): boolean;
  setContext(context: EvaluationContext): Promise<void>;
  /** Stops the provider and forgets the context (tests). */
  close(): Promise<void>;
};

/** Starts the OFREP provider with this context; `onChange` runs whenever its answers may differ. */
export function connectFlags(initial: EvaluationContext, onChange: () => void): FlagConnection {
  for (const event of CHANGE_EVENTS) OpenFeature.addHandler(event, onChange);
  // Same origin (the CSP's connect-src 'self'); the OFREP client needs an absolute base URL.
  const provider = new OFREPWebProvider({ baseUrl: window.location.origin, timeoutMs: 5000 });
  OpenFeature.setProvider(provider, initial);
  const client = OpenFeature.getClient();
  return {
    stringValue: (key, defaultValue) => client.getStringValue(key, defaultValue),
    booleanValue: (key, defaultValue) => client.getBooleanValue(key, defaultValue),
    setContext: (context) => OpenFeature.setContext(context),
    async close() {
      for (const event of CHANGE_EVENTS) OpenFeature.removeHandler(event, onChange);
      await OpenFeature.clearProviders();
      await OpenFeature.clearContext();
    },
  };
}
