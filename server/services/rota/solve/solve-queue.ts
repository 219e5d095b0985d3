/** The queue automatic generation runs on, and what its messages carry: only the job row's id. */
export const SOLVE_QUEUE = 'rota-solve';

export interface SolveJobData {
  solveJobId: number;
}
