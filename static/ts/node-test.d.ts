// The parts of node's test runner that the page's unit tests (*.test.ts,
// run by web's TestTypeScriptUnits under `node --test`) use: declared here
// so that tsc checks them without @types/node.
declare module "node:test" {
  export function test(name: string, fn: () => void | Promise<void>): void;
}
declare module "node:assert/strict" {
  const assert: {
    equal(actual: unknown, expected: unknown, message?: string): void;
    deepEqual(actual: unknown, expected: unknown, message?: string): void;
  };
  export default assert;
}
