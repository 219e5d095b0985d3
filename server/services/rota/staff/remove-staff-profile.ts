import type { EntityManager } from '@mikro-orm/postgresql';
import { StaffProfile } from '../../../db/entities/staff-profile.js';
import type { ServiceContext } from '../../service-context.js';
import { findWardMember } from './find-ward-member.js';

/** Removes the profile of an account of the ward (it stays, no longer rostered). Without one, nothing changes. */
export async function removeStaffProfile(em: EntityManager, input: { wardId: number; userId: number }, _ctx: ServiceContext): Promise<void> {
  const user = await findWardMember(em, input.wardId, input.userId);
  await em.nativeDelete(StaffProfile, { user: user.id });
}
