import { renderApp } from './app';
import { createSiteRouter } from './site-router';

/** Starts the site pages (terms, privacy, help, contact, page not found): their own chunk. */
export function startApp(container: HTMLElement): Promise<void> {
  return renderApp(container, createSiteRouter);
}
