/**
 * What looks like a credential in text bound for the logs, whatever its name: a log line must not carry
 * a token someone put in a query parameter or header we did not foresee (`?jwt=`, `x-api-key`), nor
 * one quoted in an error message.
 *
 * - JWT-shaped: three base64url parts, the first starting `ey` (a JSON header), `=` padding or not;
 * - known prefixes: GitHub (`gho_` `ghu_` `ghs_` `ghp_` `ghr_` `github_pat_`), Stripe (`sk_` `rk_` live or
 *   test, `whsec_`), Slack `xox?-`, GitLab `glpat-`, npm `npm_`, AWS `AKIA`;
 * - long random strings: a run of 32 or more base64url characters that is not a UUID nor words and
 *   numbers joined by `-`/`_` (refresh and share tokens, PKCE verifiers, hex keys and secrets).
 *
 * Text is cut into runs of base64url characters (`[A-Za-z0-9_-]`); each run that looks like a credential
 * becomes `[redacted]`. Standard base64 (`+`, `/`) is cut into pieces that may each escape the length rule:
 * none of the app's secrets are written so.
 */
export const REDACTED = '[redacted]';

const JWT = /ey[A-Za-z0-9_-]{8,}={0,2}\.[A-Za-z0-9_-]+={0,2}\.[A-Za-z0-9_-]*={0,2}/g;
const RUN = /[A-Za-z0-9_-]{12,}/g;
const KNOWN_PREFIX = new RegExp(
  `^(?:${[
    'gh[opsur]_[A-Za-z0-9_]{20,}',
    'github_pat_[A-Za-z0-9_]{20,}',
    '(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{10,}',
    'whsec_[A-Za-z0-9]{10,}',
    'xox[abprs]-[A-Za-z0-9-]{10,}',
    'glpat-[A-Za-z0-9_-]{20,}',
    'npm_[A-Za-z0-9]{36}',
    'AKIA[0-9A-Z]{16}',
  ].join('|')})$`,
);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LONG = 32;

/** Whether one run of base64url characters is a credential (see above). */
function isSecretRun(run: string): boolean {
  if (KNOWN_PREFIX.test(run)) return true;
  if (run.length < LONG || UUID.test(run)) return false;
  return !run.split(/[-_]/).every(isWordOrNumber) && entropyBitsPerChar(run) >= 2.5;
}

/**
 * Identifiers are words and numbers joined by `-`/`_` ("Strict-Transport-Security-max-age-31536000",
 * "XMLHttpRequest", "utf8"): each piece is digits, or letters (mostly of one case) then digits. A random
 * token's pieces mix letters and digits, and upper and lower case, throughout.
 */
function isWordOrNumber(piece: string): boolean {
  const word = /^([A-Za-z]*)[0-9]*$/.exec(piece);
  if (!word) return false;
  const letters = word[1] ?? '';
  const upper = letters.replace(/[^A-Z]/g, '').length;
  return Math.min(upper, letters.length - upper) <= Math.max(1, letters.length / 4);
}

function entropyBitsPerChar(text: string): number {
  const counts = new Map<string, number>();
  for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const p = count / text.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/** `text` with every credential-looking value replaced by `[redacted]`. */
export function redactTokens(text: string): string {
  return text.replace(JWT, REDACTED).replace(RUN, (run) => (isSecretRun(run) ? REDACTED : run));
}

/** Whether `text` holds anything `redactTokens` would hide. */
export function holdsToken(text: string): boolean {
  return redactTokens(text) !== text;
}
