import { SERVER_RENDERED_ATTRIBUTE } from '../app/server-rendered-paths';

/**
 * Writes what the server writes beside #root (its answers, the signup, a post it answers), as the
 * page carries it; nothing for a value the page does not carry.
 */
export function writePageData(id: string, value: unknown): void {
  if (value === undefined) return;
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = id;
  element.textContent = JSON.stringify(value);
  document.body.append(element);
}

/**
 * Puts the server's HTML of a join page in #root, at its address, for the app to take over;
 * `state` is the tab's history state (what the browser still holds on a reload).
 */
export function mountWrittenPage(html: string, path: string, state: unknown = null): HTMLElement {
  window.history.replaceState(state, '', `/app/join${path}`);
  const container = document.createElement('div');
  container.id = 'root';
  container.setAttribute(SERVER_RENDERED_ATTRIBUTE, '');
  container.innerHTML = html;
  document.body.append(container);
  return container;
}
