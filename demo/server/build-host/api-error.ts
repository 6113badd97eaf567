// The build host's error answers (Agents and Alerts APIs): `{message, errors: [{field, message}]}`
// with the statuses of the platform's error table. Handlers throw; the router answers.

export interface FieldError {
  field: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 405 | 409 | 413 | 422 | 500 | 502,
    message: string,
    readonly errors: FieldError[] = [],
  ) {
    super(message);
  }

  get body(): { message: string; errors: FieldError[] } {
    return { message: this.message, errors: this.errors };
  }
}

export function validationError(errors: FieldError[]): ApiError {
  return new ApiError(
    400,
    errors.length === 1 ? `Validation failed: ${errors[0]?.field} ${errors[0]?.message}` : 'Validation failed',
    errors,
  );
}

export function malformedId(field: string, pattern: string): ApiError {
  return new ApiError(422, `Malformed ${field}`, [{ field, message: `must match ${pattern}` }]);
}

export function notFound(what: string, id: string): ApiError {
  return new ApiError(404, `${what} ${id} not found`);
}

export function forbidden(what: string): ApiError {
  return new ApiError(403, `This key has no permission for this ${what}`);
}

export function conflict(message: string, errors: FieldError[] = []): ApiError {
  return new ApiError(409, message, errors);
}
