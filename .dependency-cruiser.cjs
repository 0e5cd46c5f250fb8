/**
 * The server's one-way streets, checked by `npm run lint:modules` (part of `npm run lint`).
 * A module of apps/server/src/modules may use another one, never the other way round as well:
 * a cycle between two module folders (directly or through http/, security/, db/…) fails the
 * build. The web app's features are kept apart by a Biome rule, not here.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-server-module-cycle',
      comment:
        'Server modules form a one-way graph: a service calls another module through its ' +
        'service, and that module does not call back (docs/decisions/039-server-modules-as-plugins.md).',
      severity: 'error',
      scope: 'folder',
      from: { path: '^apps/server/src/modules/' },
      to: { circular: true },
    },
    {
      name: 'no-other-module-repo',
      comment:
        "A module reads and writes another module's data through that module's service, not its " +
        'repository; `account` (the user store every account-facing module reads) is the one ' +
        'shared repository (docs/decisions/039-server-modules-as-plugins.md).',
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: {
        path: '^apps/server/src/modules/[^/]+/repo\\.ts$',
        pathNot: '^apps/server/src/modules/($1|account)/',
      },
    },
    {
      name: 'no-server-file-cycle',
      comment: 'No two server files import each other, directly or in a ring.',
      severity: 'error',
      from: { path: '^apps/server/src/' },
      to: { circular: true },
    },
  ],
  options: {
    // TypeScript 7 has no JavaScript API for dependency-cruiser to parse with; swc reads the
    // sources, type-only imports included (they are dependencies of the design too).
    parser: 'swc',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'apps/server/tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    // Tests and their helpers may reach anywhere: they exercise the whole app.
    exclude: { path: ['\\.test\\.ts$', '^apps/server/src/test/'] },
  },
};
