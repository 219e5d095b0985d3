/** The INRC-II competition's JSON files, as published (only the fields the engine reads). */

export interface Inrc2Scenario {
  id: string;
  numberOfWeeks: number;
  skills: string[];
  shiftTypes: {
    id: string;
    minimumNumberOfConsecutiveAssignments: number;
    maximumNumberOfConsecutiveAssignments: number;
  }[];
  forbiddenShiftTypeSuccessions: { precedingShiftType: string; succeedingShiftTypes: string[] }[];
  contracts: {
    id: string;
    minimumNumberOfAssignments: number;
    maximumNumberOfAssignments: number;
    minimumNumberOfConsecutiveWorkingDays: number;
    maximumNumberOfConsecutiveWorkingDays: number;
    minimumNumberOfConsecutiveDaysOff: number;
    maximumNumberOfConsecutiveDaysOff: number;
    maximumNumberOfWorkingWeekends: number;
    completeWeekends: number;
  }[];
  nurses: { id: string; contract: string; skills: string[] }[];
}

export interface Inrc2History {
  week: number;
  scenario: string;
  nurseHistory: {
    nurse: string;
    numberOfAssignments: number;
    numberOfWorkingWeekends: number;
    /** A shift type's id, or "None" when the last day was off. */
    lastAssignedShiftType: string;
    numberOfConsecutiveAssignments: number;
    numberOfConsecutiveWorkingDays: number;
    numberOfConsecutiveDaysOff: number;
  }[];
}

export interface Inrc2DayRequirement {
  minimum: number;
  optimal: number;
}

export interface Inrc2WeekData {
  scenario: string;
  requirements: ({ shiftType: string; skill: string } & Record<`requirementOn${string}`, Inrc2DayRequirement>)[];
  /** `shiftType` "Any" asks for the whole day off. `day` is a full English weekday name. */
  shiftOffRequests: { nurse: string; shiftType: string; day: string }[];
}

export interface Inrc2SolutionWeek {
  scenario: string;
  /** The week's position in the instance (0 = first), not the week data file's number. */
  week: number;
  /** `day` is a three-letter English weekday name. */
  assignments: { nurse: string; day: string; shiftType: string; skill: string }[];
}

/** The days of an INRC-II week in order: weeks start on Monday. */
export const INRC2_WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
