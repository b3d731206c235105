import { existsSync, readFileSync } from 'node:fs';
import type { FullResult, Reporter } from '@playwright/test/reporter';

/** The most distinct messages printed; the whole log stays in its file. */
const MAX_MESSAGES = 30;

/** An answer's access line for a 4xx: the journeys cause many on purpose (sign-outs, paywalls, limits). */
const CLIENT_ERROR_LINE = /\] WARN: (GET|HEAD|POST|PUT|PATCH|DELETE) \S+ 4\d\d \d+ ms$/;

/**
 * The e2e server's log is kept in a file (E2E_SERVER_LOG, playwright.config.ts), not in the run's output.
 * When the run fails, its warnings and errors are printed, each distinct message once with how often it
 * came and when first: what the server saw of GitHub (a secondary rate limit, a timeout) is then in the
 * CI output next to the failure, which stays short when the run passes.
 */
export default class ServerLogReporter implements Reporter {
  printsToStdio() {
    return false;
  }

  onEnd(result: FullResult) {
    const path = process.env.E2E_SERVER_LOG;
    if (result.status === 'passed' || !path || !existsSync(path)) return;
    const lines = readFileSync(path, 'utf8').split('\n');
    const seen = new Map<string, { first: string; count: number }>();
    for (const line of lines) {
      if (!/\] (WARN|ERROR|FATAL): /.test(line) || CLIENT_ERROR_LINE.test(line)) continue;
      const time = line.slice(0, line.indexOf(']') + 1);
      const message = line.slice(time.length + 1, time.length + 1 + 400);
      const entry = seen.get(message) ?? { first: time, count: 0 };
      entry.count += 1;
      seen.set(message, entry);
    }
    const out = [`\nServer log: ${path}`];
    if (seen.size === 0) {
      // No warning: its last lines (a server that did not start says why there).
      out.push(
        ...lines
          .filter((l) => l.trim() !== '')
          .slice(-10)
          .map((l) => `  ${l.slice(0, 400)}`),
      );
    } else {
      out.push(`Its warnings and errors (${seen.size} distinct, 4xx answers left out):`);
      for (const [message, { first, count }] of [...seen].slice(0, MAX_MESSAGES))
        out.push(`  ${first} ${count > 1 ? `${count}× ` : ''}${message}`);
      if (seen.size > MAX_MESSAGES) out.push(`  … and ${seen.size - MAX_MESSAGES} more in the file`);
    }
    process.stdout.write(`${out.join('\n')}\n`);
  }
}
