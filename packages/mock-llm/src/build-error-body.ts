// An error body in the shape OpenAI's API answers with.
export interface ErrorBody {
  readonly error: {
    readonly message: string;
    readonly type: string;
    readonly param: string | null;
    readonly code: string | null;
  };
}

export function buildErrorBody(message: string, type: string, param: string | null = null, code: string | null = null): ErrorBody {
  return { error: { message, type, param, code } };
}
