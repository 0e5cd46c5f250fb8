import { createContext, type ReactNode, useContext } from 'react';

/**
 * What the server knows for a page it writes with no script (decision 052) and the app would
 * otherwise have read in the browser: the discount link the tab keeps, and the person a refused
 * step 1 named. Undefined on every other page (and in the browser).
 */
export type ScriptlessPage = {
  /** The query string of the discount link the browser keeps (its cookie), when any. */
  discountSearch?: string;
  /** The first name and email step 1 was refused for, on /duplicate. */
  duplicateParent?: { name?: string; email?: string };
};

const ScriptlessPageContext = createContext<ScriptlessPage | undefined>(undefined);

export function ScriptlessPageProvider({
  page,
  children,
}: {
  page: ScriptlessPage | undefined;
  children: ReactNode;
}) {
  return <ScriptlessPageContext.Provider value={page}>{children}</ScriptlessPageContext.Provider>;
}

/** The page's server-side knowledge when it is written with no script; undefined otherwise. */
export function useScriptlessPage(): ScriptlessPage | undefined {
  return useContext(ScriptlessPageContext);
}
