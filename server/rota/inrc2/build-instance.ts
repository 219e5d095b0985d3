import {
  DEFAULT_WEIGHTS,
  OFF,
  cellIndex,
  coverageIndex,
  emptyRoster,
  type ContractSpec,
  type Roster,
  type RosterProblem,
  type ShiftTypeSpec,
  type StaffSpec,
} from '../problem.js';
import { INRC2_WEEKDAYS, type Inrc2History, type Inrc2Scenario, type Inrc2SolutionWeek, type Inrc2WeekData } from './files.js';
import { formatInstanceId, type Inrc2InstanceId } from './instance-id.js';

/** A named shift type with the clock times a ward would give it (INRC-II has none). */
export interface Inrc2ShiftType {
  name: string;
  /** `"HH:MM"`; `end <= start` ends on the next day (docs/rota.md §2). */
  start: string;
  end: string;
}

export interface Inrc2Contract {
  name: string;
  spec: ContractSpec;
}

/** An INRC-II instance as a roster problem, with the names the problem's indices stand for. */
export interface Inrc2Instance {
  id: string;
  dataset: string;
  history: number;
  weeks: number[];
  problem: RosterProblem;
  /** `nurses[p]` is the name of `problem.staff[p]`. */
  nurses: string[];
  /** `nurseContracts[p]` indexes `contracts`: the scenario's contract of nurse p. */
  nurseContracts: number[];
  /** `shiftTypes[s]` names `problem.shiftTypes[s]`. */
  shiftTypes: Inrc2ShiftType[];
  /** Same as `problem.skills`. */
  skills: string[];
  contracts: Inrc2Contract[];
}

/** Plausible clock times for the competition's shift types: Night ends on the next day. */
const SHIFT_TIMES: Record<string, { start: string; end: string }> = {
  Early: { start: '06:00', end: '14:00' },
  Day: { start: '08:00', end: '16:00' },
  Late: { start: '14:00', end: '22:00' },
  Night: { start: '22:00', end: '06:00' },
};

/** The minutes from start to end, across midnight when `end <= start`. */
function shiftMinutes(start: string, end: string): number {
  const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  const length = minutesOf(end) - minutesOf(start);
  return length > 0 ? length : length + 24 * 60;
}

function indexByName(names: readonly string[], what: string): (name: string) => number {
  const byName = new Map(names.map((name, index) => [name, index]));
  return (name) => {
    const index = byName.get(name);
    if (index === undefined) throw new Error(`INRC-II data names an unknown ${what}: ${JSON.stringify(name)}`);
    return index;
  };
}

function contractSpec(contract: Inrc2Scenario['contracts'][number]): ContractSpec {
  return {
    minAssignments: contract.minimumNumberOfAssignments,
    maxAssignments: contract.maximumNumberOfAssignments,
    minConsecutiveWorkingDays: contract.minimumNumberOfConsecutiveWorkingDays,
    maxConsecutiveWorkingDays: contract.maximumNumberOfConsecutiveWorkingDays,
    minConsecutiveDaysOff: contract.minimumNumberOfConsecutiveDaysOff,
    maxConsecutiveDaysOff: contract.maximumNumberOfConsecutiveDaysOff,
    maxWorkingWeekends: contract.maximumNumberOfWorkingWeekends,
    completeWeekends: contract.completeWeekends !== 0,
  };
}

/**
 * The static INRC-II problem (all weeks planned at once) under docs/rota.md §7's mapping: 7 days a week from a Monday,
 * the weekend Saturday and Sunday, the default weights, each week's requirements as per-day coverage, its shift-off
 * requests as `shift_off` (or `day_off` for "Any"), the history as carry-in.
 */
