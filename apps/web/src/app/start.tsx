import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import '../styles/global.css';

/** Renders the app into the page's root element. */
export function startApp(container: HTMLElement): void {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
