/**
 * What the login page's bytes are made of: each served script's source map (read from the build it
 * was served from) splits it into packages and modules.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { attributeBySource, packageOf, type RawSourceMap } from './sourceMap.ts';
import { gzipSize, type ServedScript } from './loginPage.ts';

export type Share = { name: string; raw: number; gzipAlone: number };

export type Attribution = {
  /** Per served file: its largest package and that package's share of the file. */
  mainPackageOf(script: ServedScript): { name: string; fraction: number } | null;
  packages: Share[];
  modules: Share[];
};

/** Source → its generated code, for one script; null when the build has no map for it. */
function sourcesOf(script: ServedScript, buildDir: string): Map<string, string> | null {
  const mapFile = join(buildDir, `${script.url.pathname}.map`);
  if (!existsSync(mapFile)) return null;
  return attributeBySource(script.code, JSON.parse(readFileSync(mapFile, 'utf8')) as RawSourceMap);
}

function shares(groups: Map<string, string[]>): Share[] {
  // "gzip alone": a group's bytes compressed by themselves (a little more than its share of the whole).
  return [...groups]
    .map(([name, parts]) => ({ name, raw: parts.reduce((sum, part) => sum + Buffer.byteLength(part), 0), gzipAlone: gzipSize(parts.join('')) }))
    .sort((a, b) => b.raw - a.raw);
}

/** `buildDirOf` maps a served origin to the build directory it serves. */
export function attribute(scripts: readonly ServedScript[], buildDirOf: (origin: string) => string): Attribution {
  const byPackage = new Map<string, string[]>();
  const byModule = new Map<string, string[]>();
  const mainPackage = new Map<string, { name: string; fraction: number }>();
  for (const script of scripts) {
    const sources = sourcesOf(script, buildDirOf(script.url.origin));
    if (!sources) continue;
    const inFile = new Map<string, number>();
    for (const [source, code] of sources) {
      const name = packageOf(source);
      byPackage.set(name, [...(byPackage.get(name) ?? []), code]);
      byModule.set(shortModule(source), [...(byModule.get(shortModule(source)) ?? []), code]);
      inFile.set(name, (inFile.get(name) ?? 0) + Buffer.byteLength(code));
    }
    const [top] = [...inFile].sort((a, b) => b[1] - a[1]);
    if (top) mainPackage.set(script.url.href, { name: top[0], fraction: top[1] / script.raw });
  }
  return { mainPackageOf: (script) => mainPackage.get(script.url.href) ?? null, packages: shares(byPackage), modules: shares(byModule) };
}

/** `webpack://host/../node_modules/.pnpm/antd@…/node_modules/antd/es/x.js` → `antd/es/x.js`. */
function shortModule(source: string): string {
  const path = source.replace(/^webpack:\/\/[^/]*\//, '');
  const inModules = path.lastIndexOf('node_modules/');
  return inModules >= 0 ? path.slice(inModules + 'node_modules/'.length) : path.replace(/^(\.\.\/)+/, '');
}
