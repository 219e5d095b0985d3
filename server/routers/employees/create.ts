import { ZCreateEmployeeRequest, ZCreateEmployeeResponse } from '../../../shared/schemas/employees.js';
import { provisionEmployee } from '../../services/employees/provision-employee.js';
import { managerProcedure, withSelectedWard } from '../../trpc/procedures.js';
import { serviceContext } from '../../trpc/service-context.js';

export const create = managerProcedure
  .use(withSelectedWard)
  .meta({
    errors: ['username_taken'],
    openapi: { method: 'POST', path: '/api/employees', tags: ['employees'], summary: 'Provision an employee in the selected ward' },
    successStatus: 201,
  })
  .input(ZCreateEmployeeRequest)
  .output(ZCreateEmployeeResponse)
  .mutation(async ({ ctx, input }) => {
    const user = await provisionEmployee(ctx.em, { ...input, ward: ctx.ward }, serviceContext(ctx));
    return { id: user.id, username: user.username };
  });
