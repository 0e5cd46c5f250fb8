type Catalogue = Record<string, unknown>;

/**
 * A feature's own catalogue, `locales/features/[account-area/]<name>.<locale>.json`, is the top-level key
 * `<name>` of the UI messages: features added side by side never edit one shared file. Takes a
 * language's main catalogue and the eager `import.meta.glob` of that language's feature files.
 */
export function withFeatureCatalogues(main: Catalogue, features: Record<string, Catalogue>) {
  const merged: Catalogue = { ...main };
  for (const [path, catalogue] of Object.entries(features)) {
    const name = /\/([\w-]+)\.[\w-]+\.json$/.exec(path)?.[1];
    if (name) merged[name] = catalogue;
  }
  return merged;
}
