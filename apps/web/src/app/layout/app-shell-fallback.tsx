/**
 * What a page shows while its first screen's code loads: the frame index.html paints, so the page
 * does not go blank in between (and React Router has its fallback for the first render).
 * The product's name only: no text to translate before the language is known.
 */
export function AppShellFallback() {
  return (
    <div aria-busy="true">
      <header className="app-shell-header">
        <div className="app-shell-inner">
          <span className="app-shell-brand">CoParent Hub</span>
        </div>
      </header>
    </div>
  );
}
