/**
 * What a client or a script may import: the router's type (for a typed tRPC client), the zod request and
 * response schemas, and the error table. Nothing here imports a value from `server/`: types only.
 */
export type { AppRouter } from '../server/routers/_app.js';
export * from './errors.js';
export * from './schemas/account.js';
export * from './schemas/auth.js';
export * from './schemas/employees.js';
export * from './schemas/error.js';
export * from './schemas/fields.js';
export * from './schemas/health.js';
export * from './schemas/invites.js';
export * from './schemas/me.js';
export * from './schemas/passkeys.js';
export * from './schemas/sessions.js';
export * from './schemas/setup.js';
export * from './schemas/user.js';
export * from './schemas/wards.js';
export * from './schemas/rota/common.js';
export * from './schemas/rota/settings.js';
export * from './schemas/rota/shift-types.js';
export * from './schemas/rota/contracts.js';
export * from './schemas/rota/staff.js';
export * from './schemas/rota/coverage.js';
export * from './schemas/rota/holidays.js';
export * from './schemas/rota/requests.js';
export * from './schemas/rota/schedules.js';
export * from './schemas/rota/solve.js';
export * from './schemas/rota/views.js';
export * from './schemas/rota/swaps.js';
export * from './schemas/rota/open-shifts.js';
export * from './schemas/rota/ledger.js';
export * from './schemas/calendar-feed.js';
export * from './schemas/notifications.js';
