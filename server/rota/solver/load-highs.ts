import * as highsModule from 'highs';
import type { Highs } from 'highs';

/**
 * HiGHS, the linear programming solver, compiled to WebAssembly; each call loads a fresh instance (a worker thread
 * loads its own). The package's types describe its entry as CommonJS while Node imports its ES module build,
 * whose default export is the loader: the namespace's `default` is that loader at run time.
 */
export function loadHighs(): Promise<Highs> {
  return (highsModule as unknown as { default: () => Promise<Highs> }).default();
}
