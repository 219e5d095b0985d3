import type { TContract } from '../../../../shared/schemas/rota/contracts.js';
import type { IContract } from '../../../db/entities/contract.js';

export function contractView(contract: IContract): TContract {
  return {
    id: contract.id,
    name: contract.name,
    minAssignments: contract.minAssignments,
    maxAssignments: contract.maxAssignments,
    minConsecutiveWorkingDays: contract.minConsecutiveWorkingDays,
    maxConsecutiveWorkingDays: contract.maxConsecutiveWorkingDays,
    minConsecutiveDaysOff: contract.minConsecutiveDaysOff,
    maxConsecutiveDaysOff: contract.maxConsecutiveDaysOff,
    maxWorkingWeekends: contract.maxWorkingWeekends,
    completeWeekends: contract.completeWeekends,
  };
}
