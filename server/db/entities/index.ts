import { AppSecret } from './app-secret.js';
import { Assignment } from './assignment.js';
import { AuthEvent } from './auth-event.js';
import { CalendarFeed } from './calendar-feed.js';
import { Contract } from './contract.js';
import { CoverageRequirement } from './coverage-requirement.js';
import { ForbiddenSuccession } from './forbidden-succession.js';
import { Holiday } from './holiday.js';
import { Hospital } from './hospital.js';
import { Invite } from './invite.js';
import { LoginFailure } from './login-failure.js';
import { Notification } from './notification.js';
import { RotaEvent } from './rota-event.js';
import { RotaRequest } from './rota-request.js';
import { RotaRevision } from './rota-revision.js';
import { Schedule } from './schedule.js';
import { ScheduleCarryIn } from './schedule-carry-in.js';
import { ScheduleCellChange } from './schedule-cell-change.js';
import { Passkey } from './passkey.js';
import { Session } from './session.js';
import { SolveJob } from './solve-job.js';
import { ShiftClaim } from './shift-claim.js';
import { ShiftSwap } from './shift-swap.js';
import { ShiftType } from './shift-type.js';
import { StaffProfile } from './staff-profile.js';
import { User } from './user.js';
import { Ward } from './ward.js';
import { WardRotaSettings } from './ward-rota-settings.js';
import { WebauthnChallenge } from './webauthn-challenge.js';

export {
  AppSecret,
  Assignment,
  AuthEvent,
  CalendarFeed,
  Contract,
  CoverageRequirement,
  ForbiddenSuccession,
  Holiday,
  Hospital,
  Invite,
  LoginFailure,
  Notification,
  Passkey,
  RotaEvent,
  RotaRequest,
  RotaRevision,
  Schedule,
  ScheduleCarryIn,
  ScheduleCellChange,
  Session,
  ShiftClaim,
  ShiftSwap,
  ShiftType,
  SolveJob,
  StaffProfile,
  User,
  Ward,
  WardRotaSettings,
  WebauthnChallenge,
};
export const entities = [
  Hospital,
  Ward,
  User,
  Session,
  Invite,
  LoginFailure,
  AuthEvent,
  WardRotaSettings,
  ShiftType,
  ForbiddenSuccession,
  Contract,
  StaffProfile,
  CoverageRequirement,
  Holiday,
  RotaRequest,
  RotaEvent,
  Schedule,
  Assignment,
  ScheduleCarryIn,
  ScheduleCellChange,
  SolveJob,
  CalendarFeed,
  Notification,
  ShiftSwap,
  ShiftClaim,
  AppSecret,
  Passkey,
  WebauthnChallenge,
  RotaRevision,
];
