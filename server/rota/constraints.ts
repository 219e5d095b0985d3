/**
 * Where each rule of docs/rota.md §7 is written. The evaluator (`evaluate.ts`) is the reference; the solver has the
 * rule again in the shape each of its searches needs. One entry per constraint, each naming every form: a new name in
 * `HARD_CONSTRAINTS` or `SOFT_CONSTRAINTS` fails the typecheck here until its entry says, form by form, where the rule
 * is written or why it has no such form. `test/rota-constraint-record.test.ts` walks this record and holds every form
 * an entry claims to the evaluator.
 */
import { EVALUATOR, type EvaluatorRule } from './evaluate.js';
import type { Constraint, HardConstraint, SoftConstraint } from './problem.js';

/** A form the rule does not have, and why. */
export interface NoForm<Reason extends string> {
  readonly none: Reason;
}

/** The rule counts cells of one person: no coverage form. */
type PersonRuleOnly = NoForm<'a-person-rule'>;
/** The rule counts one requirement's cover: no form of one person's row. */
type CoverageRuleOnly = NoForm<'a-coverage-rule'>;

/**
 * How a pricing search (one person's cheapest row or working days) has the rule: `arcs`, charged on the search's arcs
 * from the state it keeps; `request-cost`, charged per cell and choice before the search; `closed-choices`, never
 * broken because the choices that would break it are not open (a frozen cell keeps what it holds).
 */
export type PricingForm = 'arcs' | 'request-cost' | 'closed-choices';

export interface ConstraintForms {
  severity: 'hard' | 'soft';
  /** The reference: the count in `evaluate.ts`'s table. */
  evaluator: EvaluatorRule;
  /** `PersonCost.score` and `PersonCost.change` (`solver/person-cost.ts`): equal to `personScore`. */
  personCost: 'counted' | CoverageRuleOnly;
  /** `RowSearch.cheapest` and `rowProblem` (`solver/plan-rows.ts`): the cheapest row by the evaluator's prices. */
  rowPricing: PricingForm | CoverageRuleOnly;
  /**
   * `patternCost` and `PatternSearch.cheapest` (`solver/working-days.ts`): the same with shift types left out. A rule
   * about shift types has none; a request is counted only where no shift type honours it.
   */
  patternPricing: PricingForm | NoForm<'about-shift-types'> | CoverageRuleOnly;
  /** The requirement's cost kept move by move in `SearchState` (`solver/state.ts`): equal to `coverageScore`. */
  searchState: 'counted' | PersonRuleOnly;
  /** The master's rows and their slack columns (`solver/master-problem.ts`), at the rule's weight. */
  masterRows: 'slack' | PersonRuleOnly;
  /** `dayProblem`'s requirements summed over shift types, as `planCost` charges them (`solver/working-days.ts`, `plan-days.ts`). */
  dayProblem: 'summed-over-shift-types' | PersonRuleOnly;
  /**
   * `cheapestShiftTypes` (`solver/lay-shifts.ts`): what a shift type earns per person under the requirement. A person
   * rule about shift types is an `estimate` there (judged before the rest of the run is laid), which the annealing
   * after it corrects through the search state.
   */
  shiftLayer: 'earnings' | 'estimate' | NoForm<'not-about-shift-types'>;
  /** A weight the ward sets in its settings (`ROTA_WEIGHT_NAMES`). */
  wardWeight: boolean;
}

type Entries = { readonly [K in HardConstraint]: ConstraintForms & { severity: 'hard'; wardWeight: false } } & {
  readonly [K in SoftConstraint]: ConstraintForms & { severity: 'soft' };
};

const PERSON_RULE = { none: 'a-person-rule' } as const;
const COVERAGE_RULE = { none: 'a-coverage-rule' } as const;
const ABOUT_SHIFT_TYPES = { none: 'about-shift-types' } as const;
const NOT_ABOUT_SHIFT_TYPES = { none: 'not-about-shift-types' } as const;

