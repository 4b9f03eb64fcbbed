/**
 * The value of one sample in Prometheus text output: the line named `name` whose labels include every
 * pair in `labels` (summed when several lines match, e.g. one per status code). Undefined when none.
 */
export function sampleValue(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  let total: number | undefined;
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(\{.*\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const labelText = match[2] ?? '';
    if (!Object.entries(labels).every(([key, value]) => labelText.includes(`${key}="${value}"`))) continue;
    total = (total ?? 0) + Number(match[3]);
  }
  return total;
}

/** Every value a label takes on the samples of `name`. */
export function labelValues(text: string, name: string, label: string): string[] {
  const values = new Set<string>();
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const match = new RegExp(`[{,]${label}="([^"]*)"`).exec(line);
    if (match) values.add(match[1]!);
  }
  return [...values];
}
