// The series of a run, column by column, in bounded memory.

// MAX_ROWS bounds the rows a Store keeps: past it, neighbouring rows are
// merged two into one (means, or maxima for Max columns), as the core's
// recorder does, so a 48-hour run cannot exhaust the page's memory.
export const MAX_ROWS = 8192;

// Store holds the per-interval series of a run, column by column.
export class Store {
  readonly index = new Map<string, number>();
  data: number[][];
  stride = 1; // intervals merged into one stored row
  private acc: number[];
  private accN = 0;
  private isMax: boolean[];
  constructor(
    readonly columns: string[],
    maxColumns: Set<string> = new Set(),
  ) {
    columns.forEach((c, i) => this.index.set(c, i));
    this.data = columns.map(() => []);
    this.acc = columns.map(() => 0);
    this.isMax = columns.map((c) => maxColumns.has(c));
  }
  get length(): number {
    return this.data[0].length;
  }
  col(name: string): number[] | undefined {
    const i = this.index.get(name);
    return i === undefined ? undefined : this.data[i];
  }
  // append adds the flat rows (width = columns).
  append(flat: ArrayLike<number>) {
    const w = this.columns.length;
    const n = Math.floor(flat.length / w);
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < w; c++) {
        const x = flat[r * w + c];
        if (this.accN === 0 || c === 0) this.acc[c] = x;
        else if (this.isMax[c]) this.acc[c] = Math.max(this.acc[c], x);
        else this.acc[c] += x;
      }
      if (++this.accN < this.stride) continue;
      for (let c = 0; c < w; c++) this.data[c].push(c === 0 || this.isMax[c] ? this.acc[c] : this.acc[c] / this.accN);
      this.accN = 0;
      if (this.length >= MAX_ROWS) this.halve();
    }
  }
  private halve() {
    this.data.forEach((d, c) => {
      const out: number[] = [];
      for (let k = 0; k + 1 < d.length; k += 2) out.push(c === 0 ? d[k + 1] : this.isMax[c] ? Math.max(d[k], d[k + 1]) : (d[k] + d[k + 1]) / 2);
      this.data[c] = out;
    });
    this.stride *= 2;
  }
}
