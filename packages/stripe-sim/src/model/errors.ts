/** An error answered in Stripe's shape: `{ error: { type, code, message, param } }`. */
export class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly type:
      | 'invalid_request_error'
      | 'authentication_error'
      | 'card_error'
      | 'api_error'
      | 'idempotency_error',
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }

  toJSON() {
    return {
      error: {
        type: this.type,
        message: this.message,
        ...(this.code
          ? { code: this.code, doc_url: `https://stripe.com/docs/error-codes/${this.code}` }
          : {}),
        ...(this.param ? { param: this.param } : {}),
      },
    };
  }
}

export const noSuch = (kind: string, id: string, param = 'id') =>
  new StripeError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing', param);

export const missingParam = (param: string) =>
  new StripeError(
    400,
    'invalid_request_error',
    `Missing required param: ${param}.`,
    'parameter_missing',
    param,
  );

export const invalidParam = (param: string, message: string) =>
  new StripeError(400, 'invalid_request_error', message, 'parameter_invalid', param);
