/**
 * The query key of the co-parent's own receipt, which the server writes in /invite/receipt (their
 * login's newest receipt). Apart from its reader, so the page does not load the schemas (the
 * web's JavaScript budget per route): the page only ever has it from the server.
 */
export const OWN_RECEIPT_QUERY_KEY = ['invite', 'ownReceipt'] as const;
