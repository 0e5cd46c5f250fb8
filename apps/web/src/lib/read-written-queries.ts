import { SERVER_QUERIES_ELEMENT_ID, type ServerQuery } from './server-queries';

// Loaded only by a page the server wrote with answers (app/start.tsx): the others never pay for it.

const isServerQuery = (value: unknown): value is ServerQuery =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as ServerQuery).queryKey) &&
  'data' in value;

/** The answers the server wrote in the page, if any. */
export function readWrittenQueries(doc: Document = document): ServerQuery[] {
  const text = doc.getElementById(SERVER_QUERIES_ELEMENT_ID)?.textContent;
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter(isServerQuery) : [];
  } catch {
    return [];
  }
}
