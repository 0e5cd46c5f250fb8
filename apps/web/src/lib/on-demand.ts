import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A module loaded when first needed, then kept: `loaded` reads it synchronously once it is in (a
 * page answering a post has it loaded before it renders: app/start.tsx).
 */
export type OnDemand<T> = { load(): Promise<T>; readonly loaded: T | undefined };

/** Every module declared on demand so far (the modules that declare them have been imported). */
const declared: OnDemand<unknown>[] = [];

/**
 * Loads every module declared on demand so far. For the component tests: a test asserts what the
 * screen shows once its code is in, not how long a first dynamic import takes on a busy machine
 * (the browser tests walk the real loading).
 */
export async function loadEverythingDeclaredOnDemand(): Promise<void> {
  await Promise.all(declared.map((module) => module.load()));
}

export function onDemand<T>(importer: () => Promise<T>): OnDemand<T> {
  let loaded: T | undefined;
  let loading: Promise<T> | undefined;
  const declaration: OnDemand<T> = {
    load() {
      loading ??= importer().then(
        (module) => {
          loaded = module;
          return module;
        },
        (error: unknown) => {
          // A failed load (a dropped connection) is tried again by the next check.
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    get loaded() {
      return loaded;
    },
  };
  declared.push(declaration);
  return declaration;
}

/**
 * A form's resolver whose schema (and zod with it) loads on the form's first check, not with the
 * page: the resolver is asynchronous anyway, so the person sees no difference.
 */
export function onDemandResolver<TInput extends FieldValues, TOutput>(
  load: () => Promise<Resolver<TInput, unknown, TOutput>>,
): Resolver<TInput, unknown, TOutput> {
  let resolver: Resolver<TInput, unknown, TOutput> | undefined;
  return async (values, context, options) => {
    resolver ??= await load();
    return resolver(values, context, options);
  };
}
