import { MAX_WARD_SKILLS } from '../../../shared/schemas/rota/staff.js';
import { AppError } from '../../app-error.js';

/** docs/rota.md §10: what one ward may hold. */
export const WARD_LIMITS = { shiftTypes: 50, contracts: 20, staff: 500, skills: MAX_WARD_SKILLS } as const;

/** A ward already holding its limit of something: invalid input, naming the limit. */
export function limitReached(what: keyof typeof WARD_LIMITS): AppError {
  return new AppError('invalid_input', { issues: [{ path: '', message: `A ward has at most ${WARD_LIMITS[what]} ${what === 'shiftTypes' ? 'shift types' : what === 'skills' ? 'distinct skills among its staff' : what}.` }] });
}
