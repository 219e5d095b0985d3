import { router } from '../../../trpc/init.js';
import { create } from './create.js';
import { evaluation } from './evaluation.js';
import { exportCsv } from './export-csv.js';
import { list } from './list.js';
import { print } from './print.js';
import { publish } from './publish.js';
import { read } from './read.js';
import { remove } from './remove.js';
import { setAssignments } from './set-assignments.js';
import { setCarryIn } from './set-carry-in.js';

export const schedulesRouter = router({ list, create, read, setAssignments, setCarryIn, publish, remove, evaluation, exportCsv, print });
