/**
 * Jest reporter that prints the one closing line CI reads: `N passed, N failed`.
 * Printed on process exit so it comes after Jest's own summary.
 */
export default class SummaryReporter {
  onRunComplete(_contexts, results) {
    const passed = results.numPassedTests;
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    const skipped = results.numPendingTests + results.numTodoTests;
    process.once('exit', () => {
      process.stdout.write(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
    });
  }
}
