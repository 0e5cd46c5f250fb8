import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A module loaded when first needed, then kept: `loaded` reads it synchronously once it is in (a
 * page answering a post has it loaded before it renders: app/start.tsx).
 */
export type OnDemand<T> = { load(): Promise<T>; readonly loaded: T | undefined };

export function onDemand<T>(importer: () => Promise<T>): OnDemand<T> {
  let loaded: T | undefined;
  let loading: Promise<T> | undefined;
  return {
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
