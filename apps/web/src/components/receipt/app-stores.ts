/**
 * The mobile app's store pages (iOS and Android). Plain links, no store badges or
 * scripts. Placeholders until the store listings exist; change them here only.
 */
export const APP_STORE_URL = 'https://apps.apple.com/app/coparent-hub/id0000000000';
export const PLAY_STORE_URL = 'https://play.google.com/store/apps/details?id=com.coparenthub.app';
