import type { Root } from 'react-dom/client';
import { renderApp } from './app';
import { createSiteRouter } from './site-router';

/** Starts the site pages (terms, privacy, help, contact, page not found): their own chunk. */
export function startApp(container: HTMLElement): Promise<Root> {
  return renderApp(container, createSiteRouter);
}