/** A person rule's coverage forms: none. */
const NO_COVERAGE_FORMS = { searchState: PERSON_RULE, masterRows: PERSON_RULE, dayProblem: PERSON_RULE } as const;
/** A coverage rule's forms of one person's row: none. */
const NO_PERSON_FORMS = { personCost: COVERAGE_RULE, rowPricing: COVERAGE_RULE, patternPricing: COVERAGE_RULE } as const;
const COVERAGE_FORMS = { searchState: 'counted', masterRows: 'slack', dayProblem: 'summed-over-shift-types', shiftLayer: 'earnings' } as const;
/** A rule of working days (runs, counts, weekends): every search of a person's days has it on its arcs. */
const WORKING_DAY_RULE = {
  personCost: 'counted',
  rowPricing: 'arcs',
  patternPricing: 'arcs',
  ...NO_COVERAGE_FORMS,
  shiftLayer: NOT_ABOUT_SHIFT_TYPES,
} as const;
/** A rule the searches keep by never opening a choice that breaks it (a skill the person lacks, a day of leave). */
const CLOSED_CHOICE_RULE = {
  personCost: 'counted',
  rowPricing: 'closed-choices',
  patternPricing: 'closed-choices',
  ...NO_COVERAGE_FORMS,
  shiftLayer: NOT_ABOUT_SHIFT_TYPES,
} as const;
/** A rule about shift types: the row search has it on its arcs, the working days have none, the shift layer estimates it. */
const SHIFT_TYPE_RULE = { personCost: 'counted', rowPricing: 'arcs', patternPricing: ABOUT_SHIFT_TYPES, ...NO_COVERAGE_FORMS, shiftLayer: 'estimate' } as const;

export const CONSTRAINT_RECORD = {
  coverage_minimum: { severity: 'hard', evaluator: EVALUATOR.coverage_minimum, ...NO_PERSON_FORMS, ...COVERAGE_FORMS, wardWeight: false },
  forbidden_succession: { severity: 'hard', evaluator: EVALUATOR.forbidden_succession, ...SHIFT_TYPE_RULE, wardWeight: false },
  missing_skill: { severity: 'hard', evaluator: EVALUATOR.missing_skill, ...CLOSED_CHOICE_RULE, wardWeight: false },
  leave: { severity: 'hard', evaluator: EVALUATOR.leave, ...CLOSED_CHOICE_RULE, wardWeight: false },
  coverage_optimal: { severity: 'soft', evaluator: EVALUATOR.coverage_optimal, ...NO_PERSON_FORMS, ...COVERAGE_FORMS, wardWeight: true },
  consecutive_same_shift: { severity: 'soft', evaluator: EVALUATOR.consecutive_same_shift, ...SHIFT_TYPE_RULE, wardWeight: true },
  consecutive_working_days: { severity: 'soft', evaluator: EVALUATOR.consecutive_working_days, ...WORKING_DAY_RULE, wardWeight: true },
  consecutive_days_off: { severity: 'soft', evaluator: EVALUATOR.consecutive_days_off, ...WORKING_DAY_RULE, wardWeight: true },
  preference: {
    severity: 'soft',
    evaluator: EVALUATOR.preference,
    personCost: 'counted',
    rowPricing: 'request-cost',
    patternPricing: 'request-cost',
    ...NO_COVERAGE_FORMS,
    shiftLayer: 'estimate',
    wardWeight: true,
  },
  complete_weekend: { severity: 'soft', evaluator: EVALUATOR.complete_weekend, ...WORKING_DAY_RULE, wardWeight: true },
  total_assignments: { severity: 'soft', evaluator: EVALUATOR.total_assignments, ...WORKING_DAY_RULE, wardWeight: true },
  working_weekends: { severity: 'soft', evaluator: EVALUATOR.working_weekends, ...WORKING_DAY_RULE, wardWeight: true },
} as const satisfies Entries;

export type ConstraintRecord = typeof CONSTRAINT_RECORD;

/** The forms an entry names, besides its severity and evaluator. */
export type FormName = Exclude<keyof ConstraintForms, 'severity' | 'evaluator' | 'wardWeight'>;

/** The constraints whose weight a ward sets: `ROTA_WEIGHT_NAMES` must list exactly these. */
export type WardWeight = { [K in Constraint]: ConstraintRecord[K]['wardWeight'] extends true ? K : never }[Constraint];

/** Whether a form value says the rule has no such form. */
export function isNoForm(value: unknown): value is NoForm<string> {
  return typeof value === 'object' && value !== null && 'none' in value;
}
