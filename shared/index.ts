export type { AppRouter } from '../server/routers/_app.js';
