import type { EntityManager } from '@mikro-orm/postgresql';
import type { TCreateEmployeeRequest } from '../../../shared/schemas/employees.js';
import type { IWard } from '../../db/entities/ward.js';
import { createAccount } from '../accounts/create-account.js';
import type { ServiceContext, ServiceDeps } from '../service-context.js';

export interface ProvisionEmployeeInput extends TCreateEmployeeRequest {
  /** The ward the request works in: the employee's home ward. */
  ward: IWard;
}

/**
 * Creates an employee in `ward` with the manager-chosen initial password, which the employee must
 * change at first sign-in. A taken username (any letter case) is 409 `username_taken`, decided by
 * the unique index, so concurrent provisions of one name leave exactly one account.
 */
export async function provisionEmployee(em: EntityManager, input: ProvisionEmployeeInput, ctx: ServiceContext & Pick<ServiceDeps, 'hasher'>) {
  const passwordHash = await ctx.hasher.hash(input.password);
  return createAccount(
    em,
    {
      hospitalId: input.ward.hospital.id,
      wardId: input.ward.id,
      name: input.name,
      username: input.username,
      passwordHash,
      role: 'employee',
      mustChangePassword: true,
      email: input.email || null,
      category: input.category || null,
      title: input.title || null,
    },
    ctx,
  );
}
