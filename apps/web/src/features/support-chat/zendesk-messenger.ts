/** Zendesk's messaging Web Widget API (`zE`), as its snippet defines it on `window`. */
type ZendeskApi = (...args: unknown[]) => void;
declare global {
  interface Window {
    zE?: ZendeskApi;
  }
}

/** The id Zendesk's snippet expects on its script element. */
export const ZENDESK_SNIPPET_ID = 'ze-snippet';
const ZENDESK_SNIPPET_URL = 'https://static.zdassets.com/ekr/snippet.js';

/**
 * The messaging widget's key (`VITE_ZENDESK_WIDGET_KEY`, a build setting, from Zendesk's Admin
 * Center); without one there is no widget.
 */
export function zendeskWidgetKey(): string | undefined {
  const value: unknown = import.meta.env.VITE_ZENDESK_WIDGET_KEY;
  return typeof value === 'string' && /^[A-Za-z0-9-]{8,64}$/.test(value) ? value : undefined;
}

/** Whether a screen that shows the chat is on screen (the snippet may load after it left). */
let wanted = false;

/**
 * Logs the widget in with our token (`zE('messenger', 'loginUser', jwtCallback)`): Zendesk calls
 * the callback whenever it needs a fresh token. A failed token is logged, never shown: the chat
 * then works as an anonymous conversation.
 */
function loginUser(): void {
  window.zE?.('messenger', 'loginUser', (callback: (jwt: string) => void) => {
    // The token call (and the schema it reads the answer with) loads only when the widget asks.
    import('./support-chat-api')
      .then(({ fetchSupportChatToken }) => fetchSupportChatToken())
      .then(callback, (error: unknown) => {
        console.warn('support chat: no token for the messaging widget', error);
      });
  });
}

/** Loads the snippet once per page; later screens only show the launcher again. */
export function showZendeskMessenger(widgetKey: string): void {
  wanted = true;
  if (document.getElementById(ZENDESK_SNIPPET_ID)) {
    window.zE?.('messenger', 'show');
    return;
  }
  const script = document.createElement('script');
  script.id = ZENDESK_SNIPPET_ID;
  script.async = true;
  script.src = `${ZENDESK_SNIPPET_URL}?key=${encodeURIComponent(widgetKey)}`;
  script.addEventListener('load', () => {
    loginUser();
    if (!wanted) window.zE?.('messenger', 'hide');
  });
  document.body.append(script);
}

/** Hides the launcher when a screen with the chat is left (the page itself stays). */
export function hideZendeskMessenger(): void {
  wanted = false;
  window.zE?.('messenger', 'hide');
}
