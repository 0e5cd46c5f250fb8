import { openingTerm, type Package, packageTerms } from '@coparent/domain';
import { useState } from 'react';
import { useSearchParams } from 'react-router';

/** The address's query field that keeps the term shown (a link without a script, a reload). */
export const TERM_PARAM = 'term';

type Term = Package['subDurationInYears'];

export type TermChoice = {
  term: Term;
  /** The terms the packages come in; the switch shows when there are two. */
  terms: Term[];
  choose: (term: Term) => void;
};

/**
 * Which term the package list shows: the address's `?term=`, else the chosen package's, else one
 * year. A switch keeps it in the address without a navigation (no new history entry, no focus
 * move to the page's heading), so a reload shows the same term.
 */
export function useTermChoice(packages: readonly Package[], chosenPackageId?: number): TermChoice {
  const [params] = useSearchParams();
  const [term, setTerm] = useState<Term>(() =>
    openingTerm(packages, chosenPackageId, Number(params.get(TERM_PARAM))),
  );
  const terms = packageTerms(packages);
  const choose = (next: Term) => {
    setTerm(next);
    const url = new URL(window.location.href);
    url.searchParams.set(TERM_PARAM, String(next));
    window.history.replaceState(window.history.state, '', url);
  };
  // Packages of another country can lack the term shown: show one they have.
  return { term: terms.includes(term) ? term : (terms[0] ?? 1), terms, choose };
}
