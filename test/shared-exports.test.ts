import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as shared from '../shared/index.js';

const SHARED = new URL('../shared/', import.meta.url).pathname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

describe('shared/, the package clients and scripts import', () => {
  it('re-exports every schema module and the error table from shared/index.ts', async () => {
    const modules = ['errors.ts', ...readdirSync(join(SHARED, 'schemas')).filter((name) => name.endsWith('.ts')).map((name) => `schemas/${name}`)];
    for (const file of modules) {
      const exported = (await import(`../shared/${file.replace(/\.ts$/, '.js')}`)) as Record<string, unknown>;
      for (const [name, value] of Object.entries(exported)) {
        // A module added to shared/schemas needs its line in shared/index.ts.
        expect({ file, name, reExported: (shared as Record<string, unknown>)[name] === value }).toEqual({ file, name, reExported: true });
      }
    }
    expect(shared.ZErrorBody.parse({ error: 'x', code: 'not_found' })).toEqual({ error: 'x', code: 'not_found' });
  });

  it('imports nothing but types from server/', () => {
    const valueImports = sourceFiles(SHARED).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/^\s*(import|export)\s+(?!type\b)[^;]*?from\s+['"]((?:\.\.\/)+server\/[^'"]+)['"]/gm)].map(
        (match) => `${file}: ${match[2]}`,
      ),
    );
    expect(valueImports).toEqual([]);
  });
});
