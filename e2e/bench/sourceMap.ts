/**
 * Which source modules the bytes of a built file come from, read from the build's own source map
 * (production builds emit one per chunk). Each generated span between two mapping segments is
 * counted for the segment's source; spans without a source are "(unmapped)" (webpack's glue code).
 */
const base64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const digits = new Map([...base64].map((char, index) => [char, index]));

export type RawSourceMap = { sources: string[]; mappings: string };

/** One segment's base64 VLQ fields (generated column, source, line, column, name), still relative. */
function decodeSegment(segment: string): number[] {
  const fields: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = digits.get(char);
    if (digit === undefined) throw new Error(`bad source-map character ${char}`);
    value += (digit & 31) * 2 ** shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    fields.push(value % 2 === 1 ? -Math.floor(value / 2) : value / 2);
    value = 0;
    shift = 0;
  }
  return fields;
}

/** Source → the generated code attributed to it (the slices concatenated, to be measured or gzipped). */
export function attributeBySource(code: string, map: RawSourceMap): Map<string, string> {
  const slices = new Map<string, string[]>();
  const add = (source: string, text: string) => {
    if (text) slices.set(source, [...(slices.get(source) ?? []), text]);
  };
  const lines = code.split('\n');
  let sourceIndex = 0;
  map.mappings.split(';').forEach((mappingLine, lineIndex) => {
    const line = lines[lineIndex] ?? '';
    let column = 0;
    const spans: { column: number; source: string }[] = [];
    for (const segment of mappingLine.split(',')) {
      if (!segment) continue;
      const fields = decodeSegment(segment);
      column += fields[0] ?? 0;
      // Source, line and column indices accumulate over the whole file, not per line.
      if (fields.length >= 4) sourceIndex += fields[1] ?? 0;
      spans.push({ column, source: fields.length >= 4 ? (map.sources[sourceIndex] ?? '(unmapped)') : '(unmapped)' });
    }
    add('(unmapped)', line.slice(0, spans[0]?.column ?? line.length));
    spans.forEach((span, index) => add(span.source, line.slice(span.column, spans[index + 1]?.column ?? line.length)));
  });
  // Lines past the last mapped one (the sourceMappingURL comment).
  const mappedLines = map.mappings.split(';').length;
  lines.slice(mappedLines).forEach((line) => add('(unmapped)', line));
  return new Map([...slices].map(([source, parts]) => [source, parts.join('')]));
}

/** A source path as a package (`antd`, `@ant-design/icons`) or a workspace folder (`shared/src/ui`). */
export function packageOf(source: string): string {
  const [, namespace = '', rest = source] = /^webpack:\/\/([^/]*)\/(.*)$/.exec(source) ?? [];
  // './src/…' is the built app's own code; '../shared/src/…' the workspace package.
  const path = rest.startsWith('./') ? `${namespace}/${rest.slice(2)}` : rest;
  const inModules = path.lastIndexOf('node_modules/');
  if (inModules >= 0) {
    const [scope = '', name = ''] = path.slice(inModules + 'node_modules/'.length).split('/');
    return scope.startsWith('@') ? `${scope}/${name}` : scope;
  }
  if (path.startsWith('webpack/')) return '(webpack runtime)';
  const parts = path.replace(/^(\.\.?\/)+/, '').split('/');
  return parts.slice(0, parts[1] === 'src' ? 3 : 2).join('/');
}
