import { router } from '../../../trpc/init.js';
import { exportCsv } from './export-csv.js';
import { read } from './read.js';

export const ledgerRouter = router({ read, exportCsv });
