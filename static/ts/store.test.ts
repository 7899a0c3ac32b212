// Unit tests of the series store (run by web's TestTypeScriptUnits under
// node --test): rows appended by column, and halved past MAX_ROWS as the
// core's recorder merges them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { MAX_ROWS, Store } from "./store";

test("append stores flat rows by column; col finds a column by name", () => {
  const s = new Store(["t", "a", "b"]);
  s.append([1, 10, 100, 2, 20, 200]);
  s.append(new Float64Array([3, 30, 300, 4])); // a partial row is left out
  assert.equal(s.length, 3);
  assert.deepEqual(s.col("t"), [1, 2, 3]);
  assert.deepEqual(s.col("b"), [100, 200, 300]);
  assert.equal(s.col("c"), undefined);
  assert.equal(s.stride, 1);
});

test("past MAX_ROWS neighbours merge two into one: t the later, means, maxima for Max columns", () => {
  const s = new Store(["t", "mean", "max"], new Set(["max"]));
  const rows: number[] = [];
  for (let k = 1; k <= MAX_ROWS; k++) rows.push(k, k, k % 2 === 1 ? 10 * k : 0);
  s.append(rows);
  assert.equal(s.length, MAX_ROWS / 2);
  assert.equal(s.stride, 2);
  assert.deepEqual(s.data[0].slice(0, 2), [2, 4]);
  assert.deepEqual(s.data[1].slice(0, 2), [1.5, 3.5]);
  assert.deepEqual(s.data[2].slice(0, 2), [10, 30]);
  // Rows after the halving come in two at a time, merged alike.
  s.append([MAX_ROWS + 1, 1, 5, MAX_ROWS + 2, 3, 7]);
  assert.equal(s.length, MAX_ROWS / 2 + 1);
  assert.equal(s.col("t")!.at(-1), MAX_ROWS + 2);
  assert.equal(s.col("mean")!.at(-1), 2);
  assert.equal(s.col("max")!.at(-1), 7);
  // One row of a pair waits for the other.
  s.append([MAX_ROWS + 3, 1, 1]);
  assert.equal(s.length, MAX_ROWS / 2 + 1);
});
