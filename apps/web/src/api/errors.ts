import { T } from '../frameTexts.ts';

/** Raised when the refresh token is refused: the session is over (docs/api.md, Sign-in and session). */
export class SessionExpiredError extends Error {
  constructor() {
    super(T.auth.sessionExpired);
    this.name = 'SessionExpiredError';
  }
}

/** A non-OK answer; `message` is the server's message when it sent one, else the HTTP status text. */
export class HttpError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
  }
}

export async function httpErrorFrom(response: Response): Promise<HttpError> {
  const fallback = response.statusText || `HTTP ${response.status}`;
  try {
    const body: unknown = await response.clone().json();
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
      return new HttpError(response.status, body.message);
    }
  } catch {
    // not JSON: fall back to the status text
  }
  return new HttpError(response.status, fallback);
}
