/**
 * Test files that replace a module with `vi.mock` (the Braintree SDK's transport): they need a
 * module registry of their own, so they run in the isolated project (vitest.isolated.config.ts);
 * every other server file shares its worker's loaded modules (vitest.config.ts).
 */
export const FILES_THAT_MOCK_MODULES = [
  'src/adapters/payment/braintree-offline.test.ts',
  'src/adapters/payment/braintree-uk-card.test.ts',
  'src/adapters/payment/braintree-vault-offline.test.ts',
];

/** What both server projects share: the source condition and the timeouts. */
export const serverProjectBase = {
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
} as const;

export const serverTestBase = {
  // Two files side by side, as the root config says: a project does not inherit its maxWorkers.
  maxWorkers: 2,
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 60_000,
} as const;
