/** Shown until the build sets the real address; `.example` never delivers anywhere. */
const DEFAULT_SUPPORT_EMAIL = 'support@coparent.example';

/**
 * The support address of /invite/request without a token ("a support mailto link").
 * Neither the spec nor the server names one, so the build sets it with `VITE_SUPPORT_EMAIL`.
 */
export function supportEmail(): string {
  const value: unknown = import.meta.env.VITE_SUPPORT_EMAIL;
  return typeof value === 'string' && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)
    ? value
    : DEFAULT_SUPPORT_EMAIL;
}
