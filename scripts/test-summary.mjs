// Adds up the Vitest JSON reports into one closing line: "Tests: N passed, N failed".
// A test file that failed without a failing test (it did not load) and a run
// that reported errors outside any test count as one failure each.
import { existsSync, readFileSync } from "node:fs";

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    console.error(`missing test report: ${file}`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, "utf8"));
  const filesWithoutFailedTest = report.testResults.filter(
    (result) =>
      result.status === "failed" &&
      !result.assertionResults.some((test) => test.status === "failed"),
  ).length;
  const reportFailures = report.numFailedTests + filesWithoutFailedTest;
  passed += report.numPassedTests;
  failed += reportFailures || (report.success ? 0 : 1);
  skipped += report.numPendingTests + (report.numTodoTests ?? 0);
}
console.log(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
