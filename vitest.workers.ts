/**
 * Test files run side by side, two at a time: the server suites mostly wait on the database, so
 * two take about two thirds of the time of one on a two-core machine. Every project sets it: a
 * project does not inherit the root's `maxWorkers`, and with Vitest's default on two cores (one)
 * each isolated file runs alone, one after another, whatever the root says.
 */
export const TEST_FILE_WORKERS = 2;
