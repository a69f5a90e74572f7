// A vitest reporter for `npm test`: every test that failed and then passed on a retry is written, one
// line each with the error of its failed attempt, to the file named by RETRIED_TESTS_FILE. The jsdom
// projects retry once in CI (ADR 0236); this keeps each such test in sight, so a retry hides no
// failure from the people who read the run.
import { appendFileSync } from 'node:fs';

export default class RetriedTestsReporter {
  onTestCaseResult(testCase) {
    const file = process.env.RETRIED_TESTS_FILE;
    const diagnostic = testCase.diagnostic();
    if (!file || !diagnostic?.flaky) {
      return;
    }
    const [error] = testCase.result().errors ?? [];
    const reason = error
      ? ` (${String(error.message ?? error)
          .split('\n')[0]
          .slice(0, 200)})`
      : '';
    appendFileSync(
      file,
      `${testCase.module.relativeModuleId} › ${testCase.fullName}: passed on retry ${diagnostic.retryCount}${reason}\n`,
    );
  }
}
