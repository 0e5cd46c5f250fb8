import { i18n } from '../lib/i18n';
import inviteCredentials from './features/inviteCredentials.en.json';

/**
 * The invited credentials page's English texts (`features/inviteCredentials.en.json`, the largest
 * feature catalogue): added when its route loads, so the first load of every other page does not
 * carry them. Spanish (Mexico) is one chunk with every feature, loaded for Spanish pages only.
 */
export const inviteCredentialsTranslation = { inviteCredentials };

/** Adds the invited credentials page's English texts to `instance` (idempotent). */
export function addInviteCredentialsCatalogue(instance = i18n): void {
  instance.addResourceBundle('en', 'translation', inviteCredentialsTranslation, true, false);
}
