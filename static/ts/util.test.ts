// Unit tests of the CSV cells the page exports, under node --test.
import { test } from "node:test";
import assert from "node:assert/strict";
import { csvCell } from "./util";

test("csvCell neutralises formulas and quotes what would end a cell or a row", () => {
  assert.equal(csvCell("adaptive"), "adaptive");
  assert.equal(csvCell("=HYPERLINK(1)"), "'=HYPERLINK(1)");
  for (const c of ["+", "-", "@"]) assert.equal(csvCell(c + "1"), "'" + c + "1");
  assert.equal(csvCell("a,b"), '"a,b"');
  assert.equal(csvCell('say "hi"'), '"say ""hi"""');
  assert.equal(csvCell("a\rb"), '"a\rb"');
  assert.equal(csvCell("a\nb"), '"a\nb"');
  assert.equal(csvCell("=a,b"), `"'=a,b"`);
});
