/**
 * A minimum-cost flow by successive shortest paths: each unit goes along the cheapest path of the residual graph
 * (Bellman-Ford in queue order, so edges may cost less than nothing as long as no cycle does). Small graphs: the
 * shift types of one day.
 */
export class MinCostFlow {
  private readonly head: Int32Array;
  private readonly target: number[] = [];
  private readonly capacity: number[] = [];
  private readonly cost: number[] = [];
  private readonly next: number[] = [];
  private readonly distance: Float64Array;
  private readonly via: Int32Array;
  private readonly queued: Uint8Array;

  constructor(readonly nodes: number) {
    this.head = new Int32Array(nodes).fill(-1);
    this.distance = new Float64Array(nodes);
    this.via = new Int32Array(nodes);
    this.queued = new Uint8Array(nodes);
  }

  /** An edge and its residual twin; returns the edge's id, for `flowOn`. */
  addEdge(from: number, to: number, capacity: number, cost: number): number {
    const id = this.target.length;
    for (const [a, b, c, w] of [
      [from, to, capacity, cost],
      [to, from, 0, -cost],
    ] as const) {
      this.target.push(b);
      this.capacity.push(c);
      this.cost.push(w);
      this.next.push(this.head[a]!);
      this.head[a] = this.target.length - 1;
    }
    return id;
  }

  /** The flow an edge carries. */
  flowOn(edge: number): number {
    return this.capacity[edge + 1]!;
  }

  /** Sends up to `limit` units from `source` to `sink` at least cost; returns how many units went and their cost. */
  send(source: number, sink: number, limit: number): { flow: number; cost: number } {
    let flow = 0;
    let total = 0;
    while (flow < limit && this.cheapestPath(source, sink)) {
      let units = limit - flow;
      for (let v = sink; v !== source; v = this.target[this.via[v]! ^ 1]!) units = Math.min(units, this.capacity[this.via[v]!]!);
      for (let v = sink; v !== source; v = this.target[this.via[v]! ^ 1]!) {
        this.capacity[this.via[v]!]! -= units;
        this.capacity[this.via[v]! ^ 1]! += units;
      }
      flow += units;
      total += units * this.distance[sink]!;
    }
    return { flow, cost: total };
  }

  private cheapestPath(source: number, sink: number): boolean {
    const { distance, via, queued } = this;
    distance.fill(Number.POSITIVE_INFINITY);
    distance[source] = 0;
    const queue = [source];
    queued.fill(0);
    queued[source] = 1;
    for (let i = 0; i < queue.length; i++) {
      const u = queue[i]!;
      queued[u] = 0;
      for (let e = this.head[u]!; e >= 0; e = this.next[e]!) {
        if (this.capacity[e]! <= 0) continue;
        const v = this.target[e]!;
        const d = distance[u]! + this.cost[e]!;
        if (d < distance[v]!) {
          distance[v] = d;
          via[v] = e;
          if (!queued[v]) {
            queued[v] = 1;
            queue.push(v);
          }
        }
      }
    }
    return distance[sink]! < Number.POSITIVE_INFINITY;
  }
}
