export { parseInstanceId, formatInstanceId, type Inrc2InstanceId } from './instance-id.js';
export {
  buildInrc2Instance,
  buildInrc2Roster,
  type Inrc2Instance,
  type Inrc2ShiftType,
  type Inrc2Contract,
} from './build-instance.js';
export { readInrc2Instance, readInrc2Solution } from './read-files.js';
export type { Inrc2Scenario, Inrc2History, Inrc2WeekData, Inrc2SolutionWeek } from './files.js';
