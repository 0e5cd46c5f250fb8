/**
 * Full page loads (the account area is another app). Tests replace `fullPage.assign` to see where
 * the browser would go.
 */
export const fullPage = {
  assign: (url: string): void => window.location.assign(url),
};
