// Apart from the checkout store, so /step3 can key the payment page's price without loading the
// checkout (budgets).

/** The checkout state's owner in Parent A's flow. */
export const signupFlowId = (signupId: string) => `signup:${signupId}`;
/** The checkout state's owner in the invited co-parent's flow. */
export const inviteFlowId = (userId: string) => `invite:${userId}`;
