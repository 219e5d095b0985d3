// A search thread's entry (the protocol is thread-protocol.ts): the clock is read here, never inside the engine.
import { performance } from 'node:perf_hooks';
import { loadHighs } from './load-highs.js';
import { solve } from './solve.js';
import { searchDone, searchNeedsHighs, searchOptions, threadStart, type SearchThreadData, type SearchThreadMessage } from './thread-protocol.js';

const { data, post } = threadStart<SearchThreadData, SearchThreadMessage>('solve-worker');
const options = searchOptions(data, () => performance.now(), post);
// A thread that takes another's plan re-plans windows of it with HiGHS of its own (`SolveOptions.plan`), as a repair
// re-plans windows around its holes.
if (searchNeedsHighs(data)) options.highs = await loadHighs();
post(...searchDone(solve(data.input, options)));
