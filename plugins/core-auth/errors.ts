import { AppError, authenticationFailed, conflict, tooManyRequests } from '../../kernel/http/errors.ts';

/** The error codes core-auth answers with (besides the kernel's own), listed in its README. */
export const AuthErrors = {
  /** Wrong e-mail, wrong password or an inactive account: one answer, so accounts cannot be probed. */
  invalidCredentials: () => new AppError(401, 'invalid_credentials', 'Invalid email or password.'),
  invalidToken: () => authenticationFailed('Invalid token.'),
  wrongScheme: () => authenticationFailed('Invalid Authorization header. Send an API key as "Authorization: Token <API_KEY>".'),
  testKeyOutsideTestMode: () =>
    authenticationFailed('Test keys (sk_test_…) only work while the store is in test mode; turn test_mode on or use a live key.'),
  emailTaken: () => conflict('email_taken', 'A user with this email already exists.', { email: ['A user with this email already exists.'] }),
  loginThrottled: (seconds: number) =>
    tooManyRequests(`Too many failed login attempts. Try again in ${Math.max(1, Math.ceil(seconds))} seconds.`, seconds),
  /** An unknown, used or expired password reset token. */
  invalidResetToken: () => new AppError(400, 'invalid_token', 'This password reset token is invalid, used or expired. Ask for a new one.'),
  testKeyCannotCreateLive: () =>
    new AppError(403, 'permission_denied', 'A test key can only create test keys.'),
};
