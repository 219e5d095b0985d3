/**
 * An INRC-II instance name: dataset, initial history and the weeks in order.
 * `n030w4_1_6-2-9-1` is `Sc-n030w4`, `H0-n030w4-1` and the weeks `WD-n030w4-6, -2, -9, -1`.
 */
export interface Inrc2InstanceId {
  dataset: string;
  history: number;
  weeks: number[];
}

const INSTANCE_ID = /^(n\d+w\d+)_(\d+)_(\d+(?:-\d+)*)$/;

export function parseInstanceId(id: string): Inrc2InstanceId {
  const match = INSTANCE_ID.exec(id);
  if (!match) throw new Error(`not an INRC-II instance name: ${JSON.stringify(id)}`);
  const [, dataset, history, weeks] = match as unknown as [string, string, string, string];
  // Fewer weeks than the dataset's `wY` make a shorter instance of the same ward: allowed.
  return { dataset, history: Number(history), weeks: weeks.split('-').map(Number) };
}

export function formatInstanceId(id: Inrc2InstanceId): string {
  return `${id.dataset}_${id.history}_${id.weeks.join('-')}`;
}
