// Zod compiles its object parsers with `new Function` after probing whether eval is allowed; under
// the server's CSP (script-src 'self', no 'unsafe-eval') that caught probe is still reported as a
// violation. Interpreted parsing is plenty fast for forms. Zod reads this global setting when it
// loads, so this module imports nothing and main.tsx loads the app (and zod) only after it ran.
type ZodScope = { __zod_globalConfig?: Record<string, unknown> };

const scope = globalThis as ZodScope;
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };
