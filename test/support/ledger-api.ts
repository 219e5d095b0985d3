import type { Route } from './rota-api.js';

export const LEDGER_ROUTES = {
  readLedger: { procedure: 'rota.ledger.read', method: 'GET', path: '/api/rota/ledger' },
  exportLedgerCsv: { procedure: 'rota.ledger.exportCsv', method: 'GET', path: '/api/rota/ledger.csv' },
} as const satisfies Record<string, Route>;
