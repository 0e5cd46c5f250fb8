// `npm audit --omit=dev`: fails on a high or critical advisory in what production installs.
// When the registry has no audit service (a mirror that refuses the bulk-advisory POST), it says
// so and passes: the check cannot run there, which is not a finding.
import { execFileSync } from 'node:child_process';

let output;
try {
  output = execFileSync('npm', ['audit', '--omit=dev', '--json'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
} catch (error) {
  // npm audit exits 1 when it finds advisories; its report is still on stdout.
  output = error.stdout ?? '';
}

let report;
try {
  report = JSON.parse(output);
} catch {
  console.error('npm audit: no report (output was not JSON)');
  process.exit(1);
}

if (report.error || report.statusCode) {
  console.warn(
    `npm audit: the registry's audit service is unavailable (${report.message ?? report.statusCode}); not checked here`,
  );
  process.exit(0);
}

const counts = report.metadata?.vulnerabilities ?? {};
const serious = (counts.high ?? 0) + (counts.critical ?? 0);
console.log(
  `npm audit --omit=dev: ${counts.critical ?? 0} critical, ${counts.high ?? 0} high, ${counts.moderate ?? 0} moderate, ${counts.low ?? 0} low`,
);
if (serious > 0) {
  for (const [name, entry] of Object.entries(report.vulnerabilities ?? {})) {
    if (entry.severity === 'high' || entry.severity === 'critical') {
      console.error(`  ${entry.severity}: ${name} (${entry.range})`);
    }
  }
  process.exit(1);
}
