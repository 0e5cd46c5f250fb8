/**
 * Reading a Prometheus text scrape in tests: every sample line as its series (name and labels as
 * written) and its value.
 */
export type Scrape = {
  text: string;
  /** The value of the series `name` whose labels include `labels`, summed over the rest; 0 if none. */
  value(name: string, labels?: Record<string, string>): number;
  /** The label sets of every sample of `name`. */
  labelSets(name: string): Record<string, string>[];
};

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

export function parseScrape(text: string): Scrape {
  const samples = text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .flatMap((line) => {
      const match = SAMPLE.exec(line);
      if (!match) return [];
      const labels: Record<string, string> = {};
      for (const [, key, value] of (match[2] ?? '').matchAll(LABEL)) {
        if (key !== undefined) labels[key] = value ?? '';
      }
      return [{ name: match[1] ?? '', labels, value: Number(match[3]) }];
    });
  const matching = (name: string, labels: Record<string, string>) =>
    samples.filter(
      (sample) =>
        sample.name === name &&
        Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
    );
  return {
    text,
    value: (name, labels = {}) =>
      matching(name, labels).reduce((sum, sample) => sum + sample.value, 0),
    labelSets: (name) => matching(name, {}).map((sample) => sample.labels),
  };
}
