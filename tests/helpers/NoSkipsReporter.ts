/**
 * Under CI a skipped test fails the run (issue 12: no test is skipped in CI for lack of a
 * database). A suite that skips itself where something is missing (a PostgreSQL, the server
 * binaries) would otherwise pass CI quietly without having run. Outside CI skips stay skips.
 */
import type { Reporter, TestModule } from 'vitest/node';

export class NoSkipsReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const skipped = testModules.flatMap((module) =>
      [...module.children.allTests('skipped')].map((test) => `${module.relativeModuleId} > ${test.fullName}`),
    );
    if (skipped.length === 0) return;
    process.stderr.write(
      `\nUnder CI no test may be skipped, and these were (${skipped.length}):\n${skipped.map((name) => `  - ${name}\n`).join('')}`,
    );
    process.exitCode = 1;
  }
}
