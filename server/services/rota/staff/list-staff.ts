import type { EntityManager } from '@mikro-orm/postgresql';
import type { TStaffMember } from '../../../../shared/schemas/rota/staff.js';
import { StaffProfile, type IStaffProfile } from '../../../db/entities/staff-profile.js';
import { User, type IUser } from '../../../db/entities/user.js';

export function staffMemberView(user: IUser, profile: IStaffProfile | null): TStaffMember {
  return {
    userId: user.id,
    name: user.name,
    username: user.username,
    role: user.role,
    skills: profile?.skills ?? [],
    contractId: profile?.contract?.id ?? null,
    active: user.active,
  };
}

/** Every account whose home ward it is, active or not, with its profile when it has one; oldest first. */
export async function listStaff(em: EntityManager, input: { wardId: number }): Promise<TStaffMember[]> {
  const users = await em.find(User, { ward: input.wardId }, { orderBy: { id: 'asc' } });
  const profiles = users.length ? await em.find(StaffProfile, { user: { $in: users.map((user) => user.id) } }) : [];
  const byUser = new Map(profiles.map((profile) => [profile.user.id, profile]));
  return users.map((user) => staffMemberView(user, byUser.get(user.id) ?? null));
}
