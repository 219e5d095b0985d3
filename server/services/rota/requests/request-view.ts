import type { TRotaRequest } from '../../../../shared/schemas/rota/requests.js';
import type { IRotaRequest } from '../../../db/entities/rota-request.js';

export function requestView(request: IRotaRequest): TRotaRequest {
  return {
    id: request.id,
    userId: request.user.id,
    kind: request.kind,
    date: request.date,
    endDate: request.endDate,
    shiftTypeId: request.shiftType?.id ?? null,
    note: request.note ?? null,
    reason: request.reason ?? null,
    status: request.status,
    decidedBy: request.decidedBy?.id ?? null,
    decidedAt: request.decidedAt?.toISOString() ?? null,
    decisionNote: request.decisionNote ?? null,
    createdAt: request.createdAt.toISOString(),
  };
}
