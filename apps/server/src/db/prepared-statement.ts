import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from './client.js';

/**
 * A hot query built once per executor (the pool's session, or one transaction's) instead of on
 * every request: `build` returns a Drizzle query builder's `.prepare(name)` with
 * `sql.placeholder`s, and the answer's `execute(values)` only binds them. PostgreSQL gets the
 * statement by name, so each connection also parses and plans it once (node-postgres' named
 * statements; PGlite ignores the name). Drizzle's query building was a fifth of the server's CPU
 * on the signup create call.
 */
export function preparedPerExecutor<Query>(
  build: (executor: Executor) => Query,
): (executor: Executor) => Query {
  const prepared = new WeakMap<Executor, Query>();
  return (executor) => {
    let query = prepared.get(executor);
    if (query === undefined) {
      query = build(executor);
      prepared.set(executor, query);
    }
    return query;
  };
}

/**
 * The same for a statement the query builders cannot express, written as SQL. Values that need a
 * column's encoding (a Date into a timestamp) take `sql.param(sql.placeholder(key), column)`, as
 * Drizzle's insert does.
 */
export function preparedStatement<Row>(
  name: string,
  statement: SQL,
): (executor: Executor, values: Record<string, unknown>) => Promise<Row[]> {
  const query = new PgDialect().sqlToQuery(statement);
  const prepare = preparedPerExecutor((executor) =>
    executor._.session.prepareQuery(query, undefined, name, false),
  );
  return async (executor, values) => {
    // Both drivers answer a statement without result fields with their own result object, each
    // with `rows` of objects keyed by column name.
    const result = (await prepare(executor).execute(values)) as unknown as { rows: Row[] };
    return result.rows;
  };
}
