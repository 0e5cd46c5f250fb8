import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * A call's answer the server made while writing a page (as the screen's query reads it), so the
 * page is written with its data and the app takes it over with the same, asking nothing again.
 */
export type ServerQuery = { queryKey: QueryKey; data: unknown };

/**
 * Reads one of the API's answers on the server, as the browser calls it: a GET, or a POST with
 * its body for a read that takes one (a price).
 */
export type ServerFetch = (path: string, post?: { body: unknown }) => Promise<unknown>;

/** The element the server writes the page's answers in, for the app to take it over. */
export const SERVER_QUERIES_ELEMENT_ID = 'server-queries';

/** Puts the server's answers in a query client's cache, fresh as if just fetched. */
export function seedQueries(client: QueryClient, queries: readonly ServerQuery[]): void {
  for (const { queryKey, data } of queries) client.setQueryData(queryKey, data);
}
