/** Where the join funnel's pages live. */
export const JOIN_BASE = '/app/join';
