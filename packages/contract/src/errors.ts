/** Every error answer of the API has this shape. */
export type ApiError = { error: string; message: string; field?: string };
