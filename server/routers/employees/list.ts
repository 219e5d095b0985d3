import { ZListEmployeesResponse } from '../../../shared/schemas/employees.js';
import { publicUser } from '../../services/accounts/public-user.js';
import { listEmployees } from '../../services/employees/list-employees.js';
import { managerProcedure, withSelectedWard } from '../../trpc/procedures.js';
import { serviceContext } from '../../trpc/service-context.js';

export const list = managerProcedure
  .use(withSelectedWard)
  .meta({ openapi: { method: 'GET', path: '/api/employees', tags: ['employees'], summary: 'The accounts of the selected ward' } })
  .output(ZListEmployeesResponse)
  .query(async ({ ctx }) => ({ employees: (await listEmployees(ctx.em, { ward: ctx.ward }, serviceContext(ctx))).map(publicUser) }));
