import { createContext, useContext } from 'react';

/**
 * What a server render learns about the document's head while rendering the screen: its title
 * (a screen names it through useDocumentTitle, which in the browser sets document.title).
 * Absent in the browser.
 */
export type ServerHead = { title?: string };

export const ServerHeadContext = createContext<ServerHead | undefined>(undefined);

export function useServerHead(): ServerHead | undefined {
  return useContext(ServerHeadContext);
}