export function buildInrc2Instance(
  id: Inrc2InstanceId,
  scenario: Inrc2Scenario,
  history: Inrc2History,
  weeks: Inrc2WeekData[],
): Inrc2Instance {
  if (weeks.length !== id.weeks.length) throw new Error(`INRC-II instance ${formatInstanceId(id)} needs ${id.weeks.length} weeks of data`);
  const days = 7 * weeks.length;
  const skills = scenario.skills;
  const skillIndex = indexByName(skills, 'skill');
  const shiftNames = scenario.shiftTypes.map((shiftType) => shiftType.id);
  const shiftIndex = indexByName(shiftNames, 'shift type');
  const nurses = scenario.nurses.map((nurse) => nurse.id);
  const nurseIndex = indexByName(nurses, 'nurse');
  const contractIndex = indexByName(
    scenario.contracts.map((contract) => contract.id),
    'contract',
  );

  const shiftTypes: Inrc2ShiftType[] = shiftNames.map((name) => {
    const times = SHIFT_TIMES[name];
    if (!times) throw new Error(`INRC-II shift type ${JSON.stringify(name)} has no clock times (known: ${Object.keys(SHIFT_TIMES).join(', ')})`);
    return { name, ...times };
  });
  const shiftSpecs: ShiftTypeSpec[] = scenario.shiftTypes.map((shiftType, s) => {
    const { start, end } = shiftTypes[s]!;
    return {
      id: s,
      code: shiftType.id,
      minutes: shiftMinutes(start, end),
      endsNextDay: end <= start,
      minConsecutive: shiftType.minimumNumberOfConsecutiveAssignments,
      maxConsecutive: shiftType.maximumNumberOfConsecutiveAssignments,
      assignable: true,
    };
  });

  const forbiddenNext = shiftNames.map(() => shiftNames.map(() => false));
  for (const succession of scenario.forbiddenShiftTypeSuccessions) {
    const before = shiftIndex(succession.precedingShiftType);
    for (const after of succession.succeedingShiftTypes) forbiddenNext[before]![shiftIndex(after)] = true;
  }

  const contracts = scenario.contracts.map((contract) => ({ name: contract.id, spec: contractSpec(contract) }));
  const nurseContracts = scenario.nurses.map((nurse) => contractIndex(nurse.contract));
  const histories = new Map(history.nurseHistory.map((entry) => [entry.nurse, entry]));

  const staff: StaffSpec[] = scenario.nurses.map((nurse, p) => {
    const past = histories.get(nurse.id);
    if (!past) throw new Error(`INRC-II history has no entry for nurse ${JSON.stringify(nurse.id)}`);
    let contract = contracts[nurseContracts[p]!]!.spec;
    // The competition counts assignments and working weekends of the history's weeks towards the horizon's limits;
    // the roster model has no such counters, so the limits move down by what the history already used.
    if (past.numberOfAssignments > 0 || past.numberOfWorkingWeekends > 0) {
      contract = {
        ...contract,
        minAssignments: Math.max(0, contract.minAssignments - past.numberOfAssignments),
        maxAssignments: Math.max(0, contract.maxAssignments - past.numberOfAssignments),
        maxWorkingWeekends: Math.max(0, contract.maxWorkingWeekends - past.numberOfWorkingWeekends),
      };
    }
    return {
      id: p,
      skills: nurse.skills.map(skillIndex),
      contract,
      carryIn: {
        lastShift: past.lastAssignedShiftType === 'None' ? null : shiftIndex(past.lastAssignedShiftType),
        consecutiveWorkingDays: past.numberOfConsecutiveWorkingDays,
        consecutiveDaysOff: past.numberOfConsecutiveDaysOff,
        consecutiveSameShift: past.numberOfConsecutiveAssignments,
      },
      leave: new Array<boolean>(days).fill(false),
    };
  });

  const problem: RosterProblem = {
    days,
    firstWeekday: 1,
    weekendDays: [6, 0],
    skills,
    shiftTypes: shiftSpecs,
    forbiddenNext,
    staff,
    minimum: new Array<number>(days * shiftSpecs.length * skills.length).fill(0),
    optimal: new Array<number>(days * shiftSpecs.length * skills.length).fill(0),
    preferences: [],
    weights: { ...DEFAULT_WEIGHTS },
  };
  weeks.forEach((week, w) => {
    for (const requirement of week.requirements) {
      const s = shiftIndex(requirement.shiftType);
      const k = skillIndex(requirement.skill);
      INRC2_WEEKDAYS.forEach((weekday, offset) => {
        const need = requirement[`requirementOn${weekday}`];
        if (!need) throw new Error(`INRC-II week data ${id.weeks[w]} lacks requirementOn${weekday}`);
        const index = coverageIndex(problem, 7 * w + offset, s, k);
        problem.minimum[index] = need.minimum;
        problem.optimal[index] = need.optimal;
      });
    }
    for (const request of week.shiftOffRequests) {
      const offset = INRC2_WEEKDAYS.indexOf(request.day as (typeof INRC2_WEEKDAYS)[number]);
      if (offset < 0) throw new Error(`INRC-II request names an unknown day: ${JSON.stringify(request.day)}`);
      const any = request.shiftType === 'Any';
      problem.preferences.push({
        person: nurseIndex(request.nurse),
        day: 7 * w + offset,
        kind: any ? 'day_off' : 'shift_off',
        shift: any ? null : shiftIndex(request.shiftType),
      });
    }
  });

  return {
    id: formatInstanceId(id),
    dataset: id.dataset,
    history: id.history,
    weeks: id.weeks,
    problem,
    nurses,
    nurseContracts,
    shiftTypes,
    skills,
    contracts,
  };
}

const SOLUTION_DAYS = INRC2_WEEKDAYS.map((weekday) => weekday.slice(0, 3));

/** A competition solution (one file per week, in any order) as a roster of the instance. */
export function buildInrc2Roster(instance: Inrc2Instance, solutionWeeks: Inrc2SolutionWeek[]): Roster {
  const { problem } = instance;
  const roster = emptyRoster(problem);
  const nurseIndex = indexByName(instance.nurses, 'nurse');
  const shiftIndex = indexByName(
    instance.shiftTypes.map((shiftType) => shiftType.name),
    'shift type',
  );
  const skillIndex = indexByName(instance.skills, 'skill');
  const seen = new Set<number>();
  for (const solution of solutionWeeks) {
    if (solution.week < 0 || solution.week >= instance.weeks.length || seen.has(solution.week)) {
      throw new Error(`INRC-II solution week ${solution.week} does not fit instance ${instance.id}`);
    }
    seen.add(solution.week);
    for (const assignment of solution.assignments) {
      const offset = SOLUTION_DAYS.indexOf(assignment.day);
      if (offset < 0) throw new Error(`INRC-II solution names an unknown day: ${JSON.stringify(assignment.day)}`);
      const cell = cellIndex(problem, nurseIndex(assignment.nurse), 7 * solution.week + offset);
      if (roster.shift[cell] !== OFF) throw new Error(`INRC-II solution gives ${assignment.nurse} two shifts on one day`);
      roster.shift[cell] = shiftIndex(assignment.shiftType);
      roster.skill[cell] = skillIndex(assignment.skill);
    }
  }
  if (seen.size !== instance.weeks.length) {
    throw new Error(`INRC-II solution has ${seen.size} weeks, instance ${instance.id} has ${instance.weeks.length}`);
  }
  return roster;
}
