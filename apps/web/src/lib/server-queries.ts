import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * A call's answer the server made while writing a page (as the screen's query reads it), so the
 * page is written with its data and the app takes it over with the same, asking nothing again.
 */
export type ServerQuery = { queryKey: QueryKey; data: unknown };

/**
 * Reads one of the API's answers on the server, as the browser calls it (with its cookie): a GET,
 * or a POST with its body for a read that takes one (a price); `bearer` is a token the page's
 * link carries (an invitation's).
 */
export type ServerFetch = (
  path: string,
  init?: { body?: unknown; bearer?: string },
) => Promise<unknown>;

/** The element the server writes the page's answers in, for the app to take it over. */
export const SERVER_QUERIES_ELEMENT_ID = 'server-queries';

/** The answer each query was given by the page, while it still holds it. */
const writtenAnswers = new WeakMap<object, unknown>();

/** Puts the server's answers in a query client's cache, fresh as if just fetched. */
export function seedQueries(client: QueryClient, queries: readonly ServerQuery[]): void {
  for (const { queryKey, data } of queries) {
    client.setQueryData(queryKey, data);
    const query = client.getQueryCache().find({ queryKey, exact: true });
    if (query) writtenAnswers.set(query, query.state.data);
  }
}

/** How long the page's own answer stands for a query that is otherwise read anew on each mount. */
const WRITTEN_ANSWER_FRESH_MS = 60 * 1000;

/**
 * The `staleTime` of a query always read anew (0), except while it holds the answer the server
 * wrote in the page it was read for: the app takes the page over without asking it again. A save
 * that changes it (or invalidates it) ends that.
 */
export function staleUnlessWritten(query: { state: { data: unknown } }): number {
  const hasWrittenAnswer =
    writtenAnswers.has(query) && writtenAnswers.get(query) === query.state.data;
  return hasWrittenAnswer ? WRITTEN_ANSWER_FRESH_MS : 0;
}
